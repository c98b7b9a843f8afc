import type { AuthError, User } from '@supabase/supabase-js';
import { supabase } from './supabase';
import { isRateLimited } from './auth-session';
import {
  SECURITY_MESSAGES,
  validateEmailChange,
  validatePasswordChange,
  type PasswordChangeInput,
} from './security-rules';

/**
 * The member's own sign-in settings: password (with a re-authentication code mailed by GoTrue),
 * e-mail address (confirmed from both addresses) and the other sessions. Every function throws an
 * Error whose message is the text to show (SECURITY_MESSAGES).
 */

type AuthErrorLike = Pick<AuthError, 'message'> & { code?: string | undefined; status?: number | undefined };

/** Where e-mail change links land: the security page, which reports how far the change got. */
export const EMAIL_CHANGE_LANDING_PATH = '/user/security?email-change=1';

function mailError(error: AuthErrorLike, fallback: string): Error {
  return new Error(isRateLimited(error) ? SECURITY_MESSAGES.mailRateLimited : fallback);
}

/** Mails a one-time code that proves, again, that the person at the keyboard owns the account. */
export async function sendReauthenticationCode(): Promise<void> {
  const { error } = await supabase().auth.reauthenticate();
  if (error) throw mailError(error, SECURITY_MESSAGES.mailFailed);
}

export function passwordChangeErrorMessage(error: AuthErrorLike): string {
  if (error.code === 'weak_password' || /password should be at least/i.test(error.message))
    return SECURITY_MESSAGES.weakPassword;
  if (error.code === 'same_password') return SECURITY_MESSAGES.samePassword;
  if (error.code === 'reauthentication_not_valid') return SECURITY_MESSAGES.codeInvalid;
  if (error.code === 'reauthentication_needed') return SECURITY_MESSAGES.codeRequired;
  return SECURITY_MESSAGES.passwordChangeFailed;
}

/** Sets a new password; GoTrue then ends every other session of the member. */
export async function changePassword(input: PasswordChangeInput): Promise<void> {
  const invalid = validatePasswordChange(input);
  if (invalid) throw new Error(invalid.message);
  const { error } = await supabase().auth.updateUser({
    password: input.password,
    nonce: input.code.trim(),
  });
  if (error) throw new Error(passwordChangeErrorMessage(error));
}

export function emailChangeErrorMessage(error: AuthErrorLike): string {
  if (isRateLimited(error)) return SECURITY_MESSAGES.mailRateLimited;
  if (error.code === 'email_exists' || error.code === 'user_already_exists')
    return SECURITY_MESSAGES.emailUnavailable;
  if (error.code === 'email_address_invalid' || /validate email|invalid format/i.test(error.message))
    return SECURITY_MESSAGES.invalidEmail;
  return SECURITY_MESSAGES.emailChangeFailed;
}

/**
 * Asks for a new address. Nothing changes until the links mailed to the current and the new address
 * are both opened (double_confirm_changes); meanwhile the user's `new_email` holds the pending one.
 * The links land on the security page in the language it was asked from (`prefix`: '', '/zh-hant', '/ar').
 */
export async function changeEmail(
  newEmail: string,
  currentEmail: string | undefined,
  prefix = '',
  origin: string = window.location.origin,
): Promise<User> {
  const invalid = validateEmailChange(newEmail, currentEmail);
  if (invalid) throw new Error(invalid.message);
  const { data, error } = await supabase().auth.updateUser(
    { email: newEmail.trim() },
    { emailRedirectTo: `${origin}${prefix}${EMAIL_CHANGE_LANDING_PATH}` },
  );
  if (error) throw new Error(emailChangeErrorMessage(error));
  return data.user;
}

/** The signed-in member as the server knows them now (e.g. a pending address change). */
export async function currentUser(): Promise<User> {
  const { data, error } = await supabase().auth.getUser();
  if (error) throw new Error(error.message);
  return data.user;
}

/** Ends every session of the member except this one (other devices and browsers). */
export async function signOutOtherSessions(): Promise<void> {
  const { error } = await supabase().auth.signOut({ scope: 'others' });
  if (error) throw new Error(SECURITY_MESSAGES.otherSessionsFailed);
}
