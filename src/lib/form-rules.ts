/**
 * What the forms check before sending anything, shared by every form (no React, no supabase-js).
 * Forms use `noValidate`: these checks replace the browser's bubbles with the messages of the
 * message modules, shown in the page (see src/components/islands/shared/formProblem.tsx).
 */

/** A form's problem: the message to show and the names of the fields it concerns, in form order. */
export interface FormProblem {
  message: string;
  fields: readonly string[];
}

/**
 * An address of the shape name@domain.tld with no spaces. Deliberately loose (the server and the
 * mail itself are the real test); it catches typing slips such as a missing "@" or domain.
 */
export function looksLikeEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(text.trim());
}

/** The names of the entries whose value is blank (text trimmed; false for an unticked box). */
export function blankFields(values: Record<string, string | boolean>): string[] {
  return Object.entries(values)
    .filter(([, value]) => (typeof value === 'boolean' ? !value : value.trim() === ''))
    .map(([name]) => name);
}
