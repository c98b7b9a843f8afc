/**
 * The contact form's result texts, apart from src/lib/contact.ts so that the form can show them
 * without loading supabase-js before someone actually sends a message.
 */
import { blankFields, looksLikeEmail, type FormProblem } from './form-rules';

export const CONTACT_MESSAGES = {
  sent: 'Message sent',
  failed: 'Error: message not sent',
  /** The spec lets the browser require name, e-mail and question; we say so in the page instead. */
  fillRequired: 'Please fill in your name, email and question.',
  invalidEmail: 'Please enter a valid email address.',
} as const;

export interface ContactFields {
  name: string;
  email: string;
  message: string;
}

/** Why a message was not stored, when the database said so in a way the sender can act on. */
export type ContactFailure = 'checkFields' | 'tooMany';

/**
 * The contact form's checks before sending (identity is optional), in the words of the page's
 * language (the catalogs' `contactForm`; English's are CONTACT_MESSAGES).
 */
export function contactProblem(
  input: ContactFields,
  words: { fillRequired: string; invalidEmail: string } = CONTACT_MESSAGES,
): FormProblem | null {
  const missing = blankFields({ name: input.name, email: input.email, message: input.message });
  if (missing.length > 0) return { message: words.fillRequired, fields: missing };
  if (!looksLikeEmail(input.email)) return { message: words.invalidEmail, fields: ['email'] };
  return null;
}
