import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/engine';
import { AuthError, ErrorCode, internalError, unprocessable } from '../errors';
import { factorJson, type FactorRow } from './factor';
import { createEmailIdentity, mergeEmailIdentityData, obfuscateIdentities } from './identity';
import { deleteOneTimeTokens } from './one-time-token';

/** An auth.users row with its identities, as loadUser reads it. */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  invited_at: string | null;
  confirmation_sent_at: string | null;
  confirmation_token: string | null;
  recovery_token: string | null;
  recovery_sent_at: string | null;
  email_change: string | null;
  email_change_sent_at: string | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change_confirm_status: number | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: string | null;
  is_sso_user: boolean;
  last_sign_in_at: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: string | null;
  updated_at: string | null;
  phone: string | null;
  phone_confirmed_at: string | null;
  confirmed_at: string | null;
  banned_until: string | null;
  deleted_at: string | null;
  is_anonymous: boolean;
  identities: Array<Record<string, unknown>>;
  /** auth.mfa_factors rows without their secrets. */
  factors: Array<Record<string, unknown>>;
}

// to_jsonb renders rows the way Postgres does, so timestamps come back as ISO strings on both engines.
export const USER_SELECT = `select (to_jsonb(u) || jsonb_build_object('identities', coalesce((
    select jsonb_agg(to_jsonb(i) order by i.created_at) from auth.identities i where i.user_id = u.id), '[]'::jsonb))
    || jsonb_build_object('factors', coalesce((
    select jsonb_agg(to_jsonb(f) - 'secret' order by f.created_at) from auth.mfa_factors f where f.user_id = u.id), '[]'::jsonb)))::text as doc
  from auth.users u`;

/**
 * The auth.users columns GoTrue (v2.196.0, internal/models/user.go) scans into plain Go strings, ints,
 * bools and times: a NULL in any of them fails the scan, and GoTrue answers 500 "Database error
 * querying schema". A row written by hand (a seed) must carry '' there, as GoTrue itself writes.
 */
const NOT_NULL_FOR_GOTRUE = [
  'aud',
  'role',
  'confirmation_token',
  'recovery_token',
  'email_change_token_current',
  'email_change_token_new',
  'email_change',
  'email_change_confirm_status',
  'phone_change_token',
  'phone_change',
  'reauthentication_token',
  'is_sso_user',
  'is_anonymous',
  'created_at',
  'updated_at',
] as const;

export async function loadUser(q: Queryable, where: string, params: unknown[]): Promise<UserRow | undefined> {
  const { rows } = await q.query<{ doc: string }>(`${USER_SELECT} where ${where} limit 1`, params);
  if (!rows[0]) return undefined;
  const user = JSON.parse(rows[0].doc) as Record<string, unknown>;
  const unscannable = NOT_NULL_FOR_GOTRUE.filter((column) => user[column] === null);
  if (unscannable.length > 0) {
    console.error(`[local-supabase] auth.users ${String(user['id'])}: NULL in ${unscannable.join(', ')}`);
    throw internalError(ErrorCode.unexpectedFailure, 'Database error querying schema');
  }
  return user as unknown as UserRow;
}

export const loadUserById = (q: Queryable, id: string): Promise<UserRow | undefined> =>
  loadUser(q, 'u.id::text = $1', [id]);

/** The e-mail user (not SSO) with this address, compared case-insensitively as GoTrue does. */
export const loadUserByEmail = (q: Queryable, email: string): Promise<UserRow | undefined> =>
  loadUser(q, 'lower(u.email) = $1 and u.is_sso_user = false', [email]);

/** GoTrue's models.User JSON. */
export function userJson(u: UserRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: u.id,
    aud: u.aud ?? 'authenticated',
    role: u.role ?? 'authenticated',
    email: u.email ?? '',
  };
  if (u.email_confirmed_at) out['email_confirmed_at'] = u.email_confirmed_at;
  out['phone'] = u.phone ?? '';
  if (u.phone_confirmed_at) out['phone_confirmed_at'] = u.phone_confirmed_at;
  if (u.confirmation_sent_at) out['confirmation_sent_at'] = u.confirmation_sent_at;
  if (u.confirmed_at) out['confirmed_at'] = u.confirmed_at;
  if (u.recovery_sent_at) out['recovery_sent_at'] = u.recovery_sent_at;
  if (u.invited_at) out['invited_at'] = u.invited_at;
  if (u.email_change) out['new_email'] = u.email_change;
  if (u.email_change_sent_at) out['email_change_sent_at'] = u.email_change_sent_at;
  if (u.last_sign_in_at) out['last_sign_in_at'] = u.last_sign_in_at;
  out['app_metadata'] = u.raw_app_meta_data ?? {};
  out['user_metadata'] = u.raw_user_meta_data ?? {};
  out['identities'] = u.identities.map((i) => ({
    identity_id: i['id'],
    id: i['provider_id'],
    user_id: i['user_id'],
    identity_data: i['identity_data'],
    provider: i['provider'],
    last_sign_in_at: i['last_sign_in_at'],
    created_at: i['created_at'],
    updated_at: i['updated_at'],
    email: i['email'],
  }));
  out['created_at'] = u.created_at;
  out['updated_at'] = u.updated_at;
  // GoTrue omits an empty factor list (json:"factors,omitempty").
  if (u.factors?.length) out['factors'] = u.factors.map((f) => factorJson(f as unknown as FactorRow));
  if (u.banned_until) out['banned_until'] = u.banned_until;
  if (u.deleted_at) out['deleted_at'] = u.deleted_at;
  out['is_anonymous'] = u.is_anonymous;
  return out;
}

export interface NewUser {
  /** null for anonymous users. */
  email: string | null;
  /** Already hashed; '' for users without a password. */
  passwordHash: string;
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
  confirmed: boolean;
  /** Invited users carry invited_at until they accept. */
  invited?: boolean;
}

/** Inserts the user and (for e-mail users) its e-mail identity as GoTrue's signup does. */
export async function insertUser(q: Queryable, input: NewUser): Promise<UserRow> {
  const id = randomUUID();
  const anonymous = input.email === null;
  const provider = anonymous ? 'anonymous' : 'email';
  const appMeta = { provider, providers: [provider], ...input.appMetadata };
  try {
    // The trigger-visible insert carries exactly the signup data, as GoTrue's does.
    await q.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, confirmation_token,
         recovery_token, email_change_token_new, email_change, is_sso_user, is_anonymous, invited_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
         case when $4::boolean then now() end, $5::jsonb, $6::jsonb, false, now(), now(), '', '', '', '', false, $7,
         case when $8::boolean then now() end)`,
      [
        id,
        input.email,
        input.passwordHash,
        input.confirmed,
        JSON.stringify(appMeta),
        JSON.stringify(input.userMetadata),
        anonymous,
        input.invited ?? false,
      ],
    );
    if (anonymous) return await reload(q, id);
    const identityData = { sub: id, email: input.email, email_verified: false, phone_verified: false };
    await createEmailIdentity(q, id, { ...identityData, ...input.userMetadata, ...identityData });
    if (input.confirmed) await markEmailVerified(q, id);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === '23505') {
      throw unprocessable(
        ErrorCode.emailExists,
        'A user with this email address has already been registered',
      );
    }
    if (error instanceof AuthError) throw error;
    console.error('[local-supabase] saving a new user failed:', (error as Error).message);
    throw internalError(ErrorCode.unexpectedFailure, 'Database error saving new user');
  }
  return reload(q, id);
}

async function reload(q: Queryable, id: string): Promise<UserRow> {
  const user = await loadUserById(q, id);
  if (!user) throw internalError(ErrorCode.unexpectedFailure, 'Database error saving new user');
  return user;
}

/** GoTrue records a proven address as email_verified in the user metadata. */
export async function markEmailVerified(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb
     where id = $1`,
    [userId],
  );
}

/** Stamps a sign-in on the user (GoTrue's UpdateLastSignInAt). */
export async function touchLastSignIn(q: Queryable, userId: string): Promise<void> {
  await q.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
}

/** GoTrue's signupVerify: the address is proven (email_confirmed_at, email_verified on user and identity). */
export async function confirmUser(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
       updated_at = now() where id = $1`,
    [userId],
  );
  await markEmailVerified(q, userId);
  await mergeEmailIdentityData(q, userId, { email_verified: true });
}

/** GoTrue's HasMFAEnabled: at least one verified factor. */
export const hasVerifiedFactor = (user: UserRow): boolean =>
  user.factors.some((f) => f['status'] === 'verified');

export function isBanned(user: UserRow): boolean {
  return !!user.banned_until && Date.parse(user.banned_until) > Date.now();
}

/** Whether another user (any user when `exceptId` is omitted) has this lower-cased address. */
export async function isEmailTaken(q: Queryable, email: string, exceptId?: string): Promise<boolean> {
  const { rows } = await q.query(
    `select 1 from auth.users where lower(email) = $1 and id::text is distinct from $2`,
    [email, exceptId ?? null],
  );
  return rows.length > 0;
}

/** One page of users for the admin list, newest (or oldest) first, matching `filter` if given. */
export async function findUsersPage(
  q: Queryable,
  page: { filter: string; ascending: boolean; limit: number; offset: number },
): Promise<{ users: UserRow[]; total: number }> {
  const pattern = page.filter ? `%${page.filter}%` : null;
  const direction = page.ascending ? 'asc' : 'desc';
  const match = `($1::text is null or u.email like $1 or u.raw_user_meta_data->>'full_name' ilike $1)`;
  const { rows } = await q.query<{ doc: string }>(
    `${USER_SELECT} where ${match} order by u.created_at ${direction}, u.id ${direction} limit $2 offset $3`,
    [pattern, page.limit, page.offset],
  );
  const count = await q.query<{ n: string }>(`select count(*)::text as n from auth.users u where ${match}`, [
    pattern,
  ]);
  return { users: rows.map((r) => JSON.parse(r.doc) as UserRow), total: Number(count.rows[0]?.n ?? '0') };
}

export async function setPassword(
  q: Queryable,
  userId: string,
  hash: string,
  options: { clearRecoveryToken?: boolean } = {},
): Promise<void> {
  await q.query(
    `update auth.users set encrypted_password = $2, updated_at = now()${options.clearRecoveryToken ? `, recovery_token = ''` : ''}
     where id = $1`,
    [userId, hash],
  );
}

/** Shallow-merges `value` into the user's raw_user_meta_data or raw_app_meta_data. */
export async function mergeMetadata(
  q: Queryable,
  userId: string,
  column: 'raw_user_meta_data' | 'raw_app_meta_data',
  value: Record<string, unknown>,
): Promise<void> {
  await q.query(
    `update auth.users set ${column} = coalesce(${column}, '{}'::jsonb) || $2::jsonb, updated_at = now() where id = $1`,
    [userId, JSON.stringify(value)],
  );
}

export async function replaceUserMetadata(
  q: Queryable,
  userId: string,
  meta: Record<string, unknown>,
): Promise<void> {
  await q.query(`update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`, [
    userId,
    JSON.stringify(meta),
  ]);
}

/** The admin's direct e-mail change: the user and its e-mail identity carry the new address. */
export async function setEmail(q: Queryable, userId: string, email: string): Promise<void> {
  await q.query(`update auth.users set email = $2, updated_at = now() where id = $1`, [userId, email]);
  await mergeEmailIdentityData(q, userId, { email });
}

export async function confirmEmailIfUnconfirmed(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1`,
    [userId],
  );
}

/** Confirms the address now, dropping a pending confirmation token (autoconfirm of an existing user). */
export async function markEmailConfirmed(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.users set email_confirmed_at = now(), confirmation_token = '', updated_at = now() where id = $1`,
    [userId],
  );
}

export async function markInvited(q: Queryable, userId: string): Promise<void> {
  await q.query(`update auth.users set invited_at = now() where id = $1`, [userId]);
}

/** Bans for `seconds` from now; 0 or less lifts the ban. */
export async function setBan(q: Queryable, userId: string, seconds: number): Promise<void> {
  await q.query(
    `update auth.users set banned_until = case when $2::int > 0 then now() + make_interval(secs => $2) end where id = $1`,
    [userId, seconds],
  );
}

export async function deleteUser(q: Queryable, userId: string): Promise<void> {
  await q.query(`delete from auth.users where id = $1`, [userId]);
}

/** GoTrue's SoftDeleteUser: the row stays, everything identifying or usable goes. */
export async function softDeleteUser(
  q: Queryable,
  userId: string,
  obfuscated: { email: string; emailChange: string },
): Promise<void> {
  await q.query(
    `update auth.users set email = $2, email_change = $3, phone = null, encrypted_password = '',
       confirmation_token = '', recovery_token = '', email_change_token_current = '', email_change_token_new = '',
       reauthentication_token = '', raw_user_meta_data = '{}'::jsonb, raw_app_meta_data = '{}'::jsonb,
       deleted_at = now(), updated_at = now()
     where id = $1`,
    [userId, obfuscated.email, obfuscated.emailChange],
  );
  await obfuscateIdentities(q, userId);
  await deleteOneTimeTokens(q, userId);
}

/**
 * Records a pending e-mail change to `newEmail`, forgetting the token to the current address (and,
 * with `clearNewToken`, the one to the new address too) until fresh ones are stored.
 */
export async function setPendingEmailChange(
  q: Queryable,
  userId: string,
  newEmail: string | null,
  clearNewToken: boolean,
): Promise<void> {
  await q.query(
    `update auth.users set email_change = $2, email_change_confirm_status = 0, email_change_token_current = '',
       updated_at = now()${clearNewToken ? `, email_change_token_new = ''` : ''} where id = $1`,
    [userId, newEmail],
  );
  await deleteOneTimeTokens(q, userId, ['email_change_token_current']);
}

/** The first of two confirmations of a secure e-mail change arrived. */
export async function markEmailChangeHalfConfirmed(q: Queryable, userId: string): Promise<void> {
  await q.query(`update auth.users set email_change_confirm_status = 1 where id = $1`, [userId]);
}

/** GoTrue's ConfirmEmailChange: the new address becomes the user's (and its e-mail identity's), proven. */
export async function applyEmailChange(q: Queryable, userId: string, email: string): Promise<void> {
  await q.query(
    `update auth.users set email = $2, email_change = '', email_change_token_new = '', email_change_token_current = '',
       email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()),
       is_anonymous = false, updated_at = now()
     where id = $1`,
    [userId, email],
  );
  await deleteOneTimeTokens(q, userId, ['email_change_token_new', 'email_change_token_current']);
  if (!(await mergeEmailIdentityData(q, userId, { email, email_verified: true }))) {
    await createEmailIdentity(q, userId, { sub: userId, email, email_verified: true });
  }
}

/** A token column the mailers fill (GoTrue stores the hash on the user as well as in one_time_tokens). */
export type TokenColumn =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'reauthentication_token';

export async function setUserToken(
  q: Queryable,
  userId: string,
  column: TokenColumn,
  sentAtColumn: string,
  tokenHash: string,
): Promise<void> {
  await q.query(`update auth.users set ${column} = $2, ${sentAtColumn} = now() where id = $1`, [
    userId,
    tokenHash,
  ]);
}

/** The user holding one of these hashes in `column`, sent less than `expirySeconds` ago. */
export const findUserByToken = (
  q: Queryable,
  column: TokenColumn,
  sentAtColumn: string,
  tokenHashes: string[],
  expirySeconds: number,
): Promise<UserRow | undefined> =>
  loadUser(
    q,
    `u.${column} = any($1::text[]) and u.${column} <> '' and u.${sentAtColumn} + make_interval(secs => $2) > now()`,
    [tokenHashes, expirySeconds],
  );

export async function clearUserToken(q: Queryable, userId: string, column: TokenColumn): Promise<void> {
  await q.query(`update auth.users set ${column} = '', updated_at = now() where id = $1`, [userId]);
}

/** The nonce was used: it and its sending time go. */
export async function clearReauthentication(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1`,
    [userId],
  );
  await deleteOneTimeTokens(q, userId, ['reauthentication_token']);
}

/** GoTrue's UpdateAppMetaDataProviders: `providers` lists the identities the user has left. */
export async function refreshProviders(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || jsonb_build_object(
       'providers', (select coalesce(jsonb_agg(distinct provider), '[]'::jsonb) from auth.identities where user_id = $1)),
       updated_at = now()
     where id = $1`,
    [userId],
  );
}
