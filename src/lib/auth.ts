import type { Session } from '@supabase/supabase-js';
import { localePath, type Locale } from '~/i18n/locales';
import { supabase } from './supabase';
import { rememberStaff } from './account-link';
import {
  isAdmin,
  isMailIntervalRefusal,
  isRateLimited,
  signOutQuietly,
  type AuthErrorLike,
} from './auth-session';
import {
  AUTH_MESSAGES,
  PASSWORD_MIN_LENGTH,
  emailProblem,
  validateSignUp,
  type SignUpInput,
} from './auth-rules';

/**
 * Sign-in, sign-up, sign-out and password recovery. Every function throws an Error whose message
 * is the text a person should see (the spec's catalogue), so islands only have to show it.
 */

/** GoTrue reports a short password as `weak_password` (newer) or by its message (older servers). */
function isWeakPassword(error: AuthErrorLike): boolean {
  return error.code === 'weak_password' || /password should be at least/i.test(error.message);
}

export function signInErrorMessage(error: AuthErrorLike): string {
  // GoTrue checks the password before the confirmation, so only someone who knows the password
  // learns that the address waits for confirmation: saying so reveals nothing to anyone else.
  if (error.code === 'email_not_confirmed') return AUTH_MESSAGES.emailNotConfirmed;
  if (error.code === 'invalid_credentials') return AUTH_MESSAGES.invalidCredentials;
  if (!error.code && /invalid login credentials/i.test(error.message))
    return AUTH_MESSAGES.invalidCredentials;
  return AUTH_MESSAGES.loginFailed;
}

export function signUpErrorMessage(error: AuthErrorLike): string {
  if (isWeakPassword(error)) return AUTH_MESSAGES.weakPassword;
  if (error.code === 'user_already_exists' || error.code === 'email_exists') return AUTH_MESSAGES.emailInUse;
  if (!error.code && /already (been )?registered/i.test(error.message)) return AUTH_MESSAGES.emailInUse;
  if (isRateLimited(error)) return AUTH_MESSAGES.mailRateLimited;
  return AUTH_MESSAGES.registrationFailed;
}

export function updatePasswordErrorMessage(error: AuthErrorLike): string {
  if (isWeakPassword(error)) return AUTH_MESSAGES.weakPassword;
  if (error.code === 'same_password') return AUTH_MESSAGES.samePassword;
  return AUTH_MESSAGES.passwordUpdateFailed;
}

async function hasProfile(userId: string): Promise<boolean> {
  const { data, error } = await supabase().from('profiles').select('id').eq('id', userId).maybeSingle();
  if (error) throw new Error(AUTH_MESSAGES.loginFailed);
  return data !== null;
}

/** Signed in with a password while the account has a verified authenticator (aal1, next aal2). */
async function owesSecondFactor(): Promise<boolean> {
  const { data, error } = await supabase().auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw new Error(AUTH_MESSAGES.loginFailed);
  return data.currentLevel === 'aal1' && data.nextLevel === 'aal2';
}

export type SignInRole = 'admin' | 'member';

/**
 * The spec's sign-in: admin first, else a member with a profile row, else signed out again with
 * "User account not found". Throws with the message to show.
 */
export async function signIn(email: string, password: string): Promise<SignInRole> {
  const client = supabase();
  const { data, error } = await client.auth.signInWithPassword({ email: email.trim(), password });
  if (error) throw new Error(signInErrorMessage(error));
  const userId = data.user?.id;
  if (!userId) throw new Error(AUTH_MESSAGES.loginFailed);
  try {
    if (await isAdmin()) {
      rememberStaff(userId);
      return 'admin';
    }
    rememberStaff(null);
    if (await hasProfile(userId)) return 'member';
    // A member with an authenticator sees no row of their own until the code (issue 23): the code
    // prompt comes next, and the member pages check the profile again at aal2.
    if (await owesSecondFactor()) return 'member';
  } catch {
    await signOutQuietly();
    throw new Error(AUTH_MESSAGES.loginFailed);
  }
  await signOutQuietly();
  throw new Error(AUTH_MESSAGES.accountNotFound);
}

/** Where the confirmation link lands: that page completes the sign-in and goes on to the dashboard. */
export const CONFIRM_LANDING_PATH = '/auth/confirm';
/** Where the recovery link lands: choose a new password there. */
export const RESET_LANDING_PATH = '/reset-password';

export type SignUpOutcome =
  /** Confirmations are off (a deployer's choice): the member is signed in already. */
  | { status: 'signed-in'; session: Session }
  /**
   * Confirmations are on: a link went to the address. GoTrue answers an address that is already
   * registered the same way (without a mail), so this outcome never tells whether it existed.
   */
  | { status: 'confirmation-sent'; email: string };

/**
 * Creates the account with the display name in its metadata; the database trigger creates the
 * profile with zero balances. With confirmations on, GoTrue mails a link to CONFIRM_LANDING_PATH.
 */
export async function signUp(
  input: SignUpInput & {
    /** A valid referral link's code: the database records the referrer at sign-up (issue 33). */
    referralCode?: string | undefined;
    /** The page's language: the member's mails (this one first) and statements are written in it. */
    locale: Locale;
  },
  origin: string = window.location.origin,
): Promise<SignUpOutcome> {
  const invalid = validateSignUp(input);
  if (invalid) throw new Error(invalid);
  const username = input.username.trim();
  const email = input.email.trim();
  const { data, error } = await supabase().auth.signUp({
    email,
    password: input.password,
    options: {
      data: {
        username,
        display_name: username,
        locale: input.locale,
        ...(input.referralCode ? { referral_code: input.referralCode } : {}),
      },
      emailRedirectTo: `${origin}${localePath(input.locale, CONFIRM_LANDING_PATH)}`,
    },
  });
  // A second registration of a waiting address within the mail interval: its link was mailed
  // moments ago and is still good. Answering like a first registration keeps the address's state
  // (registered, unconfirmed) to ourselves.
  if (error && isMailIntervalRefusal(error)) return { status: 'confirmation-sent', email };
  if (error) throw new Error(signUpErrorMessage(error));
  if (!data.session) return { status: 'confirmation-sent', email };
  return { status: 'signed-in', session: data.session };
}

/**
 * Mails the confirmation link again. Unknown and already-confirmed addresses get the same quiet
 * success from GoTrue; only the rate limit and real failures are reported.
 */
export async function resendConfirmation(
  email: string,
  locale: Locale = 'en',
  origin: string = window.location.origin,
): Promise<void> {
  const invalid = emailProblem(email);
  if (invalid) throw new Error(invalid.message);
  const address = email.trim();
  const { error } = await supabase().auth.resend({
    type: 'signup',
    email: address,
    options: { emailRedirectTo: `${origin}${localePath(locale, CONFIRM_LANDING_PATH)}` },
  });
  if (!error) return;
  throw new Error(isRateLimited(error) ? AUTH_MESSAGES.mailRateLimited : AUTH_MESSAGES.resendFailed);
}

/** Sends the recovery mail. The caller always shows the same neutral text on success. */
export async function requestPasswordReset(
  email: string,
  locale: Locale = 'en',
  origin: string = window.location.origin,
): Promise<void> {
  // The link leads to the reset page in the language the member asked in.
  const { error } = await supabase().auth.resetPasswordForEmail(email.trim(), {
    redirectTo: `${origin}${localePath(locale, RESET_LANDING_PATH)}`,
  });
  // Never say whether the address exists. GoTrue's per-address interval answers 429 only for an
  // address it has just mailed, i.e. one that exists: that answer is shown as the neutral success.
  if (error && !isRateLimited(error)) throw new Error(AUTH_MESSAGES.resetRequestFailed);
}

export async function updatePassword(password: string): Promise<void> {
  if (password.length < PASSWORD_MIN_LENGTH) throw new Error(AUTH_MESSAGES.weakPassword);
  const { data, error } = await supabase().auth.updateUser({ password });
  if (error) throw new Error(updatePasswordErrorMessage(error));
  if (!data.user) throw new Error(AUTH_MESSAGES.passwordUpdateFailed);
}
