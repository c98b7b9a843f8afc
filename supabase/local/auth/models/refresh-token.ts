import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/engine';

/** auth.refresh_tokens (GoTrue's models.RefreshToken). */
export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  /** Seconds since the row last changed (for a revoked token: since it was revoked). */
  revoked_for: number;
}

/** GoTrue's (legacy-format) refresh tokens: 12 characters of [a-z0-9]. */
export function newRefreshToken(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(12);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** Stores a fresh token for the session and answers it. */
export async function grantRefreshToken(
  q: Queryable,
  grant: { userId: string; sessionId: string; parent: string | null },
): Promise<string> {
  const token = newRefreshToken();
  await q.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, false, now(), now(), $3, $4)`,
    [token, grant.userId, grant.parent, grant.sessionId],
  );
  return token;
}

/** The token row, locked for the rest of the transaction. */
export async function findRefreshTokenForUpdate(
  q: Queryable,
  token: string,
): Promise<RefreshTokenRow | undefined> {
  const { rows } = await q.query<RefreshTokenRow>(
    `select id, token, user_id, revoked, parent, session_id::text as session_id,
       extract(epoch from (now() - updated_at))::float8 as revoked_for
     from auth.refresh_tokens where token = $1 for update`,
    [token],
  );
  return rows[0];
}

/** The session's newest live token. */
export async function findActiveRefreshToken(
  q: Queryable,
  sessionId: string,
): Promise<{ token: string; parent: string | null } | undefined> {
  const { rows } = await q.query<{ token: string; parent: string | null }>(
    `select token, parent from auth.refresh_tokens where session_id::text = $1 and revoked = false
     order by id desc limit 1`,
    [sessionId],
  );
  return rows[0];
}

export async function revokeRefreshToken(q: Queryable, token: string): Promise<void> {
  await q.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1`, [
    token,
  ]);
}

/** Revokes every live token of the session (a token family). */
export async function revokeSessionRefreshTokens(q: Queryable, sessionId: string): Promise<void> {
  await q.query(
    `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id::text = $1 and revoked = false`,
    [sessionId],
  );
}
