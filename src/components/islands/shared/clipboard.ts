/** Copies with the Clipboard API; where that is missing or refused, a prompt shows the text to copy by hand. */
export async function copyText(text: string, what = 'address'): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard API unavailable');
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    window.prompt(`Copy this ${what}:`, text);
    return false;
  }
}
