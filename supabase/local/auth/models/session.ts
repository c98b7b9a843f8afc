import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/engine';

/** auth.sessions and their auth.mfa_amr_claims (GoTrue's models.Session and models.AMRClaim). */
export interface AmrEntry {
  method: string;
  timestamp: number;
}

export async function createSession(
  q: Queryable,
  session: { id: string; userId: string; userAgent: string | null },
): Promise<void> {
  await q.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent)
     values ($1, $2, now(), now(), 'aal1', $3)`,
    [session.id, session.userId, session.userAgent],
  );
}

/** Records how the session signed in; the same method again only refreshes its time (GoTrue's AddClaimToSession). */
export async function addAmrClaim(q: Queryable, sessionId: string, method: string): Promise<void> {
  await q.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), $3)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [randomUUID(), sessionId, method],
  );
}

/**
 * GoTrue's CalculateAALAndAMR stamps each method with the claim's updated_at as Unix seconds
 * (Go's Time.Unix(): the second it falls in, never rounded up), so verifying a factor again later in
 * the same session moves its timestamp forward (the step-up checks rely on that). The one source of
 * amr for a sign-in, a refresh and a factor verification alike.
 */
export async function amrOfSession(q: Queryable, sessionId: string): Promise<AmrEntry[]> {
  const { rows } = await q.query<{ method: string; ts: number }>(
    `select authentication_method as method, floor(extract(epoch from updated_at))::bigint as ts
     from auth.mfa_amr_claims where session_id = $1 order by updated_at`,
    [sessionId],
  );
  return rows.map((r) => ({ method: r.method, timestamp: Number(r.ts) }));
}

/** A session that exists and has not passed its not_after. */
export async function isSessionLive(q: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await q.query(
    `select 1 from auth.sessions where id::text = $1 and (not_after is null or not_after > now())`,
    [sessionId],
  );
  return rows.length > 0;
}

/** Whether the session has passed its not_after, or undefined when there is no such session. */
export async function isSessionExpired(q: Queryable, sessionId: string): Promise<boolean | undefined> {
  const { rows } = await q.query<{ expired: boolean }>(
    `select (not_after is not null and not_after <= now()) as expired from auth.sessions where id = $1`,
    [sessionId],
  );
  return rows[0]?.expired;
}

/** The session's assurance level; a missing session or level counts as aal1. */
export async function sessionAal(q: Queryable, sessionId: string | null): Promise<string> {
  if (!sessionId) return 'aal1';
  const { rows } = await q.query<{ aal: string | null }>(
    `select aal from auth.sessions where id::text = $1`,
    [sessionId],
  );
  return rows[0]?.aal ?? 'aal1';
}

export async function sessionCreatedAt(q: Queryable, sessionId: string | null): Promise<number | undefined> {
  if (!sessionId) return undefined;
  const { rows } = await q.query<{ created_at: string }>(
    `select created_at::text as created_at from auth.sessions where id::text = $1`,
    [sessionId],
  );
  return rows[0] ? Date.parse(rows[0].created_at) : undefined;
}

export async function markSessionRefreshed(q: Queryable, sessionId: string): Promise<void> {
  await q.query(`update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1`, [
    sessionId,
  ]);
}

/** GoTrue's UpdateAALAndAssociatedFactor with aal2. */
export async function raiseSessionToAal2(q: Queryable, sessionId: string, factorId: string): Promise<void> {
  await q.query(
    `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id::text = $1`,
    [sessionId, factorId],
  );
}

export async function deleteSession(q: Queryable, sessionId: string | null): Promise<void> {
  await q.query(`delete from auth.sessions where id::text = $1`, [sessionId]);
}

/** Ends every session of the user except `keepId` (all of them when it is null). */
export async function deleteOtherSessions(
  q: Queryable,
  userId: string,
  keepId: string | null,
): Promise<void> {
  await q.query(`delete from auth.sessions where user_id = $1 and id::text is distinct from $2`, [
    userId,
    keepId,
  ]);
}

export const deleteAllSessions = (q: Queryable, userId: string): Promise<void> =>
  deleteOtherSessions(q, userId, null);

/** After a factor verification GoTrue ends the user's other aal1 sessions. */
export async function deleteAal1Sessions(q: Queryable, userId: string): Promise<void> {
  await q.query(`delete from auth.sessions where user_id = $1 and coalesce(aal, 'aal1') = 'aal1'`, [userId]);
}
