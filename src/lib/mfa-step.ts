import { supabase } from './supabase';

/**
 * The second-factor level check every signed-in page makes through the guard. Kept apart from
 * `mfa.ts` (enrolment, codes, the QR image, the authenticator list) so those pages load only this
 * before their first interaction (issue 24); `mfa.ts` re-exports it.
 */

export const MFA_CHECK_FAILED = 'Could not check the code. Please try again.';

/** What the signed-in admin still has to do before the admin area opens. */
export type SecondFactorStep = { step: 'done' } | { step: 'challenge'; factorId: string } | { step: 'enrol' };

/**
 * The session's level, and the first verified authenticator (listFactors' `totp` holds only those).
 * `knownOnly`: when the stored session says there is no verified factor (nextLevel aal1), answer
 * without asking the server, so a member page without MFA costs no extra request.
 */
async function levelAndFactor(knownOnly = false): Promise<{ aal2: boolean; factorId: string | null }> {
  const mfa = supabase().auth.mfa;
  const level = await mfa.getAuthenticatorAssuranceLevel();
  if (level.error) throw new Error(MFA_CHECK_FAILED);
  if (level.data.currentLevel === 'aal2') return { aal2: true, factorId: null };
  if (knownOnly && level.data.nextLevel !== 'aal2') return { aal2: false, factorId: null };
  const factors = await mfa.listFactors();
  if (factors.error) throw new Error(MFA_CHECK_FAILED);
  return { aal2: false, factorId: factors.data.totp[0]?.id ?? null };
}

/** The admin's step: the code, or enrolment when there is no authenticator yet (admins must have one). */
export async function secondFactorStep(): Promise<SecondFactorStep> {
  const { aal2, factorId } = await levelAndFactor();
  if (aal2) return { step: 'done' };
  return factorId ? { step: 'challenge', factorId } : { step: 'enrol' };
}

/** A member's step: the code when they have an authenticator and the session is still at aal1. */
export async function memberSecondFactorStep(): Promise<SecondFactorStep> {
  const { aal2, factorId } = await levelAndFactor(true);
  return !aal2 && factorId ? { step: 'challenge', factorId } : { step: 'done' };
}
