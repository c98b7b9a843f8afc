import type { Queryable } from '../../db/engine';
import { unprocessable, ErrorCode } from '../errors';

/** auth.mfa_factors (GoTrue's models.Factor): every statement the endpoints make on it. */
export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  created_at: string;
  updated_at: string;
  secret: string | null;
  phone: string | null;
  last_challenged_at: string | null;
}

/** GoTrue's models.Factor JSON (the secret never leaves the server). */
export function factorJson(f: Omit<FactorRow, 'secret'>): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: f.id,
    created_at: f.created_at,
    updated_at: f.updated_at,
    status: f.status,
  };
  if (f.friendly_name) out['friendly_name'] = f.friendly_name;
  out['factor_type'] = f.factor_type;
  out['phone'] = f.phone ?? '';
  out['last_challenged_at'] = f.last_challenged_at;
  return out;
}

// to_jsonb renders timestamps as ISO strings on both engines.
const SELECT = `select (to_jsonb(f))::text as doc from auth.mfa_factors f`;

async function select(q: Queryable, where: string, params: unknown[], lock = false): Promise<FactorRow[]> {
  const { rows } = await q.query<{ doc: string }>(
    `${SELECT} where ${where} order by f.created_at${lock ? ' for update' : ''}`,
    params,
  );
  return rows.map((r) => JSON.parse(r.doc) as FactorRow);
}

export const findFactorsOfUser = (q: Queryable, userId: string): Promise<FactorRow[]> =>
  select(q, 'f.user_id::text = $1', [userId]);

/**
 * GoTrue's FindOwnedFactorByID; `factorId` is already canonical (parseUuid). `lock` holds the row for
 * the rest of the transaction, so a verify and an unenrol of one factor take turns.
 */
export async function findOwnedFactor(
  q: Queryable,
  userId: string,
  factorId: string,
  lock = false,
): Promise<FactorRow | undefined> {
  return (await select(q, 'f.id::text = $1 and f.user_id::text = $2', [factorId, userId], lock))[0];
}

export async function deleteExpiredUnverifiedFactors(q: Queryable, expirySeconds: number): Promise<void> {
  await q.query(
    `delete from auth.mfa_factors where status = 'unverified' and created_at + make_interval(secs => $1) < now()`,
    [expirySeconds],
  );
}

export async function createTotpFactor(
  q: Queryable,
  factor: { id: string; userId: string; friendlyName: string; secret: string },
): Promise<void> {
  await q.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
    [factor.id, factor.userId, factor.friendlyName, factor.secret],
  );
}

export async function markFactorVerified(q: Queryable, factorId: string): Promise<void> {
  await q.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [
    factorId,
  ]);
}

/**
 * GoTrue's auth schema keeps last_challenged_at unique across all factors. GoTrue writes it with Go's
 * microsecond clock, so two challenges never share it in practice; PGlite's clock (WebAssembly's
 * Date.now) ticks in milliseconds, and two admins challenged in the same millisecond failed with a
 * unique violation (a CI run's "Unexpected failure" on 2026-12-04). The moment is therefore the later
 * of the clock and one microsecond after the newest challenge: the same time to the millisecond, and
 * unique while statements run one at a time (PGlite always; PostgreSQL has microseconds anyway).
 */
export async function markFactorChallenged(q: Queryable, factorId: string): Promise<void> {
  await q.query(
    `update auth.mfa_factors
        set last_challenged_at = greatest(
          clock_timestamp(),
          (select max(last_challenged_at) + interval '1 microsecond' from auth.mfa_factors)
        )
      where id = $1`,
    [factorId],
  );
}

/** GoTrue's DeleteUnverifiedFactors after a verification: leftover enrolments of this user go. */
export async function deleteUnverifiedTotpFactors(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = 'totp'`,
    [userId],
  );
}

/** Deletes the factor; the database's refusal to drop the only admin's last one becomes a clear 422. */
export async function destroyFactor(q: Queryable, factorId: string): Promise<void> {
  try {
    await q.query(`delete from auth.mfa_factors where id = $1`, [factorId]);
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    if (code === '42501') throw unprocessable(ErrorCode.validationFailed, message ?? 'Factor not deletable');
    throw error;
  }
}

/**
 * GoTrue's Factor.DowngradeSessionsToAAL1, the one place both unenrol and the admin delete go
 * through: the sessions this factor raised lose its sign-in method from their amr and are aal1 again.
 */
export async function downgradeSessionsToAal1(
  q: Queryable,
  factor: Pick<FactorRow, 'id' | 'user_id' | 'factor_type'>,
): Promise<void> {
  await q.query(
    `delete from auth.mfa_amr_claims c using auth.sessions s
     where c.session_id = s.id and s.factor_id = $1 and c.authentication_method = $2`,
    [factor.id, factor.factor_type],
  );
  await q.query(
    `update auth.sessions set aal = 'aal1', factor_id = null where user_id = $1 and factor_id = $2`,
    [factor.user_id, factor.id],
  );
}

/** For the development TOTP helper: the user's newest TOTP factor, verified ones first. */
export async function findTotpFactorByEmail(
  q: Queryable,
  email: string,
): Promise<{ id: string; secret: string } | undefined> {
  const { rows } = await q.query<{ id: string; secret: string }>(
    `select f.id::text, f.secret from auth.mfa_factors f join auth.users u on u.id = f.user_id
     where lower(u.email) = lower($1) and f.factor_type = 'totp' and f.secret is not null
     order by (f.status = 'verified') desc, f.created_at desc limit 1`,
    [email],
  );
  return rows[0];
}
