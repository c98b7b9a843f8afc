/** Every audited staff decision needs a reason; the database accepts 3 to 500 characters after trimming. */
export function reasonError(text: string): string | null {
  const length = text.trim().length;
  return length < 3 || length > 500 ? 'Reason must be 3 to 500 characters.' : null;
}
