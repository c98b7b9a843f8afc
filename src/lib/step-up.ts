import { supabase } from './supabase';
import { isRateLimited, isMailIntervalRefusal } from './auth-session';

// The address book's step-up (a fresh code before an address is added), apart from
// withdrawal-addresses.ts: the withdraw page reads the address book but never adds to it, and the
// addresses page loads this only when the database first asks for a code (issue 24). Whether a
// refusal asks for one is read in withdrawal-addresses.ts (needsStepUp), beside its codes.

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
