import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/engine';
import { AuthError, ErrorCode } from './errors';

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
    throw new AuthError(500, ErrorCode.unexpectedFailure, 'Database error querying schema');
  }
  return user as unknown as UserRow;
}

export const loadUserById = (q: Queryable, id: string): Promise<UserRow | undefined> =>
  loadUser(q, 'u.id::text = $1', [id]);

/** The e-mail user (not SSO) with this address, compared case-insensitively as GoTrue does. */
export const loadUserByEmail = (q: Queryable, email: string): Promise<UserRow | undefined> =>
  loadUser(q, 'lower(u.email) = $1 and u.is_sso_user = false', [email]);

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
    await q.query(
      `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1, $2, $3, $4::jsonb, 'email', now(), now(), now())`,
      [randomUUID(), id, id, JSON.stringify({ ...identityData, ...input.userMetadata, ...identityData })],
    );
    if (input.confirmed) await markEmailVerified(q, id);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === '23505') {
      throw new AuthError(
        422,
        ErrorCode.emailExists,
        'A user with this email address has already been registered',
      );
    }
    if (error instanceof AuthError) throw error;
    console.error('[local-supabase] saving a new user failed:', (error as Error).message);
    throw new AuthError(500, ErrorCode.unexpectedFailure, 'Database error saving new user');
  }
  return reload(q, id);
}

async function reload(q: Queryable, id: string): Promise<UserRow> {
  const user = await loadUserById(q, id);
  if (!user) throw new AuthError(500, ErrorCode.unexpectedFailure, 'Database error saving new user');
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

/** GoTrue's signupVerify: the address is proven (email_confirmed_at, email_verified on user and identity). */
export async function confirmUser(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
       updated_at = now() where id = $1`,
    [userId],
  );
  await markEmailVerified(q, userId);
  await q.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

export function isBanned(user: UserRow): boolean {
  return !!user.banned_until && Date.parse(user.banned_until) > Date.now();
}
