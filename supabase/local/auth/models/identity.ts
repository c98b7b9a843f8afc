import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/engine';

/** auth.identities (GoTrue's models.Identity). */

/** The e-mail identity of a user: provider_id is the user id, as GoTrue writes it. */
export async function createEmailIdentity(
  q: Queryable,
  userId: string,
  identityData: Record<string, unknown>,
): Promise<void> {
  await q.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4::jsonb, 'email', now(), now(), now())`,
    // The id twice: provider_id is text and user_id uuid, and one parameter cannot be both.
    [randomUUID(), userId, userId, JSON.stringify(identityData)],
  );
}

/** Merges `data` into the e-mail identity's identity_data; false when the user has none. */
export async function mergeEmailIdentityData(
  q: Queryable,
  userId: string,
  data: Record<string, unknown>,
): Promise<boolean> {
  const { rows } = await q.query(
    `update auth.identities set identity_data = identity_data || $2::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email' returning id`,
    [userId, JSON.stringify(data)],
  );
  return rows.length > 0;
}

export async function deleteIdentity(q: Queryable, identityId: unknown): Promise<void> {
  await q.query(`delete from auth.identities where id = $1`, [identityId]);
}

/** GoTrue's SoftDeleteUserIdentities: the identities stay but name nobody. */
export async function obfuscateIdentities(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.identities set identity_data = '{}'::jsonb, provider_id = encode(sha256(convert_to(user_id::text || provider_id, 'UTF8')), 'hex')
     where user_id = $1`,
    [userId],
  );
}
