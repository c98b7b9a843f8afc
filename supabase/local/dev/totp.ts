import type { Queryable } from '../db/engine';
import { TOTP_PERIOD_S, TOTP_SKEW_STEPS, totpFor } from '../auth/mfa';

/**
 * Development only (the local server's /__local/totp): the code an authenticator app would show now
 * for this user's TOTP factor, skipping steps the server already accepted. Hosted Supabase has no
 * such thing; it exists so `npm run admin:code` can sign the local admin in without a phone.
 */
export async function localTotpCode(
  db: Queryable,
  email: string,
): Promise<{ code: string; factor_id: string; valid_for_s: number } | { wait_s: number } | undefined> {
  const { rows } = await db.query<{ id: string; secret: string; last_step: string | null }>(
    `select f.id::text, f.secret,
       (select max(c.otp_code::bigint)::text from auth.mfa_challenges c
        where c.factor_id = f.id and c.verified_at is not null and c.otp_code ~ '^[0-9]+$') as last_step
     from auth.mfa_factors f join auth.users u on u.id = f.user_id
     where lower(u.email) = lower($1) and f.factor_type = 'totp' and f.secret is not null
     order by (f.status = 'verified') desc, f.created_at desc limit 1`,
    [email.trim()],
  );
  const factor = rows[0];
  if (!factor) return undefined;
  const nowS = Date.now() / 1000;
  const current = Math.floor(nowS / TOTP_PERIOD_S);
  const step = Math.max(current, factor.last_step === null ? -Infinity : Number(factor.last_step) + 1);
  if (step > current + TOTP_SKEW_STEPS) return { wait_s: Math.ceil((step - 1) * TOTP_PERIOD_S - nowS) };
  const code = totpFor(factor.secret, 'local', 'local').generate({ timestamp: step * TOTP_PERIOD_S * 1000 });
  return {
    code,
    factor_id: factor.id,
    valid_for_s: Math.floor((step + 1 + TOTP_SKEW_STEPS) * TOTP_PERIOD_S - nowS),
  };
}
