import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/engine';

/** auth.one_time_tokens (GoTrue's models.OneTimeToken): one live token per user and type. */
export type OneTimeTokenType =
  | 'confirmation_token'
  | 'reauthentication_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'phone_change_token';

export async function upsertOneTimeToken(
  q: Queryable,
  token: { userId: string; type: OneTimeTokenType; tokenHash: string; relatesTo: string },
): Promise<void> {
  await q.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now(), now())
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash,
       relates_to = excluded.relates_to, created_at = now(), updated_at = now()`,
    [randomUUID(), token.userId, token.type, token.tokenHash, token.relatesTo],
  );
}

/** Deletes the user's tokens of these types (all of the user's tokens when `types` is omitted). */
export async function deleteOneTimeTokens(
  q: Queryable,
  userId: string,
  types?: OneTimeTokenType[],
): Promise<void> {
  if (!types) {
    await q.query(`delete from auth.one_time_tokens where user_id = $1`, [userId]);
    return;
  }
  for (const type of types) {
    await q.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = $2`, [userId, type]);
  }
}
