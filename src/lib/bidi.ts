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

/**
 * A value that reads left to right (an amount, a quantity, an address, a wallet's name) inside a
 * sentence of a right-to-left page, as a string: wrapped in the isolates LRI…PDI, so Arabic around it
 * never reorders "1,234.50 US$" into "US$ 1,234.50". Markup uses `<bdi dir="ltr">` instead. Other
 * languages read left to right already and get the value as it is.
 */
export function ltrIn(locale: string, text: string): string {
  return locale === 'ar' ? `\u2066${text}\u2069` : text;
}
