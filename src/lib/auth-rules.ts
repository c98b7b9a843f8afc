/**
 * Auth texts and the form's own checks, with no dependency on supabase-js, so the sign-in and
 * sign-up pages can show them before (or without) loading the client. src/lib/auth.ts re-exports all.
 */

import { blankFields, looksLikeEmail, type FormProblem } from './form-rules';

/** docs/money-and-trust.md: minimum 8. supabase/config.toml says the same (a unit test keeps them equal). */
export const PASSWORD_MIN_LENGTH = 8;

export const AUTH_MESSAGES = {
  fillAllFields: 'Please fill in all fields.',
  invalidEmail: 'Please enter a valid email address.',
  emailRequired: 'Please enter your email address.',
  weakPassword: `Password should be at least ${PASSWORD_MIN_LENGTH} characters long`,
  emailInUse: 'Email already in use',
  registrationFailed: 'Registration failed. Please try again.',
  registrationSuccess: 'Registration successful!',
  invalidCredentials: 'Invalid email or password. Please try again.',
  loginFailed: 'Login failed. Please try again.',
  accountNotFound: 'User account not found. Please register first.',
  loginSuccess: 'Successfully logged in',
  adminLoginSuccess: 'Successfully logged in as admin',
  resetRequested:
    'If an account exists for that address, we have sent a link to reset your password. Check your inbox.',
  resetRequestFailed: 'We could not send the e-mail just now. Please try again in a few minutes.',
  passwordMismatch: 'The two passwords do not match.',
  samePassword: 'The new password must be different from your current password.',
  passwordUpdated: 'Your password has been changed.',
  passwordUpdateFailed: 'Your password could not be changed. Please open the link from the e-mail again.',
  confirmEmailSent:
    'Check your inbox: we have sent you a link to confirm your e-mail address. Open it to finish signing in.',
  emailNotConfirmed:
    'Your e-mail address is not confirmed yet. Open the link we sent you, or ask for a new one below.',
  confirmationResent: 'We have sent the confirmation e-mail again. Check your inbox.',
  mailRateLimited: 'Please wait a minute before asking for another e-mail.',
  resendFailed: 'We could not send the e-mail just now. Please try again in a few minutes.',
  emailConfirmed: 'Your e-mail address is confirmed. Welcome!',
  /** /auth/confirm while the link is checked: shown only then, never above the link's error. */
  confirmingSignIn: 'One moment while we sign you in.',
  confirmationLinkInvalid:
    'This confirmation link is invalid or has expired. Enter your address to get a new one.',
} as const;

/**
 * The same answers in the page's language (the catalogs' `authForm.messages`, with {min} filled):
 * the functions below take them, and the lib keeps throwing English's, which `shownMessage` turns
 * into the page's words.
 */
export type AuthMessages = Readonly<Record<keyof typeof AUTH_MESSAGES, string>>;

/** Redirect delay after sign-in and sign-up (spec: 2 seconds). */
export const REDIRECT_DELAY_MS = 2000;

export interface SignUpInput {
  username: string;
  email: string;
  password: string;
  consent: boolean;
}

/** The form's own checks, before any request. Returns the message to show, or null when fine. */
export function validateSignUp(input: SignUpInput): string | null {
  return signUpProblem(input)?.message ?? null;
}

/** The sign-up checks with the fields concerned (the spec's "fill in all fields" comes first). */
export function signUpProblem(input: SignUpInput, words: AuthMessages = AUTH_MESSAGES): FormProblem | null {
  // The password is not trimmed: spaces are valid characters in it.
  const missing = blankFields({
    username: input.username,
    email: input.email,
    password: input.password === '' ? '' : 'set',
    consent: input.consent,
  });
  if (missing.length > 0) return { message: words.fillAllFields, fields: missing };
  if (!looksLikeEmail(input.email)) return { message: words.invalidEmail, fields: ['email'] };
  if (input.password.length < PASSWORD_MIN_LENGTH) {
    return { message: words.weakPassword, fields: ['password'] };
  }
  return null;
}

/** Sign-in (member and admin): both fields filled, an e-mail that looks like one. */
export function signInProblem(
  email: string,
  password: string,
  words: AuthMessages = AUTH_MESSAGES,
): FormProblem | null {
  const missing = blankFields({ email, password: password === '' ? '' : 'set' });
  if (missing.length > 0) return { message: words.fillAllFields, fields: missing };
  if (!looksLikeEmail(email)) return { message: words.invalidEmail, fields: ['email'] };
  return null;
}

/** Choosing a new password: long enough, typed the same twice. */
export function newPasswordProblem(
  password: string,
  confirm: string,
  messages: AuthMessages = AUTH_MESSAGES,
): FormProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return { message: messages.weakPassword, fields: ['password'] };
  if (password !== confirm) return { message: messages.passwordMismatch, fields: ['confirm'] };
  return null;
}

/** A form whose one field is an e-mail address (password reset, granting admin access). */
export function emailProblem(email: string, words: AuthMessages = AUTH_MESSAGES): FormProblem | null {
  if (email.trim() === '') return { message: words.emailRequired, fields: ['email'] };
  if (!looksLikeEmail(email)) return { message: words.invalidEmail, fields: ['email'] };
  return null;
}

/**
 * Accepts only a same-site path for ?next= (no scheme, no protocol-relative "//host", no
 * backslash tricks), so a crafted link cannot send someone to another site after sign-in.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/user-dashboard'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback;
  if (/[\u0000-\u001f]/.test(next)) return fallback;
  return next;
}

/**
 * The text to show for a failure: our own catalogue message in the page's words, anything else as
 * `fallback` (a database's or GoTrue's own text is never shown).
 */
export function shownMessage(error: unknown, fallback: string, words: AuthMessages = AUTH_MESSAGES): string {
  if (!(error instanceof Error)) return fallback;
  const key = (Object.keys(AUTH_MESSAGES) as (keyof typeof AUTH_MESSAGES)[]).find(
    (k) => AUTH_MESSAGES[k] === error.message,
  );
  return key ? words[key] : fallback;
}
