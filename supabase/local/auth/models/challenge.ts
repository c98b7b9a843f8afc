import type { Queryable } from '../../db/engine';

/** auth.mfa_challenges (GoTrue's models.Challenge). */
export interface ChallengeState {
  /** The address the challenge was asked from, as inet text. */
  ip: string;
  verified: boolean;
  expired: boolean;
}

/** Creates a challenge bound to `ip`; answers its expiry in epoch seconds. */
export async function createChallenge(
  q: Queryable,
  challenge: { id: string; factorId: string; ip: string; expirySeconds: number },
): Promise<number> {
  const { rows } = await q.query<{ expires_at: number }>(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3::inet)
     returning extract(epoch from created_at + make_interval(secs => $4))::bigint as expires_at`,
    [challenge.id, challenge.factorId, challenge.ip, challenge.expirySeconds],
  );
  return Number(rows[0]?.expires_at);
}

/** The factor's challenge with this (canonical) id, or undefined. */
export async function findChallenge(
  q: Queryable,
  challengeId: string,
  factorId: string,
  expirySeconds: number,
): Promise<ChallengeState | undefined> {
  const { rows } = await q.query<ChallengeState>(
    `select host(ip_address) as ip, verified_at is not null as verified,
       created_at + make_interval(secs => $3) < now() as expired
     from auth.mfa_challenges where id::text = $1 and factor_id = $2`,
    [challengeId, factorId, expirySeconds],
  );
  return rows[0];
}

export async function deleteChallenge(q: Queryable, challengeId: string): Promise<void> {
  await q.query(`delete from auth.mfa_challenges where id::text = $1`, [challengeId]);
}

/**
 * Marks the challenge answered, keeping the accepted TOTP time step in otp_code (GoTrue uses that
 * column only for phone codes), so that neither this code nor an older one is accepted again.
 */
export async function markChallengeVerified(q: Queryable, challengeId: string, step: number): Promise<void> {
  await q.query(`update auth.mfa_challenges set verified_at = now(), otp_code = $2 where id::text = $1`, [
    challengeId,
    String(step),
  ]);
}

/** The latest time step accepted for this factor, or null when none was. */
export async function lastAcceptedStep(q: Queryable, factorId: string): Promise<number | null> {
  const { rows } = await q.query<{ step: string | null }>(
    `select max(otp_code::bigint)::text as step from auth.mfa_challenges
     where factor_id = $1 and verified_at is not null and otp_code ~ '^[0-9]+$'`,
    [factorId],
  );
  const step = rows[0]?.step;
  return step === null || step === undefined ? null : Number(step);
}
