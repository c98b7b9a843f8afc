import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Queryable } from '../db/engine';
import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Auth, Route } from './context';
import { AuthError, ErrorCode } from './errors';
import { clientAddress } from './rate-limit';
import { parseBody } from './request';
import { amrFor, newRefreshToken, requireAdmin, requireUser, sessionIdOf, tokenResponse } from './sessions';
import { factorJson, loadUserById, type FactorRow, type UserRow } from './users';

/**
 * TOTP multi-factor authentication as GoTrue serves it (internal/api/mfa.go): enrol, challenge,
 * verify, unenrol, and the admin factor endpoints. The RFC 6238 arithmetic is the `otpauth` library's.
 */

/** GoTrue's defaults: MFA_MAX_ENROLLED_FACTORS, MFA_FACTOR_EXPIRY_DURATION, MFA_CHALLENGE_EXPIRY_DURATION. */
const MAX_ENROLLED_FACTORS = 10;
const FACTOR_EXPIRY_S = 300;
const CHALLENGE_EXPIRY_S = 300;
/** TOTP as GoTrue validates it: SHA-1, 6 digits, 30 s steps, one step of clock skew either way. */
export const TOTP_PERIOD_S = 30;
export const TOTP_SKEW_STEPS = 1;

// to_jsonb renders timestamps as ISO strings on both engines.
const FACTOR_SELECT = `select (to_jsonb(f))::text as doc from auth.mfa_factors f`;

async function loadFactors(q: Queryable, where: string, params: unknown[]): Promise<FactorRow[]> {
  const { rows } = await q.query<{ doc: string }>(
    `${FACTOR_SELECT} where ${where} order by f.created_at`,
    params,
  );
  return rows.map((r) => JSON.parse(r.doc) as FactorRow);
}

export const factorsOfUser = (q: Queryable, userId: string): Promise<FactorRow[]> =>
  loadFactors(q, 'f.user_id::text = $1', [userId]);

export function totpFor(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's own factor named in the path, else GoTrue's 404. */
async function ownFactor(q: Queryable, user: UserRow, factorId: string, lock = false): Promise<FactorRow> {
  const factor = UUID.test(factorId)
    ? (await loadFactors(q, 'f.id::text = $1 and f.user_id::text = $2', [factorId.toLowerCase(), user.id]))[0]
    : undefined;
  if (!factor) throw new AuthError(404, ErrorCode.mfaFactorNotFound, 'Factor not found');
  if (lock) await q.query(`select 1 from auth.mfa_factors where id = $1 for update`, [factor.id]);
  return factor;
}

async function currentAal(q: Queryable, sessionId: string | null): Promise<string> {
  if (!sessionId) return 'aal1';
  const { rows } = await q.query<{ aal: string | null }>(
    `select aal from auth.sessions where id::text = $1`,
    [sessionId],
  );
  return rows[0]?.aal ?? 'aal1';
}

/** The address a challenge is bound to, as inet text (an IPv4-mapped IPv6 peer written as IPv4). */
function clientIp(req: GatewayRequest): string {
  const address = clientAddress(req);
  return address === 'unknown' ? '0.0.0.0' : address.replace(/^::ffff:/, '');
}

/** POST /factors: mfa.enroll({ factorType: 'totp' }). */
async function enroll(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const { claims, user } = await requireUser(auth, req);
  const body = parseBody(req);
  const factorType = body['factor_type'];
  if (factorType !== 'totp') {
    const message =
      factorType === 'phone' || factorType === 'webauthn'
        ? `MFA enroll is disabled for ${factorType === 'phone' ? 'Phone' : 'WebAuthn'}`
        : 'factor_type needs to be totp, phone, or webauthn';
    throw factorType === 'phone' || factorType === 'webauthn'
      ? new AuthError(
          422,
          factorType === 'phone' ? ErrorCode.mfaPhoneEnrollNotEnabled : ErrorCode.mfaWebAuthnEnrollNotEnabled,
          message,
        )
      : new AuthError(400, ErrorCode.validationFailed, message);
  }
  const friendlyName = typeof body['friendly_name'] === 'string' ? body['friendly_name'] : '';
  const issuer =
    typeof body['issuer'] === 'string' && body['issuer'] !== ''
      ? body['issuer']
      : new URL(auth.config.siteUrl).host;

  const factor = await auth.db.transaction(async (tx) => {
    await tx.query(
      `delete from auth.mfa_factors where status = 'unverified' and created_at + make_interval(secs => $1) < now()`,
      [FACTOR_EXPIRY_S],
    );
    const existing = await factorsOfUser(tx, user.id);
    if (existing.some((f) => (f.friendly_name ?? '') === friendlyName)) {
      throw new AuthError(
        422,
        ErrorCode.mfaFactorNameConflict,
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    }
    const verified = existing.filter((f) => f.status === 'verified').length;
    if (existing.length >= MAX_ENROLLED_FACTORS || verified >= MAX_ENROLLED_FACTORS) {
      throw new AuthError(
        422,
        ErrorCode.tooManyEnrolledMfaFactors,
        'Maximum number of verified factors reached, unenroll to continue',
      );
    }
    if (verified > 0 && (await currentAal(tx, sessionIdOf(claims))) !== 'aal2') {
      throw new AuthError(403, ErrorCode.insufficientAal, 'AAL2 required to enroll a new factor');
    }
    const secret = new Secret({ size: 20 }).base32;
    const id = randomUUID();
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
      [id, user.id, friendlyName, secret],
    );
    return { id, secret };
  });
  const uri = totpFor(factor.secret, issuer, user.email ?? '').toString();
  // GoTrue sends the bare SVG; auth-js turns it into a data URI for an <img>.
  const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 1 });
  return json(200, {
    id: factor.id,
    type: 'totp',
    friendly_name: friendlyName,
    totp: { qr_code: qrCode, secret: factor.secret, uri },
  });
}

/** POST /factors/{id}/challenge */
async function challenge(auth: Auth, req: GatewayRequest, factorId: string): Promise<Reply> {
  const { user } = await requireUser(auth, req);
  auth.limits.check('factorChallenge', req, factorId);
  const factor = await ownFactor(auth.db, user, factorId);
  const id = randomUUID();
  const { rows } = await auth.db.transaction(async (tx) => {
    await tx.query(`update auth.mfa_factors set last_challenged_at = now() where id = $1`, [factor.id]);
    return tx.query<{ expires_at: number }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3::inet)
       returning extract(epoch from created_at + make_interval(secs => $4))::bigint as expires_at`,
      [id, factor.id, clientIp(req), CHALLENGE_EXPIRY_S],
    );
  });
  return json(200, { id, type: factor.factor_type, expires_at: Number(rows[0]?.expires_at) });
}

/** POST /factors/{id}/verify: raises the session to aal2 and adds `totp` to its amr. */
async function verify(auth: Auth, req: GatewayRequest, factorId: string): Promise<Reply> {
  const { claims, user } = await requireUser(auth, req);
  auth.limits.check('factorVerify', req, factorId);
  const sessionId = sessionIdOf(claims);
  if (!sessionId)
    throw new AuthError(401, ErrorCode.noAuthorization, 'This endpoint requires a valid session');
  const body = parseBody(req);
  const challengeId = typeof body['challenge_id'] === 'string' ? body['challenge_id'] : '';
  const code = typeof body['code'] === 'string' ? body['code'].trim() : '';
  const outcome = await auth.db.transaction(async (tx) => {
    const factor = await ownFactor(tx, user, factorId, true);
    const found = UUID.test(challengeId)
      ? (
          await tx.query<{ ip: string; verified: boolean; expired: boolean }>(
            `select host(ip_address) as ip, verified_at is not null as verified,
               created_at + make_interval(secs => $3) < now() as expired
             from auth.mfa_challenges where id::text = $1 and factor_id = $2`,
            [challengeId.toLowerCase(), factor.id, CHALLENGE_EXPIRY_S],
          )
        ).rows[0]
      : undefined;
    if (!found) {
      return new AuthError(
        422,
        ErrorCode.mfaFactorNotFound,
        'MFA factor with the provided challenge ID not found',
      );
    }
    if (found.verified || found.ip !== clientIp(req)) {
      return new AuthError(
        422,
        ErrorCode.mfaIpAddressMismatch,
        'Challenge and verify IP addresses mismatch.',
      );
    }
    if (found.expired) {
      await tx.query(`delete from auth.mfa_challenges where id::text = $1`, [challengeId.toLowerCase()]);
      return new AuthError(
        422,
        ErrorCode.mfaChallengeExpired,
        `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    const step = acceptedStep(factor.secret ?? '', code);
    // RFC 6238 §5.2: once a code was accepted, neither it nor an older one is accepted again. The step
    // of the last accepted code is kept on its challenge (otp_code is unused for TOTP in GoTrue).
    const lastUsed = (
      await tx.query<{ step: string | null }>(
        `select max(otp_code::bigint)::text as step from auth.mfa_challenges
         where factor_id = $1 and verified_at is not null and otp_code ~ '^[0-9]+$'`,
        [factor.id],
      )
    ).rows[0]?.step;
    if (step === null || (lastUsed !== null && lastUsed !== undefined && step <= Number(lastUsed))) {
      return new AuthError(422, ErrorCode.mfaVerificationFailed, 'Invalid TOTP code entered');
    }
    await tx.query(`update auth.mfa_challenges set verified_at = now(), otp_code = $2 where id::text = $1`, [
      challengeId.toLowerCase(),
      String(step),
    ]);
    if (factor.status !== 'verified') {
      await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [
        factor.id,
      ]);
    }
    return raiseSessionToAal2(auth, tx, user.id, sessionId, factor.id);
  });
  if (outcome instanceof AuthError) throw outcome;
  return json(200, outcome);
}

/** The time step whose code `code` is, within GoTrue's skew, or null for a wrong code. */
function acceptedStep(secret: string, code: string): number | null {
  if (!/^\d{6}$/.test(code) || !secret) return null;
  const now = Date.now();
  const delta = totpFor(secret, 'local', 'local').validate({
    token: code,
    timestamp: now,
    window: TOTP_SKEW_STEPS,
  });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
}

/**
 * GoTrue's updateMFASessionAndClaims: the session becomes aal2 with this factor, `totp` joins its amr,
 * its refresh token is swapped, the user's other aal1 sessions end and unverified factors go.
 */
async function raiseSessionToAal2(
  auth: Auth,
  tx: Queryable,
  userId: string,
  sessionId: string,
  factorId: string,
): Promise<Record<string, unknown>> {
  await tx.query(
    `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id::text = $1`,
    [sessionId, factorId],
  );
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), 'totp')
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [randomUUID(), sessionId],
  );
  const parent = (
    await tx.query<{ token: string }>(
      `select token from auth.refresh_tokens where session_id::text = $1 and revoked = false order by id desc limit 1`,
      [sessionId],
    )
  ).rows[0]?.token;
  await tx.query(
    `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id::text = $1 and revoked = false`,
    [sessionId],
  );
  const refresh = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, false, now(), now(), $3, $4)`,
    [refresh, userId, parent ?? null, sessionId],
  );
  await tx.query(`delete from auth.sessions where user_id = $1 and coalesce(aal, 'aal1') = 'aal1'`, [userId]);
  await tx.query(
    `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = 'totp'`,
    [userId],
  );
  const user = await loadUserById(tx, userId);
  if (!user) throw new AuthError(404, ErrorCode.userNotFound, 'User not found');
  return tokenResponse(auth, user, sessionId, refresh, await amrFor(tx, sessionId));
}

/** Turns the database's refusal to drop the only admin's last factor into a clear 422. */
async function deleteFactor(q: Queryable, factorId: string): Promise<void> {
  try {
    await q.query(`delete from auth.mfa_factors where id = $1`, [factorId]);
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    if (code === '42501')
      throw new AuthError(422, ErrorCode.validationFailed, message ?? 'Factor not deletable');
    throw error;
  }
}

/** DELETE /factors/{id}: mfa.unenroll(); a verified factor needs an aal2 session. */
async function unenroll(auth: Auth, req: GatewayRequest, factorId: string): Promise<Reply> {
  const { claims, user } = await requireUser(auth, req);
  const sessionId = sessionIdOf(claims);
  await auth.db.transaction(async (tx) => {
    const factor = await ownFactor(tx, user, factorId, true);
    if (factor.status === 'verified' && (await currentAal(tx, sessionId)) !== 'aal2') {
      throw new AuthError(422, ErrorCode.insufficientAal, 'AAL2 required to unenroll verified factor');
    }
    await deleteFactor(tx, factor.id);
    // GoTrue's DowngradeSessionsToAAL1: sessions raised by this factor are aal1 again.
    await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [
      factor.id,
    ]);
    await tx.query(
      `delete from auth.mfa_amr_claims c using auth.sessions s
       where c.session_id = s.id and s.user_id = $1 and c.authentication_method = 'totp' and s.aal = 'aal1'`,
      [user.id],
    );
  });
  return json(200, { id: factorId.toLowerCase() });
}

const FACTOR_PATH = /^\/factors\/([^/]+)(\/challenge|\/verify)?$/;

/** /factors/{id}, /factors/{id}/challenge and /factors/{id}/verify. */
async function oneFactor(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const [, id = '', action] = FACTOR_PATH.exec(req.path) ?? [];
  const factorId = decodeURIComponent(id);
  if (req.method === 'POST' && action === '/challenge') return challenge(auth, req, factorId);
  if (req.method === 'POST' && action === '/verify') return verify(auth, req, factorId);
  if (req.method === 'DELETE' && !action) return unenroll(auth, req, factorId);
  throw new AuthError(404, ErrorCode.notFound, `Not found: ${req.method} ${req.path}`);
}

const ADMIN_FACTOR_PATH = /^\/admin\/users\/([^/]+)\/factors(?:\/([^/]+))?$/;

/** GET /admin/users/{id}/factors and DELETE /admin/users/{id}/factors/{factor}: auth.admin.mfa. */
async function adminFactors(auth: Auth, req: GatewayRequest): Promise<Reply> {
  await requireAdmin(auth, req);
  const [, rawUser = '', rawFactor] = ADMIN_FACTOR_PATH.exec(req.path) ?? [];
  const userId = decodeURIComponent(rawUser);
  const user = UUID.test(userId) ? await loadUserById(auth.db, userId.toLowerCase()) : undefined;
  if (!user) throw new AuthError(404, ErrorCode.userNotFound, 'User not found');
  if (req.method === 'GET' && rawFactor === undefined) {
    return json(200, (await factorsOfUser(auth.db, user.id)).map(factorJson));
  }
  if (req.method === 'DELETE' && rawFactor !== undefined) {
    const removed = await auth.db.transaction(async (tx) => {
      const factor = await ownFactor(tx, user, decodeURIComponent(rawFactor), true);
      await deleteFactor(tx, factor.id);
      await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [
        factor.id,
      ]);
      return factor;
    });
    return json(200, factorJson(removed));
  }
  throw new AuthError(404, ErrorCode.notFound, `Not found: ${req.method} ${req.path}`);
}

export const mfaRoutes: Route[] = [
  { method: 'POST', path: '/factors', handler: enroll },
  { method: 'POST', path: '/factors/', pattern: FACTOR_PATH, handler: oneFactor },
  { method: 'DELETE', path: '/factors/', pattern: FACTOR_PATH, handler: oneFactor },
  { method: 'GET', path: '/admin/users/', pattern: ADMIN_FACTOR_PATH, handler: adminFactors },
  { method: 'DELETE', path: '/admin/users/', pattern: ADMIN_FACTOR_PATH, handler: adminFactors },
];
