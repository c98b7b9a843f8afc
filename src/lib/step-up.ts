import { supabase } from './supabase';
import { DbError } from './db-errors';
import { isRateLimited, isMailIntervalRefusal } from './auth-session';
import { STEP_UP_MAIL_REQUIRED, STEP_UP_REQUIRED } from './withdrawal-addresses';

// The address book's step-up (a fresh code before an address is added), apart from
// withdrawal-addresses.ts: the withdraw page reads the address book but never adds to it, so it does
// not load this before its first interaction (issue 24).

export function needsStepUp(error: unknown): boolean {
  return (
    error instanceof DbError && (error.code === STEP_UP_REQUIRED || error.code === STEP_UP_MAIL_REQUIRED)
  );
}

/** The step-up must start with the mailed code, even though the member has an authenticator. */
export function needsMailedCode(error: unknown): boolean {
  return error instanceof DbError && error.code === STEP_UP_MAIL_REQUIRED;
}

/** The member's verified authenticator, if any: with one, its code is the step-up. */
export async function verifiedFactorId(): Promise<string | null> {
  const { data, error } = await supabase().auth.mfa.listFactors();
  if (error) return null;
  return data.totp.find((f) => f.status === 'verified')?.id ?? null;
}

/** Mails the member a one-time code (Supabase Auth's e-mail OTP); never creates an account. */
export async function sendStepUpCode(email: string): Promise<void> {
  const { error } = await supabase().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
  if (!error) return;
  if (isMailIntervalRefusal(error))
    throw new Error(
      'We sent a code less than a minute ago. Please use that one, or wait a minute and ask again.',
    );
  if (isRateLimited(error))
    throw new Error('Too many codes asked for. Please wait a few minutes and try again.');
  throw new Error('We could not send the code. Please try again.');
}

/** Checks the mailed code; on success the session's token carries a fresh `otp` entry. */
export async function verifyStepUpCode(email: string, code: string): Promise<void> {
  const digits = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(digits)) throw new Error('Enter the 6 digits from the e-mail.');
  const { error } = await supabase().auth.verifyOtp({ email, token: digits, type: 'email' });
  if (!error) return;
  if (isRateLimited(error))
    throw new Error('Too many tries. Please wait a few minutes, then ask for a new code.');
  throw new Error('That code is not right or has expired. Check the newest e-mail, or ask for a new code.');
}
