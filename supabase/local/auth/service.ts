import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { SignJWT } from 'jose';
import type { AuthConfig } from '../config';
import type { Database, Queryable } from '../db/engine';
import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { JwtClaims, JwtVerifier, Keys } from '../gateway/keys';
import type { Outbox } from '../mail/outbox';

/**
 * GoTrue's /auth/v1 endpoints as supabase-js 2.119 calls them (protocol §4), storing everything in
 * the same auth.* tables GoTrue uses, so project triggers on auth.users fire as they would on Supabase.
 */
export interface AuthContext {
  db: Database;
  config: AuthConfig;
  keys: Keys;
  verifier: JwtVerifier;
  /** External base URL of the gateway, e.g. http://127.0.0.1:54321. */
  apiUrl: () => string;
  outbox: Outbox;
  /** bcrypt cost factor; GoTrue uses 10. */
  bcryptCost: number;
}

class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const FLOW_STATE_TTL_S = 300;
const API_VERSION = '2024-01-01';

// ---------------------------------------------------------------------------------------------
// Rows and JSON shapes

interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  invited_at: string | null;
  confirmation_sent_at: string | null;
  recovery_token: string | null;
  recovery_sent_at: string | null;
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
}

// to_jsonb renders rows the way Postgres does, so timestamps come back as ISO strings on both engines.
const USER_SELECT = `select (to_jsonb(u) || jsonb_build_object('identities', coalesce((
    select jsonb_agg(to_jsonb(i) order by i.created_at) from auth.identities i where i.user_id = u.id), '[]'::jsonb)))::text as doc
  from auth.users u`;

async function loadUser(q: Queryable, where: string, params: unknown[]): Promise<UserRow | undefined> {
  const { rows } = await q.query<{ doc: string }>(`${USER_SELECT} where ${where} limit 1`, params);
  return rows[0] ? (JSON.parse(rows[0].doc) as UserRow) : undefined;
}

function userJson(u: UserRow): Record<string, unknown> {
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
  if (u.banned_until) out['banned_until'] = u.banned_until;
  if (u.deleted_at) out['deleted_at'] = u.deleted_at;
  out['is_anonymous'] = u.is_anonymous;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Validation helpers

const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

function validateEmail(email: unknown): string {
  if (typeof email !== 'string' || !EMAIL_RE.test(email.trim())) {
    throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
  return email.trim().toLowerCase();
}

const CHARACTER_SETS: Record<string, string[]> = {
  letters_digits: ['abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
  lower_upper_letters_digits: ['abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
  lower_upper_letters_digits_symbols: [
    'abcdefghijklmnopqrstuvwxyz',
    'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    '0123456789',
    '!@#$%^&*()_+-=[]{};\':"|<>?,./`~',
  ],
};

function passwordWeakness(
  config: AuthConfig,
  password: string,
): { reasons: string[]; message: string } | undefined {
  const reasons: string[] = [];
  const messages: string[] = [];
  if (password.length < config.minimumPasswordLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${config.minimumPasswordLength} characters.`);
  }
  const sets = CHARACTER_SETS[config.passwordRequirements];
  if (sets && !sets.every((set) => [...password].some((ch) => set.includes(ch)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  return reasons.length ? { reasons, message: messages.join(' ') } : undefined;
}

function checkPassword(config: AuthConfig, password: unknown, missingMessage: string): string {
  if (typeof password !== 'string' || password === '')
    throw new AuthError(400, 'validation_failed', missingMessage);
  if ([...password].length > 72) {
    throw new AuthError(400, 'validation_failed', 'Password cannot be longer than 72 characters');
  }
  const weak = passwordWeakness(config, password);
  if (weak)
    throw new AuthError(422, 'weak_password', weak.message, { weak_password: { reasons: weak.reasons } });
  return password;
}

function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i] as string;
    if (ch === '*' && glob[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (ch === '*') re += '[^/.]*';
    else if (ch === '?') re += '[^/.]';
    else re += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** GoTrue's rule: same host as site_url, or a match in the allow-list (globs); else site_url. */
export function resolveRedirect(config: AuthConfig, requested: string | null | undefined): string {
  if (!requested) return config.siteUrl;
  try {
    const url = new URL(requested);
    const site = new URL(config.siteUrl);
    if (url.hostname === site.hostname) return requested;
  } catch {
    return config.siteUrl;
  }
  const stripped = requested.split('#')[0] ?? requested;
  const allowed = config.additionalRedirectUrls.some((pattern) => {
    const re = globToRegExp(pattern);
    return re.test(stripped) || re.test(stripped.split('?')[0] ?? stripped);
  });
  return allowed ? requested : config.siteUrl;
}

function parseBody(req: GatewayRequest): Record<string, unknown> {
  if (!req.body.trim()) return {};
  try {
    const value: unknown = JSON.parse(req.body);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through to the error below
  }
  throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
}

const sha224Hex = (text: string): string => createHash('sha224').update(text).digest('hex');
const newRefreshToken = (): string => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(16);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
};

function checkPkceParams(body: Record<string, unknown>): { challenge: string; method: string } | undefined {
  const challenge = body['code_challenge'];
  const method = body['code_challenge_method'];
  const hasChallenge = typeof challenge === 'string' && challenge !== '';
  const hasMethod = typeof method === 'string' && method !== '';
  if (!hasChallenge && !hasMethod) return undefined;
  if (hasChallenge !== hasMethod) {
    throw new AuthError(
      400,
      'validation_failed',
      'PKCE flow requires code_challenge_method and code_challenge',
    );
  }
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge as string)) {
    throw new AuthError(400, 'validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  const m = (method as string).toLowerCase();
  if (m !== 's256' && m !== 'plain') {
    throw new AuthError(400, 'validation_failed', 'code challenge method not supported');
  }
  return { challenge: challenge as string, method: m };
}

type TokenKind = 'recovery' | 'signup';

/** Where each kind of mailed token lives (GoTrue's users columns and one_time_tokens types). */
const TOKEN_KINDS: Record<TokenKind, { column: string; sentAt: string; ott: string; method: string }> = {
  recovery: {
    column: 'recovery_token',
    sentAt: 'recovery_sent_at',
    ott: 'recovery_token',
    method: 'recovery',
  },
  signup: {
    column: 'confirmation_token',
    sentAt: 'confirmation_sent_at',
    ott: 'confirmation_token',
    method: 'email/signup',
  },
};

function tokenKind(type: unknown): TokenKind | undefined {
  if (type === 'recovery') return 'recovery';
  if (type === 'signup' || type === 'email') return 'signup';
  return undefined;
}

// ---------------------------------------------------------------------------------------------

export function createAuthService(ctx: AuthContext): (req: GatewayRequest) => Promise<Reply> {
  const { db } = ctx;
  const cfg = (): AuthConfig => ctx.config;
  const secret = new TextEncoder().encode(ctx.keys.jwtSecret);
  const issuer = (): string => `${ctx.apiUrl()}/auth/v1`;
  // GoTrue (Go's bcrypt) writes $2a$ hashes, and pgcrypto's crypt() used by seed files only knows $2a$;
  // for passwords of at most 72 bytes $2a$ and $2b$ compute the same hash.
  const hashPassword = async (password: string): Promise<string> =>
    bcrypt.hash(password, (await bcrypt.genSalt(ctx.bcryptCost)).replace(/^\$2b\$/, '$2a$'));

  async function issueSession(
    q: Queryable,
    user: UserRow,
    method: string,
    req: GatewayRequest,
  ): Promise<Record<string, unknown>> {
    const sessionId = randomUUID();
    const refresh = newRefreshToken();
    await q.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent)
       values ($1, $2, now(), now(), 'aal1', $3)`,
      [sessionId, user.id, req.headers['user-agent'] ?? null],
    );
    await q.query(
      `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
       values ($1, $2, now(), now(), $3)`,
      [randomUUID(), sessionId, method],
    );
    await q.query(
      `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ($1, $2, false, now(), now(), null, $3)`,
      [refresh, user.id, sessionId],
    );
    await q.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [
      user.id,
    ]);
    const fresh = (await loadUser(q, 'u.id = $1', [user.id])) ?? user;
    return tokenResponse(fresh, sessionId, refresh, [{ method, timestamp: Math.floor(Date.now() / 1000) }]);
  }

  async function tokenResponse(
    user: UserRow,
    sessionId: string,
    refreshToken: string,
    amr: Array<{ method: string; timestamp: number }>,
  ): Promise<Record<string, unknown>> {
    const iat = Math.floor(Date.now() / 1000);
    const exp = iat + cfg().jwtExpiry;
    // Claim order follows GoTrue's AccessTokenClaims (protocol §4.3).
    const claims = {
      iss: issuer(),
      sub: user.id,
      aud: user.aud ?? 'authenticated',
      exp,
      iat,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role ?? 'authenticated',
      aal: 'aal1',
      amr,
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    };
    const accessToken = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(secret);
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: cfg().jwtExpiry,
      expires_at: exp,
      refresh_token: refreshToken,
      user: userJson(user),
    };
  }

  async function amrFor(
    q: Queryable,
    sessionId: string,
  ): Promise<Array<{ method: string; timestamp: number }>> {
    const { rows } = await q.query<{ method: string; ts: number }>(
      `select authentication_method as method, extract(epoch from created_at)::int as ts
       from auth.mfa_amr_claims where session_id = $1 order by created_at`,
      [sessionId],
    );
    return rows.map((r) => ({ method: r.method, timestamp: Number(r.ts) }));
  }

  /** The checks GoTrue makes on a bearer for /user, /logout and admin calls (protocol §4.2). */
  async function requireClaims(req: GatewayRequest): Promise<JwtClaims> {
    if (!req.bearer)
      throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    const result = await ctx.verifier.verify(req.bearer);
    if (!result.ok) {
      const detail =
        result.reason === 'expired' ? 'token has invalid claims: token is expired' : result.message;
      throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);
    }
    return result.claims;
  }

  async function requireUser(req: GatewayRequest): Promise<{ claims: JwtClaims; user: UserRow }> {
    const claims = await requireClaims(req);
    if (typeof claims.sub !== 'string' || claims.sub === '') {
      throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    }
    const user = await loadUser(db, 'u.id::text = $1', [claims.sub]);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    const sessionId = claims['session_id'];
    if (typeof sessionId === 'string' && sessionId !== '') {
      const { rows } = await db.query(
        `select 1 from auth.sessions where id::text = $1 and (not_after is null or not_after > now())`,
        [sessionId],
      );
      if (rows.length === 0) {
        throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      }
    }
    return { claims, user };
  }

  async function requireAdmin(req: GatewayRequest): Promise<void> {
    const claims = await requireClaims(req);
    if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
      throw new AuthError(403, 'not_admin', 'User not allowed');
    }
  }

  async function createUser(
    q: Queryable,
    input: {
      email: string;
      password: string | undefined;
      userMetadata: Record<string, unknown>;
      appMetadata: Record<string, unknown>;
      confirmed: boolean;
    },
  ): Promise<UserRow> {
    const id = randomUUID();
    const hash = input.password ? await hashPassword(input.password) : '';
    const appMeta = { provider: 'email', providers: ['email'], ...input.appMetadata };
    try {
      // The trigger-visible insert carries exactly the signup data, as GoTrue's does.
      await q.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
           raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, confirmation_token,
           recovery_token, email_change_token_new, email_change, is_sso_user, is_anonymous)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
           case when $4::boolean then now() end, $5::jsonb, $6::jsonb, false, now(), now(), '', '', '', '', false, false)`,
        [id, input.email, hash, input.confirmed, JSON.stringify(appMeta), JSON.stringify(input.userMetadata)],
      );
      const identityData = { sub: id, email: input.email, email_verified: false, phone_verified: false };
      await q.query(
        `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
         values ($1, $2, $3, $4::jsonb, 'email', now(), now(), now())`,
        [randomUUID(), id, id, JSON.stringify({ ...identityData, ...input.userMetadata, ...identityData })],
      );
      if (input.confirmed) {
        await q.query(
          `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb
           where id = $1`,
          [id],
        );
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === '23505') {
        throw new AuthError(
          422,
          'email_exists',
          'A user with this email address has already been registered',
        );
      }
      console.error('[local-supabase] saving a new user failed:', (error as Error).message);
      throw new AuthError(500, 'unexpected_failure', 'Database error saving new user');
    }
    const user = await loadUser(q, 'u.id = $1', [id]);
    if (!user) throw new AuthError(500, 'unexpected_failure', 'Database error saving new user');
    return user;
  }

  // -------------------------------------------------------------------------------------------
  // Endpoints

  async function signup(req: GatewayRequest): Promise<Reply> {
    const body = parseBody(req);
    if (!cfg().enableSignup || !cfg().emailEnableSignup) {
      throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    }
    // signInAnonymously() posts a signup without e-mail or phone; anonymous sign-ins are not offered.
    if (body['email'] === undefined && body['phone'] === undefined) {
      throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    const email = validateEmail(body['email']);
    const password = checkPassword(cfg(), body['password'], 'Signup requires a valid password');
    const data =
      body['data'] && typeof body['data'] === 'object' ? (body['data'] as Record<string, unknown>) : {};
    const existing = await loadUser(db, 'lower(u.email) = $1 and u.is_sso_user = false', [email]);
    if (existing) {
      if (existing.email_confirmed_at || !cfg().enableConfirmations) {
        throw new AuthError(422, 'user_already_exists', 'User already registered');
      }
      return json(200, userJson(existing));
    }
    const confirmed = !cfg().enableConfirmations;
    const pkce = checkPkceParams(body);
    const result = await db.transaction(async (tx) => {
      const user = await createUser(tx, { email, password, userMetadata: data, appMetadata: {}, confirmed });
      return confirmed ? issueSession(tx, user, 'password', req) : user;
    });
    if (!confirmed) {
      const user = result as UserRow;
      const redirectTo = resolveRedirect(cfg(), req.query.get('redirect_to'));
      await sendTokenMail(user, 'signup', redirectTo, pkce);
      return json(200, userJson((await loadUser(db, 'u.id = $1', [user.id])) ?? user));
    }
    return json(200, result);
  }

  async function passwordGrant(req: GatewayRequest): Promise<Reply> {
    const body = parseBody(req);
    const email = typeof body['email'] === 'string' ? body['email'].trim().toLowerCase() : '';
    const password = typeof body['password'] === 'string' ? body['password'] : '';
    if (!email && !body['phone']) throw new AuthError(400, 'validation_failed', 'missing email or phone');
    const user = email
      ? await loadUser(db, 'lower(u.email) = $1 and u.is_sso_user = false', [email])
      : undefined;
    const valid =
      !!user &&
      !!user.encrypted_password &&
      (await bcrypt.compare(password, user.encrypted_password).catch(() => false));
    if (!user || !valid) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
    if (!user.email_confirmed_at && cfg().enableConfirmations) {
      throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
    }
    if (user.banned_until && Date.parse(user.banned_until) > Date.now()) {
      throw new AuthError(400, 'user_banned', 'User is banned');
    }
    const session = await db.transaction((tx) => issueSession(tx, user, 'password', req));
    const weak = passwordWeakness(cfg(), password);
    if (weak) session['weak_password'] = weak;
    return json(200, session);
  }

  async function refreshGrant(req: GatewayRequest): Promise<Reply> {
    const body = parseBody(req);
    const token = body['refresh_token'];
    if (typeof token !== 'string' || token === '') {
      throw new AuthError(400, 'validation_failed', 'refresh_token required');
    }
    const outcome = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{
        id: string;
        token: string;
        user_id: string;
        revoked: boolean;
        parent: string | null;
        session_id: string | null;
        revoked_for: number;
      }>(
        `select id, token, user_id, revoked, parent, session_id::text as session_id,
           extract(epoch from (now() - updated_at))::float8 as revoked_for
         from auth.refresh_tokens where token = $1 for update`,
        [token],
      );
      const row = rows[0];
      if (!row) {
        return new AuthError(
          400,
          'refresh_token_not_found',
          'Invalid Refresh Token: Refresh Token Not Found',
        );
      }
      const session = row.session_id
        ? (
            await tx.query<{ expired: boolean }>(
              `select (not_after is not null and not_after <= now()) as expired from auth.sessions where id = $1`,
              [row.session_id],
            )
          ).rows[0]
        : undefined;
      if (!session)
        return new AuthError(400, 'session_not_found', 'Invalid Refresh Token: Session Not Found');
      if (session.expired)
        return new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired');
      const user = await loadUser(tx, 'u.id::text = $1', [row.user_id]);
      if (!user)
        return new AuthError(
          400,
          'refresh_token_not_found',
          'Invalid Refresh Token: Refresh Token Not Found',
        );

      let issued: string;
      if (row.revoked) {
        const active = (
          await tx.query<{ token: string; parent: string | null }>(
            `select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false
             order by id desc limit 1`,
            [row.session_id],
          )
        ).rows[0];
        if (active && active.parent === row.token) {
          // Two tabs refreshing with the same token both get the session's current token.
          issued = active.token;
        } else if (active && Number(row.revoked_for) < cfg().refreshTokenReuseInterval) {
          issued = newRefreshToken();
          await tx.query(
            `update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1`,
            [active.token],
          );
          await tx.query(
            `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
             values ($1, $2, false, now(), now(), $3, $4)`,
            [issued, row.user_id, active.token, row.session_id],
          );
        } else {
          // Reuse detected: the whole token family (session) dies.
          await tx.query(
            `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false`,
            [row.session_id],
          );
          await tx.query(`delete from auth.sessions where id = $1`, [row.session_id]);
          return new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
        }
      } else if (cfg().enableRefreshTokenRotation) {
        issued = newRefreshToken();
        await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [
          row.id,
        ]);
        await tx.query(
          `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
           values ($1, $2, false, now(), now(), $3, $4)`,
          [issued, row.user_id, row.token, row.session_id],
        );
      } else {
        issued = row.token;
      }
      await tx.query(`update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1`, [
        row.session_id,
      ]);
      return tokenResponse(
        user,
        row.session_id as string,
        issued,
        await amrFor(tx, row.session_id as string),
      );
    });
    if (outcome instanceof AuthError) throw outcome;
    return json(200, outcome);
  }

  async function pkceGrant(req: GatewayRequest): Promise<Reply> {
    const body = parseBody(req);
    const authCode = body['auth_code'];
    const verifier = body['code_verifier'];
    if (typeof authCode !== 'string' || typeof verifier !== 'string' || !authCode || !verifier) {
      throw new AuthError(
        400,
        'validation_failed',
        'invalid request: both auth code and code verifier should be non-empty',
      );
    }
    const outcome = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{
        id: string;
        user_id: string | null;
        code_challenge: string;
        code_challenge_method: string;
        authentication_method: string;
        expired: boolean;
      }>(
        `select id::text, user_id::text, code_challenge, code_challenge_method, authentication_method,
           (created_at + make_interval(secs => $2) < now()) as expired
         from auth.flow_state where auth_code = $1`,
        [authCode, FLOW_STATE_TTL_S],
      );
      const flow = rows[0];
      if (!flow)
        return new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
      if (flow.expired) {
        await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
        return new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
      }
      const computed =
        flow.code_challenge_method.toLowerCase() === 'plain'
          ? verifier
          : createHash('sha256').update(verifier).digest('base64url');
      if (computed !== flow.code_challenge) {
        return new AuthError(
          400,
          'bad_code_verifier',
          'code challenge does not match previously saved code verifier',
        );
      }
      await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
      const user = flow.user_id ? await loadUser(tx, 'u.id::text = $1', [flow.user_id]) : undefined;
      if (!user) return new AuthError(404, 'user_not_found', 'User not found');
      return issueSession(tx, user, flow.authentication_method, req);
    });
    if (outcome instanceof AuthError) throw outcome;
    return json(200, outcome);
  }

  async function getUser(req: GatewayRequest): Promise<Reply> {
    const { user } = await requireUser(req);
    return json(200, userJson(user));
  }

  async function updateUser(req: GatewayRequest): Promise<Reply> {
    const { claims, user } = await requireUser(req);
    const body = parseBody(req);
    const updated = await db.transaction(async (tx) => {
      if (body['data'] && typeof body['data'] === 'object' && !Array.isArray(body['data'])) {
        // Shallow merge; a key set to null is removed (GoTrue's UpdateUserMetaData).
        const meta: Record<string, unknown> = { ...(user.raw_user_meta_data ?? {}) };
        for (const [k, v] of Object.entries(body['data'] as Record<string, unknown>)) {
          if (v === null) delete meta[k];
          else meta[k] = v;
        }
        await tx.query(
          `update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`,
          [user.id, JSON.stringify(meta)],
        );
      }
      if (body['password'] !== undefined && body['password'] !== null) {
        const password = checkPassword(cfg(), body['password'], 'Password is required');
        if (
          user.encrypted_password &&
          (await bcrypt.compare(password, user.encrypted_password).catch(() => false))
        ) {
          throw new AuthError(
            422,
            'same_password',
            'New password should be different from the old password.',
          );
        }
        await tx.query(
          `update auth.users set encrypted_password = $2, recovery_token = '', updated_at = now() where id = $1`,
          [user.id, await hashPassword(password)],
        );
        // GoTrue signs out every other session of the user; the current one stays.
        await tx.query(`delete from auth.sessions where user_id = $1 and id::text is distinct from $2`, [
          user.id,
          typeof claims['session_id'] === 'string' ? claims['session_id'] : null,
        ]);
      }
      if (typeof body['email'] === 'string' && body['email'].trim().toLowerCase() !== user.email) {
        const email = validateEmail(body['email']);
        const taken = await tx.query(`select 1 from auth.users where lower(email) = $1 and id <> $2`, [
          email,
          user.id,
        ]);
        if (taken.rows.length) {
          throw new AuthError(
            422,
            'email_exists',
            'A user with this email address has already been registered',
          );
        }
        // Local simplification: the change applies at once instead of waiting for confirmation mails.
        await tx.query(`update auth.users set email = $2, updated_at = now() where id = $1`, [
          user.id,
          email,
        ]);
        await tx.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
           where user_id = $1 and provider = 'email'`,
          [user.id, email],
        );
      }
      return loadUser(tx, 'u.id = $1', [user.id]);
    });
    return json(200, userJson(updated ?? user));
  }

  async function logout(req: GatewayRequest): Promise<Reply> {
    const claims = await requireClaims(req);
    const scope = req.query.get('scope') ?? 'global';
    if (!['global', 'local', 'others'].includes(scope)) {
      throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
    }
    const sub = typeof claims.sub === 'string' ? claims.sub : undefined;
    const sessionId = typeof claims['session_id'] === 'string' ? claims['session_id'] : null;
    if (sub) {
      if (scope === 'local') await db.query(`delete from auth.sessions where id::text = $1`, [sessionId]);
      else if (scope === 'others') {
        await db.query(
          `delete from auth.sessions where user_id::text = $1 and id::text is distinct from $2`,
          [sub, sessionId],
        );
      } else await db.query(`delete from auth.sessions where user_id::text = $1`, [sub]);
    }
    return { status: 204 };
  }

  /** GoTrue's max_frequency: one mail of a kind per user per interval, counted from the last one sent. */
  function refuseIfMailedRecently(sentAt: string | null): void {
    if (!sentAt) return;
    const since = (Date.now() - Date.parse(sentAt)) / 1000;
    if (since < cfg().maxFrequency) {
      const wait = Math.max(1, Math.ceil(cfg().maxFrequency - since));
      throw new AuthError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${wait} seconds.`,
      );
    }
  }

  async function recover(req: GatewayRequest): Promise<Reply> {
    const body = parseBody(req);
    const email = validateEmail(body['email']);
    const pkce = checkPkceParams(body);
    const redirectTo = resolveRedirect(
      cfg(),
      req.query.get('redirect_to') ?? (body['redirect_to'] as string | undefined),
    );
    const user = await loadUser(db, 'lower(u.email) = $1 and u.is_sso_user = false', [email]);
    if (!user) return json(200, {});
    refuseIfMailedRecently(user.recovery_sent_at);
    await sendTokenMail(user, 'recovery', redirectTo, pkce);
    return json(200, {});
  }

  /** `auth.resend({ type: 'signup', email })`: a fresh confirmation mail for an unconfirmed user. */
  async function resend(req: GatewayRequest): Promise<Reply> {
    const body = parseBody(req);
    if (body['type'] !== 'signup') {
      throw new AuthError(
        400,
        'validation_failed',
        'Missing one of these types: signup, email_change, sms, phone_change',
      );
    }
    const email = validateEmail(body['email']);
    const user = await loadUser(db, 'lower(u.email) = $1 and u.is_sso_user = false', [email]);
    if (!user || user.email_confirmed_at) return json(200, {});
    refuseIfMailedRecently(user.confirmation_sent_at);
    const redirectTo = resolveRedirect(cfg(), req.query.get('redirect_to'));
    await sendTokenMail(user, 'signup', redirectTo, checkPkceParams(body));
    return json(200, {});
  }

  /** Finds and consumes an e-mail token; undefined when it is unknown, used or expired. */
  async function consumeToken(
    tx: Queryable,
    kind: TokenKind,
    tokenHashes: string[],
  ): Promise<UserRow | undefined> {
    const k = TOKEN_KINDS[kind];
    const user = await loadUser(
      tx,
      `u.${k.column} = any($1::text[]) and u.${k.column} <> '' and u.${k.sentAt} + make_interval(secs => $2) > now()`,
      [tokenHashes, cfg().otpExpiry],
    );
    if (!user) return undefined;
    // Opening any mailed link proves the address, as in GoTrue.
    await tx.query(
      `update auth.users set ${k.column} = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
       where id = $1`,
      [user.id],
    );
    await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = $2`, [
      user.id,
      k.ott,
    ]);
    if (kind === 'signup') {
      await tx.query(
        `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb
         where id = $1`,
        [user.id],
      );
    }
    return (await loadUser(tx, 'u.id = $1', [user.id])) ?? user;
  }

  /** Stores a new e-mail token and writes the mail to the outbox. */
  async function sendTokenMail(
    user: UserRow,
    kind: TokenKind,
    redirectTo: string,
    pkce: { challenge: string; method: string } | undefined,
  ): Promise<void> {
    const k = TOKEN_KINDS[kind];
    const email = (user.email ?? '').toLowerCase();
    const otp = String(randomInt(0, 10 ** cfg().otpLength)).padStart(cfg().otpLength, '0');
    const plainHash = sha224Hex(email + otp);
    const tokenHash = pkce ? `pkce_${plainHash}` : plainHash;
    await db.transaction(async (tx) => {
      await tx.query(`update auth.users set ${k.column} = $2, ${k.sentAt} = now() where id = $1`, [
        user.id,
        tokenHash,
      ]);
      await tx.query(
        `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
         values ($1, $2, $3, $4, $5, now(), now())
         on conflict (user_id, token_type) do update set token_hash = excluded.token_hash,
           relates_to = excluded.relates_to, created_at = now(), updated_at = now()`,
        [randomUUID(), user.id, k.ott, tokenHash, email],
      );
      if (pkce) {
        await tx.query(
          `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
             created_at, updated_at, authentication_method)
           values ($1, $2, $3, $4, $5, $6, now(), now(), $6)`,
          [randomUUID(), user.id, randomUUID(), pkce.method, pkce.challenge, k.method],
        );
      }
    });
    const link = `${ctx.apiUrl()}/auth/v1/verify?token=${tokenHash}&type=${kind}&redirect_to=${encodeURIComponent(redirectTo)}`;
    const [title, action] =
      kind === 'recovery'
        ? ['Reset Password', 'reset the password for your user']
        : ['Confirm your signup', 'confirm your user'];
    ctx.outbox.add({
      to: email,
      subject: kind === 'recovery' ? 'Reset Your Password' : 'Confirm Your Signup',
      type: kind,
      link,
      token: otp,
      tokenHash,
      redirectTo,
      text: `${title}\n\nFollow this link to ${action}:\n${link}\n\nAlternatively, enter the code: ${otp}\n`,
      html: `<h2>${title}</h2><p>Follow this link to ${action}:</p><p><a href="${link.replace(/&/g, '&amp;')}">${title}</a></p><p>Alternatively, enter the code: ${otp}</p>`,
    });
  }

  async function verifyGet(req: GatewayRequest): Promise<Reply> {
    const token = req.query.get('token') ?? '';
    const type = req.query.get('type') ?? '';
    const redirectTo = resolveRedirect(cfg(), req.query.get('redirect_to'));
    const isPkce = token.startsWith('pkce_');
    const errorRedirect = (): Reply => {
      const params =
        'error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';
      const base = isPkce ? `${redirectTo}${redirectTo.includes('?') ? '&' : '?'}${params}` : redirectTo;
      return { status: 303, headers: { location: `${base}#${params}&sb=` } };
    };
    const kind = tokenKind(type);
    if (!kind || !token) return errorRedirect();
    const outcome = await db.transaction(async (tx) => {
      const user = await consumeToken(tx, kind, [token]);
      if (!user) return undefined;
      if (isPkce) {
        const flow = (
          await tx.query<{ auth_code: string }>(
            `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
             where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                         order by created_at desc limit 1)
             returning auth_code`,
            [user.id, TOKEN_KINDS[kind].method],
          )
        ).rows[0];
        if (!flow) return undefined;
        return `${redirectTo}${redirectTo.includes('?') ? '&' : '?'}code=${flow.auth_code}`;
      }
      const session = await issueSession(tx, user, 'otp', req);
      const fragment = new URLSearchParams({
        access_token: String(session['access_token']),
        expires_at: String(session['expires_at']),
        expires_in: String(session['expires_in']),
        refresh_token: String(session['refresh_token']),
        token_type: 'bearer',
        type: kind,
      });
      return `${redirectTo}#${fragment.toString()}&sb=`;
    });
    return outcome ? { status: 303, headers: { location: outcome } } : errorRedirect();
  }

  async function verifyPost(req: GatewayRequest): Promise<Reply> {
    const body = parseBody(req);
    const kind = tokenKind(body['type']);
    if (!kind) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
    let hashes: string[];
    let message: string;
    if (typeof body['token_hash'] === 'string' && body['token_hash']) {
      hashes = [body['token_hash']];
      message = 'Email link is invalid or has expired';
    } else if (typeof body['email'] === 'string' && typeof body['token'] === 'string') {
      const h = sha224Hex(body['email'].trim().toLowerCase() + body['token'].trim());
      hashes = [h, `pkce_${h}`];
      message = 'Token has expired or is invalid';
    } else {
      throw new AuthError(400, 'validation_failed', 'Verify requires either a token or a token hash');
    }
    const outcome = await db.transaction(async (tx) => {
      const user = await consumeToken(tx, kind, hashes);
      return user ? issueSession(tx, user, 'otp', req) : undefined;
    });
    if (!outcome) throw new AuthError(403, 'otp_expired', message);
    return json(200, outcome);
  }

  async function adminCreateUser(req: GatewayRequest): Promise<Reply> {
    await requireAdmin(req);
    const body = parseBody(req);
    const email = validateEmail(body['email']);
    const password =
      body['password'] === undefined || body['password'] === null
        ? undefined
        : checkPassword(cfg(), body['password'], 'Password is required');
    const meta = (key: string): Record<string, unknown> =>
      body[key] && typeof body[key] === 'object' && !Array.isArray(body[key])
        ? (body[key] as Record<string, unknown>)
        : {};
    const existing = await loadUser(db, 'lower(u.email) = $1', [email]);
    if (existing) {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    const user = await db.transaction((tx) =>
      createUser(tx, {
        email,
        password,
        userMetadata: meta('user_metadata'),
        appMetadata: meta('app_metadata'),
        confirmed: body['email_confirm'] === true,
      }),
    );
    return json(200, userJson(user));
  }

  async function adminListUsers(req: GatewayRequest): Promise<Reply> {
    await requireAdmin(req);
    const page = Math.max(1, Number(req.query.get('page') ?? 1) || 1);
    const perPage = Math.min(1000, Math.max(1, Number(req.query.get('per_page') ?? 50) || 50));
    const { rows } = await db.query<{ doc: string }>(
      `${USER_SELECT} order by u.created_at, u.id limit $1 offset $2`,
      [perPage, (page - 1) * perPage],
    );
    const total =
      (await db.query<{ n: string }>(`select count(*)::text as n from auth.users`)).rows[0]?.n ?? '0';
    return json(
      200,
      { users: rows.map((r) => userJson(JSON.parse(r.doc) as UserRow)), aud: 'authenticated' },
      { 'x-total-count': total },
    );
  }

  async function adminUser(req: GatewayRequest, id: string): Promise<Reply> {
    await requireAdmin(req);
    const user = /^[0-9a-f-]{36}$/i.test(id)
      ? await loadUser(db, 'u.id::text = $1', [id.toLowerCase()])
      : undefined;
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    if (req.method === 'GET') return json(200, userJson(user));
    if (req.method === 'DELETE') {
      await db.query(`delete from auth.users where id = $1`, [user.id]);
      return json(200, {});
    }
    // PUT: the admin update subset tests and seeding need.
    const body = parseBody(req);
    const updated = await db.transaction(async (tx) => {
      for (const [key, column] of [
        ['user_metadata', 'raw_user_meta_data'],
        ['app_metadata', 'raw_app_meta_data'],
      ] as const) {
        const value = body[key];
        if (value && typeof value === 'object' && !Array.isArray(value)) {
          await tx.query(
            `update auth.users set ${column} = coalesce(${column}, '{}'::jsonb) || $2::jsonb, updated_at = now() where id = $1`,
            [user.id, JSON.stringify(value)],
          );
        }
      }
      if (typeof body['password'] === 'string') {
        const password = checkPassword(cfg(), body['password'], 'Password is required');
        await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [
          user.id,
          await hashPassword(password),
        ]);
      }
      if (typeof body['email'] === 'string') {
        await tx.query(`update auth.users set email = $2, updated_at = now() where id = $1`, [
          user.id,
          validateEmail(body['email']),
        ]);
      }
      if (body['email_confirm'] === true) {
        await tx.query(
          `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1`,
          [user.id],
        );
      }
      if (typeof body['ban_duration'] === 'string') {
        const seconds =
          body['ban_duration'] === 'none' ? 0 : Math.round(parseGoDuration(body['ban_duration']));
        await tx.query(
          `update auth.users set banned_until = case when $2::int > 0 then now() + make_interval(secs => $2) end where id = $1`,
          [user.id, seconds],
        );
      }
      return loadUser(tx, 'u.id = $1', [user.id]);
    });
    return json(200, userJson(updated ?? user));
  }

  function settings(): Reply {
    return json(200, {
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: !cfg().enableSignup,
      mailer_autoconfirm: !cfg().enableConfirmations,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    });
  }

  function errorReply(req: GatewayRequest, error: AuthError): Reply {
    const modern = (req.headers['x-supabase-api-version'] ?? '') >= API_VERSION;
    const headers: Record<string, string> = { 'x-sb-error-code': error.code };
    if (modern) headers['x-supabase-api-version'] = API_VERSION;
    const body = modern
      ? { code: error.code, error_code: error.code, message: error.message, ...error.extra }
      : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
    return json(error.status, body, headers);
  }

  return async function handle(req: GatewayRequest): Promise<Reply> {
    try {
      const { method, path } = req;
      let reply: Reply;
      if (path === '/health' && method === 'GET') {
        reply = json(200, {
          version: 'local',
          name: 'GoTrue',
          description: 'Local Supabase-compatible auth',
        });
      } else if (path === '/settings' && method === 'GET') reply = settings();
      else if (path === '/.well-known/jwks.json' && method === 'GET') reply = json(200, { keys: [] });
      else if (path === '/signup' && method === 'POST') reply = await signup(req);
      else if (path === '/token' && method === 'POST') {
        const grant = req.query.get('grant_type');
        if (grant === 'password') reply = await passwordGrant(req);
        else if (grant === 'refresh_token') reply = await refreshGrant(req);
        else if (grant === 'pkce') reply = await pkceGrant(req);
        else throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
      } else if (path === '/user' && method === 'GET') reply = await getUser(req);
      else if (path === '/user' && method === 'PUT') reply = await updateUser(req);
      else if (path === '/logout' && method === 'POST') reply = await logout(req);
      else if (path === '/recover' && method === 'POST') reply = await recover(req);
      else if (path === '/resend' && method === 'POST') reply = await resend(req);
      else if (path === '/verify' && method === 'GET') reply = await verifyGet(req);
      else if (path === '/verify' && method === 'POST') reply = await verifyPost(req);
      else if (path === '/admin/users' && method === 'POST') reply = await adminCreateUser(req);
      else if (path === '/admin/users' && method === 'GET') reply = await adminListUsers(req);
      else if (path.startsWith('/admin/users/') && ['GET', 'PUT', 'DELETE'].includes(method)) {
        reply = await adminUser(req, decodeURIComponent(path.slice('/admin/users/'.length)));
      } else throw new AuthError(404, 'not_found', `Not found: ${method} ${path}`);
      if ((req.headers['x-supabase-api-version'] ?? '') >= API_VERSION) {
        reply.headers = { ...reply.headers, 'x-supabase-api-version': API_VERSION };
      }
      return reply;
    } catch (error) {
      if (error instanceof AuthError) return errorReply(req, error);
      console.error('[local-supabase] auth error:', error);
      return errorReply(
        req,
        new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs'),
      );
    }
  };
}

function parseGoDuration(value: string): number {
  let total = 0;
  for (const m of value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
    total += Number(m[1]) * ({ ms: 0.001, s: 1, m: 60, h: 3600 }[m[2] as 'ms' | 's' | 'm' | 'h'] ?? 1);
  }
  return total;
}
