import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Queryable } from '../db/engine';
import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Auth, Route } from './context';
import {
  AuthError,
  badRequest,
  ErrorCode,
  factorNotFound,
  forbidden,
  noSession,
  notFoundError,
  unprocessable,
} from './errors';
import { withAdminUser, withAdminUserFactor, withOwnFactor, type Caller, type FactorCaller } from './loaders';
import {
  createChallenge,
  deleteChallenge,
  findChallenge,
  lastAcceptedStep,
  markChallengeVerified,
} from './models/challenge';
import {
  createTotpFactor,
  deleteExpiredUnverifiedFactors,
  deleteUnverifiedTotpFactors,
  destroyFactor,
  downgradeSessionsToAal1,
  factorJson,
  findFactorsOfUser,
  findOwnedFactor,
  markFactorChallenged,
  markFactorVerified,
  type FactorRow,
} from './models/factor';
import {
  findActiveRefreshToken,
  grantRefreshToken,
  revokeSessionRefreshTokens,
} from './models/refresh-token';
import {
  addAmrClaim,
  amrOfSession,
  deleteAal1Sessions,
  raiseSessionToAal2,
  sessionAal,
} from './models/session';
import { loadUserById } from './models/user';
import { totpQrSvg } from './qr-svg';
import { clientAddress } from './rate-limit';
import { parseBody, type JsonObject } from './request';
import { requireUser, sessionIdOf, tokenResponse } from './sessions';
import { parseUuid } from './uuid';
import { notify } from './notifications';

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

/** The address a challenge is bound to, as inet text (an IPv4-mapped IPv6 peer written as IPv4). */
function clientIp(req: GatewayRequest): string {
  const address = clientAddress(req);
  return address === 'unknown' ? '0.0.0.0' : address.replace(/^::ffff:/, '');
}

/** GoTrue's EnrollFactorParams (TOTP only here). */
export interface EnrollFactorParams {
  friendlyName: string;
  issuer: string;
}

export function parseEnrollParams(body: JsonObject, siteUrl: string): EnrollFactorParams {
  const factorType = body['factor_type'];
  if (factorType === 'phone') {
    throw unprocessable(ErrorCode.mfaPhoneEnrollNotEnabled, 'MFA enroll is disabled for Phone');
  }
  if (factorType === 'webauthn') {
    throw unprocessable(ErrorCode.mfaWebAuthnEnrollNotEnabled, 'MFA enroll is disabled for WebAuthn');
  }
  if (factorType !== 'totp') {
    throw badRequest(ErrorCode.validationFailed, 'factor_type needs to be totp, phone, or webauthn');
  }
  const issuer = body['issuer'];
  return {
    friendlyName: typeof body['friendly_name'] === 'string' ? body['friendly_name'] : '',
    issuer: typeof issuer === 'string' && issuer !== '' ? issuer : new URL(siteUrl).host,
  };
}

/** GoTrue's VerifyFactorParams; the challenge id is canonical, or null when it is no UUID. */
export interface VerifyFactorParams {
  challengeId: string | null;
  /** As sent, for messages. */
  rawChallengeId: string;
  code: string;
}

export function parseVerifyParams(body: JsonObject): VerifyFactorParams {
  const rawChallengeId = typeof body['challenge_id'] === 'string' ? body['challenge_id'] : '';
  return {
    challengeId: parseUuid(rawChallengeId),
    rawChallengeId,
    code: typeof body['code'] === 'string' ? body['code'].trim() : '',
  };
}

/** GoTrue's validateFactors: name free, under the cap, aal2 once a factor is verified. */
function checkCanEnrol(existing: FactorRow[], friendlyName: string, aal: string): void {
  if (existing.some((f) => (f.friendly_name ?? '') === friendlyName)) {
    throw unprocessable(
      ErrorCode.mfaFactorNameConflict,
      `A factor with the friendly name "${friendlyName}" for this user already exists`,
    );
  }
  const verified = existing.filter((f) => f.status === 'verified').length;
  if (existing.length >= MAX_ENROLLED_FACTORS || verified >= MAX_ENROLLED_FACTORS) {
    throw unprocessable(
      ErrorCode.tooManyEnrolledMfaFactors,
      'Maximum number of verified factors reached, unenroll to continue',
    );
  }
  if (verified > 0 && aal !== 'aal2') {
    throw forbidden(ErrorCode.insufficientAal, 'AAL2 required to enroll a new factor');
  }
}

/** POST /factors: mfa.enroll({ factorType: 'totp' }). */
async function enroll(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const { claims, user }: Caller = await requireUser(auth, req);
  const params = parseEnrollParams(parseBody(req), auth.config.siteUrl);
  const id = randomUUID();
  const secret = new Secret({ size: 20 }).base32;
  await auth.db.transaction(async (tx) => {
    await deleteExpiredUnverifiedFactors(tx, FACTOR_EXPIRY_S);
    checkCanEnrol(
      await findFactorsOfUser(tx, user.id),
      params.friendlyName,
      await sessionAal(tx, sessionIdOf(claims)),
    );
    await createTotpFactor(tx, { id, userId: user.id, friendlyName: params.friendlyName, secret });
  });
  const uri = totpFor(secret, params.issuer, user.email ?? '').toString();
  return json(200, {
    id,
    type: 'totp',
    friendly_name: params.friendlyName,
    // The bare SVG, as GoTrue sends it; auth-js turns it into a data: URI.
    totp: { qr_code: totpQrSvg(uri), secret, uri },
  });
}

/** POST /factors/{factor_id}/challenge */
async function challenge(auth: Auth, req: GatewayRequest, { factor }: FactorCaller): Promise<Reply> {
  // GoTrue's limiter sits behind loadFactor: it counts the factor, not how its id was spelt.
  auth.limits.check('factorChallenge', req, factor.id);
  const id = randomUUID();
  const expiresAt = await auth.db.transaction(async (tx) => {
    await markFactorChallenged(tx, factor.id);
    return createChallenge(tx, {
      id,
      factorId: factor.id,
      ip: clientIp(req),
      expirySeconds: CHALLENGE_EXPIRY_S,
    });
  });
  return json(200, { id, type: factor.factor_type, expires_at: expiresAt });
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

/** Why this answer to this challenge is refused, or null when the code is good (and its step). */
async function checkAnswer(
  tx: Queryable,
  req: GatewayRequest,
  factor: FactorRow,
  params: VerifyFactorParams,
): Promise<AuthError | number> {
  const found = params.challengeId
    ? await findChallenge(tx, params.challengeId, factor.id, CHALLENGE_EXPIRY_S)
    : undefined;
  if (!found || !params.challengeId) {
    return unprocessable(ErrorCode.mfaFactorNotFound, 'MFA factor with the provided challenge ID not found');
  }
  if (found.verified || found.ip !== clientIp(req)) {
    return unprocessable(ErrorCode.mfaIpAddressMismatch, 'Challenge and verify IP addresses mismatch.');
  }
  if (found.expired) {
    await deleteChallenge(tx, params.challengeId);
    return unprocessable(
      ErrorCode.mfaChallengeExpired,
      `MFA challenge ${params.rawChallengeId} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  const step = acceptedStep(factor.secret ?? '', params.code);
  // RFC 6238 §5.2: once a code was accepted, neither it nor an older one is accepted again.
  const lastUsed = await lastAcceptedStep(tx, factor.id);
  if (step === null || (lastUsed !== null && step <= lastUsed)) {
    return unprocessable(ErrorCode.mfaVerificationFailed, 'Invalid TOTP code entered');
  }
  return step;
}

/** POST /factors/{factor_id}/verify: raises the session to aal2 and adds `totp` to its amr. */
async function verify(
  auth: Auth,
  req: GatewayRequest,
  { claims, user, factor: loaded }: FactorCaller,
): Promise<Reply> {
  auth.limits.check('factorVerify', req, loaded.id);
  const sessionId = sessionIdOf(claims);
  if (!sessionId) throw noSession();
  const params = parseVerifyParams(parseBody(req));
  const outcome = await auth.db.transaction(async (tx) => {
    const factor = await findOwnedFactor(tx, user.id, loaded.id, true);
    if (!factor) return factorNotFound();
    const step = await checkAnswer(tx, req, factor, params);
    if (step instanceof AuthError) return step;
    await markChallengeVerified(tx, params.challengeId ?? '', step);
    if (factor.status !== 'verified') {
      await markFactorVerified(tx, factor.id);
      notify(auth, 'mfa_factor_enrolled', {
        email: user.email ?? '',
        factorType: factor.factor_type,
        metadata: user.raw_user_meta_data,
      });
    }
    return raiseToAal2(auth, tx, user.id, sessionId, factor.id);
  });
  // Refusals are answered after the transaction commits, so an expired challenge stays deleted.
  if (outcome instanceof AuthError) throw outcome;
  return json(200, outcome);
}

/**
 * GoTrue's updateMFASessionAndClaims: the session becomes aal2 with this factor, `totp` joins its amr,
 * its refresh token is swapped, the user's other aal1 sessions end and unverified factors go.
 */
async function raiseToAal2(
  auth: Auth,
  tx: Queryable,
  userId: string,
  sessionId: string,
  factorId: string,
): Promise<Record<string, unknown>> {
  await raiseSessionToAal2(tx, sessionId, factorId);
  await addAmrClaim(tx, sessionId, 'totp');
  const parent = (await findActiveRefreshToken(tx, sessionId))?.token ?? null;
  await revokeSessionRefreshTokens(tx, sessionId);
  const refresh = await grantRefreshToken(tx, { userId, sessionId, parent });
  await deleteAal1Sessions(tx, userId);
  await deleteUnverifiedTotpFactors(tx, userId);
  const user = await loadUserById(tx, userId);
  if (!user) throw notFoundError(ErrorCode.userNotFound, 'User not found');
  return tokenResponse(auth, user, sessionId, refresh, await amrOfSession(tx, sessionId));
}

/** Deletes the factor and downgrades the sessions it raised: unenrol and the admin delete alike. */
async function removeFactor(tx: Queryable, factor: FactorRow): Promise<void> {
  await destroyFactor(tx, factor.id);
  await downgradeSessionsToAal1(tx, factor);
}

/** DELETE /factors/{factor_id}: mfa.unenroll(); a verified factor needs an aal2 session. */
async function unenroll(
  auth: Auth,
  _req: GatewayRequest,
  { claims, user, factor: loaded }: FactorCaller,
): Promise<Reply> {
  await auth.db.transaction(async (tx) => {
    const factor = await findOwnedFactor(tx, user.id, loaded.id, true);
    if (!factor) throw factorNotFound();
    if (factor.status === 'verified' && (await sessionAal(tx, sessionIdOf(claims))) !== 'aal2') {
      throw unprocessable(ErrorCode.insufficientAal, 'AAL2 required to unenroll verified factor');
    }
    await removeFactor(tx, factor);
    // A half-finished enrolment going away is no news to the owner.
    if (factor.status === 'verified') {
      notify(auth, 'mfa_factor_unenrolled', {
        email: user.email ?? '',
        factorType: factor.factor_type,
        metadata: user.raw_user_meta_data,
      });
    }
  });
  return json(200, { id: loaded.id });
}

export const mfaRoutes: Route[] = [
  { method: 'POST', path: '/factors', handler: enroll },
  { method: 'POST', path: '/factors/:factorId/challenge', handler: withOwnFactor(challenge) },
  { method: 'POST', path: '/factors/:factorId/verify', handler: withOwnFactor(verify) },
  { method: 'DELETE', path: '/factors/:factorId', handler: withOwnFactor(unenroll) },
  {
    method: 'GET',
    path: '/admin/users/:userId/factors',
    handler: withAdminUser(async (auth, _req, user) =>
      json(200, (await findFactorsOfUser(auth.db, user.id)).map(factorJson)),
    ),
  },
  {
    method: 'DELETE',
    path: '/admin/users/:userId/factors/:factorId',
    handler: withAdminUserFactor(async (auth, _req, _user, factor) => {
      await auth.db.transaction((tx) => removeFactor(tx, factor));
      return json(200, factorJson(factor));
    }),
  },
];
