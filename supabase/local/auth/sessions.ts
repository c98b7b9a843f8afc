import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Queryable } from '../db/engine';
import type { GatewayRequest } from '../gateway/http';
import type { JwtClaims } from '../gateway/keys';
import type { Auth } from './context';
import { badRequest, ErrorCode, forbidden, unauthorized } from './errors';
import { addAmrClaim, amrOfSession, createSession, isSessionLive, type AmrEntry } from './models/session';
import { grantRefreshToken } from './models/refresh-token';
import { touchLastSignIn } from './models/user';
import { parseUuid } from './uuid';
import { isBanned, loadUserById, userJson, type UserRow } from './models/user';

/** Starts a session (sessions, amr claim, first refresh token) and answers with GoTrue's token JSON. */
export async function issueSession(
  auth: Auth,
  q: Queryable,
  user: UserRow,
  method: string,
  req: GatewayRequest,
): Promise<Record<string, unknown>> {
  const sessionId = randomUUID();
  await createSession(q, { id: sessionId, userId: user.id, userAgent: req.headers['user-agent'] ?? null });
  await addAmrClaim(q, sessionId, method);
  const refresh = await grantRefreshToken(q, { userId: user.id, sessionId, parent: null });
  await touchLastSignIn(q, user.id);
  const fresh = (await loadUserById(q, user.id)) ?? user;
  // The claim just written, read as a refresh reads it: both tokens carry the same timestamp.
  return tokenResponse(auth, fresh, sessionId, refresh, await amrOfSession(q, sessionId));
}

export async function tokenResponse(
  auth: Auth,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  amr: AmrEntry[],
): Promise<Record<string, unknown>> {
  const expiry = auth.config.jwtExpiry;
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + expiry;
  // Claim order follows GoTrue's AccessTokenClaims (protocol §4.3).
  const claims = {
    iss: auth.issuer(),
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal: amr.some((entry) => entry.method === 'totp') ? 'aal2' : 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  const accessToken = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(auth.keys.jwtSecret));
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

/** The checks GoTrue makes on a bearer for /user, /logout and admin calls (protocol §4.2). */
export async function requireClaims(auth: Auth, req: GatewayRequest): Promise<JwtClaims> {
  if (!req.bearer)
    throw unauthorized(ErrorCode.noAuthorization, 'This endpoint requires a valid Bearer token');
  const result = await auth.verifier.verify(req.bearer);
  if (!result.ok) {
    const detail =
      result.reason === 'expired' ? 'token has invalid claims: token is expired' : result.message;
    throw forbidden(ErrorCode.badJwt, `invalid JWT: unable to parse or verify signature, ${detail}`);
  }
  return result.claims;
}

export const sessionIdOf = (claims: JwtClaims): string | null =>
  typeof claims['session_id'] === 'string' && claims['session_id'] !== '' ? claims['session_id'] : null;

/** A bearer for a live user (and live session when the token names one). */
export async function requireUser(
  auth: Auth,
  req: GatewayRequest,
): Promise<{ claims: JwtClaims; user: UserRow }> {
  const claims = await requireClaims(auth, req);
  if (typeof claims.sub !== 'string' || claims.sub === '') {
    throw forbidden(ErrorCode.badJwt, 'invalid claim: missing sub claim');
  }
  const userId = parseUuid(claims.sub);
  if (!userId) throw badRequest(ErrorCode.badJwt, 'invalid claim: sub claim must be a UUID');
  const user = await loadUserById(auth.db, userId);
  if (!user) throw forbidden(ErrorCode.userNotFound, 'User from sub claim in JWT does not exist');
  const sessionId = sessionIdOf(claims);
  if (sessionId) {
    if (!(await isSessionLive(auth.db, sessionId))) {
      throw forbidden(ErrorCode.sessionNotFound, 'Session from session_id claim in JWT does not exist');
    }
  }
  // A ban also stops access tokens issued before it.
  if (isBanned(user)) throw forbidden(ErrorCode.userBanned, 'User is banned');
  return { claims, user };
}

export async function requireAdmin(auth: Auth, req: GatewayRequest): Promise<void> {
  const claims = await requireClaims(auth, req);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
    throw forbidden(ErrorCode.notAdmin, 'User not allowed');
  }
}
