/** Every string that differs from `address` in exactly one character (from the alphabet, plus a case flip). */
export function mutations(address: string, alphabet: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < address.length; i++) {
    const ch = address[i] ?? '';
    const flipped = ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase();
    for (const sub of new Set([...alphabet, flipped])) {
      if (sub !== ch) out.add(address.slice(0, i) + sub + address.slice(i + 1));
    }
  }
  return [...out];
}
