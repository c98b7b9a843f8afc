/**
 * Texts and input checks of the member security page (password, e-mail address, sessions), with no
 * dependency on supabase-js. src/lib/account-security.ts throws Errors carrying these texts.
 */
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from './auth-rules';
import { looksLikeEmail, type FormProblem } from './form-rules';

export const SECURITY_MESSAGES = {
  codeSent: 'We have sent a 6-digit code to your e-mail address. Enter it below with your new password.',
  codeMissing: 'Enter the 6-digit code from the e-mail (ask for one first).',
  codeInvalid: 'That code is wrong or has expired. Ask for a new one.',
  codeRequired: 'For your security, ask for a code by e-mail and enter it with your new password.',
  weakPassword: AUTH_MESSAGES.weakPassword,
  samePassword: AUTH_MESSAGES.samePassword,
  passwordMismatch: AUTH_MESSAGES.passwordMismatch,
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
  passwordChangeFailed: 'Your password could not be changed. Please try again.',
  invalidEmail: AUTH_MESSAGES.invalidEmail,
  sameEmail: 'That is already your e-mail address.',
  emailUnavailable: 'That e-mail address cannot be used. Please choose another one.',
  emailChangeSent:
    'Almost done: we have sent a confirmation link to your current and to your new address. Open both to make the change.',
  emailChangeFailed: 'Your e-mail address could not be changed. Please try again.',
  emailChangeHalfway:
    'One link confirmed. Now open the link we sent to the other address to finish the change.',
  emailChanged: 'Your e-mail address has been changed.',
  emailChangeLinkInvalid: 'This e-mail change link is invalid or has expired. Please start the change again.',
  mailRateLimited: AUTH_MESSAGES.mailRateLimited,
  mailFailed: AUTH_MESSAGES.resendFailed,
  otherSessionsSignedOut: 'You have been signed out on every other device and browser.',
  otherSessionsFailed: 'We could not sign out your other sessions. Please try again.',
} as const;

export type SecurityMessage = (typeof SECURITY_MESSAGES)[keyof typeof SECURITY_MESSAGES];

export interface PasswordChangeInput {
  code: string;
  password: string;
  confirm: string;
}

/** A security-page problem: one of SECURITY_MESSAGES and the form fields it concerns. */
export interface SecurityProblem extends FormProblem {
  message: SecurityMessage;
}

/** The fields a message is about, so the form can mark them (aria-invalid, aria-describedby). */
const FIELDS_OF: Partial<Record<SecurityMessage, readonly string[]>> = {
  [SECURITY_MESSAGES.codeMissing]: ['code'],
  [SECURITY_MESSAGES.codeInvalid]: ['code'],
  [SECURITY_MESSAGES.codeRequired]: ['code'],
  [SECURITY_MESSAGES.weakPassword]: ['password'],
  [SECURITY_MESSAGES.samePassword]: ['password'],
  [SECURITY_MESSAGES.passwordMismatch]: ['confirm'],
  [SECURITY_MESSAGES.invalidEmail]: ['email'],
  [SECURITY_MESSAGES.sameEmail]: ['email'],
  [SECURITY_MESSAGES.emailUnavailable]: ['email'],
};

/** Which of SECURITY_MESSAGES a message is, for the page to word it in its language. */
export function securityMessageKey(message: SecurityMessage): keyof typeof SECURITY_MESSAGES {
  const keys = Object.keys(SECURITY_MESSAGES) as (keyof typeof SECURITY_MESSAGES)[];
  return keys.find((key) => SECURITY_MESSAGES[key] === message) ?? 'passwordChangeFailed';
}

export function securityProblem(message: SecurityMessage): SecurityProblem {
  return { message, fields: FIELDS_OF[message] ?? [] };
}

/** The form's own checks, before any request. Returns the problem to show, or null when fine. */
export function validatePasswordChange(input: PasswordChangeInput): SecurityProblem | null {
  if (!input.code.trim()) return securityProblem(SECURITY_MESSAGES.codeMissing);
  if (input.password.length < PASSWORD_MIN_LENGTH) return securityProblem(SECURITY_MESSAGES.weakPassword);
  if (input.password !== input.confirm) return securityProblem(SECURITY_MESSAGES.passwordMismatch);
  return null;
}

/** Returns the problem to show for a new address, or null when it may be sent. */
export function validateEmailChange(
  newEmail: string,
  currentEmail: string | undefined,
): SecurityProblem | null {
  if (!looksLikeEmail(newEmail)) return securityProblem(SECURITY_MESSAGES.invalidEmail);
  if (newEmail.trim().toLowerCase() === (currentEmail ?? '').toLowerCase())
    return securityProblem(SECURITY_MESSAGES.sameEmail);
  return null;
}

/** The problem to show for a failure: a security-page message as is, anything else as `fallback`. */
export function shownSecurityProblem(error: unknown, fallback: SecurityMessage): SecurityProblem {
  const known: readonly string[] = Object.values(SECURITY_MESSAGES);
  const message =
    error instanceof Error && known.includes(error.message) ? (error.message as SecurityMessage) : fallback;
  return securityProblem(message);
}

/**
 * How far an e-mail change got when /user/security is opened from one of its links (read by
 * src/lib/auth-link.ts): the first of the two links, a used or expired one, or the last one.
 */
export type EmailChangeLanding = 'halfway' | 'invalid' | 'completed' | null;
