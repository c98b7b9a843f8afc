import type { Queryable } from '../db/engine';
import { TOTP_PERIOD_S, TOTP_SKEW_STEPS, totpFor } from '../auth/mfa';
import { lastAcceptedStep } from '../auth/models/challenge';
import { findTotpFactorByEmail } from '../auth/models/factor';

/**
 * Development only (the local server's /__local/totp): the code an authenticator app would show now
 * for this user's TOTP factor, skipping steps the server already accepted. Hosted Supabase has no
 * such thing; it exists so `npm run admin:code` can sign the local admin in without a phone.
 */
export async function localTotpCode(
  db: Queryable,
  email: string,
): Promise<{ code: string; factor_id: string; valid_for_s: number } | { wait_s: number } | undefined> {
  const factor = await findTotpFactorByEmail(db, email.trim());
  if (!factor) return undefined;
  const lastStep = await lastAcceptedStep(db, factor.id);
  const nowS = Date.now() / 1000;
  const current = Math.floor(nowS / TOTP_PERIOD_S);
  const step = Math.max(current, lastStep === null ? -Infinity : lastStep + 1);
  if (step > current + TOTP_SKEW_STEPS) return { wait_s: Math.ceil((step - 1) * TOTP_PERIOD_S - nowS) };
  const code = totpFor(factor.secret, 'local', 'local').generate({ timestamp: step * TOTP_PERIOD_S * 1000 });
  return {
    code,
    factor_id: factor.id,
    valid_for_s: Math.floor((step + 1 + TOTP_SKEW_STEPS) * TOTP_PERIOD_S - nowS),
  };
}
