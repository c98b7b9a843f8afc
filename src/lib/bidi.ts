/**
 * Text a member typed (a name, an address label, a reason) inside a sentence in another direction:
 * the admin area is English, left to right, and a member may write in Arabic. Unisolated, an Arabic
 * name followed by figures or punctuation reorders them ("سارة 250" shows as "250 سارة"). In markup
 * the value sits in `<bdi>`; in a string (a dialog title, a toast, an audit sentence) it is wrapped in
 * the Unicode isolates FSI…PDI, which do the same. Only right-to-left text is wrapped: English values
 * stay as they are, and exports keep the raw fields, never these marks.
 */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

export function isolate(text: string): string {
  return RIGHT_TO_LEFT.test(text) ? `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}` : text;
}
