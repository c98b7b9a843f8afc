import { createHash } from 'node:crypto';
import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Auth, Route } from './context';
import { AuthError, badRequest, ErrorCode, notFoundError, unprocessable } from './errors';
import { idTokenGrant, web3Grant } from './providers';
import { parseBody, stringField, type JsonObject } from './request';
import {
  findActiveRefreshToken,
  findRefreshTokenForUpdate,
  grantRefreshToken,
  revokeRefreshToken,
  revokeSessionRefreshTokens,
} from './models/refresh-token';
import { amrOfSession, deleteSession, isSessionExpired, markSessionRefreshed } from './models/session';
import { issueSession, tokenResponse } from './sessions';
import { isBanned, loadUserByEmail, loadUserById } from './models/user';
import { passwordWeakness } from './validation';
import { deleteFlowState, findFlowStateByAuthCode } from './models/flow-state';

/** Seconds a PKCE flow state (an auth code) stays valid. */
const FLOW_STATE_TTL_S = 300;

/** GoTrue's PasswordGrantParams: the body of grant_type=password. */
export interface PasswordGrantParams {
  /** Trimmed and lower-cased, or ''. */
  email: string;
  password: string;
}

export function parsePasswordGrantParams(body: JsonObject): PasswordGrantParams {
  const email = stringField(body, 'email').trim().toLowerCase();
  if (!email && !body['phone']) throw badRequest(ErrorCode.validationFailed, 'missing email or phone');
  return { email, password: stringField(body, 'password') };
}

/** GoTrue's RefreshTokenGrantParams, with its Validate (this server only issues the 12-character format). */
export function parseRefreshTokenGrantParams(body: JsonObject): { refreshToken: string } {
  const token = stringField(body, 'refresh_token');
  if (token.length < 12 || (token.length === 12 && !/^[a-z0-9]{12}$/.test(token))) {
    throw badRequest(ErrorCode.validationFailed, 'Refresh token is not valid');
  }
  return { refreshToken: token };
}

/** GoTrue's PKCEGrantParams: an auth code and the verifier of its challenge, both required. */
export interface PkceGrantParams {
  authCode: string;
  codeVerifier: string;
}

export function parsePkceGrantParams(body: JsonObject): PkceGrantParams {
  const authCode = stringField(body, 'auth_code');
  const codeVerifier = stringField(body, 'code_verifier');
  if (!authCode || !codeVerifier) {
    throw badRequest(
      ErrorCode.validationFailed,
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  return { authCode, codeVerifier };
}

/** grant_type=password (GoTrue's token.go ResourceOwnerPasswordGrant). */
async function passwordGrant(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const { email, password } = parsePasswordGrantParams(parseBody(req));
  const user = email ? await loadUserByEmail(auth.db, email) : undefined;
  const valid = !!user && (await auth.passwordMatches(password, user.encrypted_password));
  if (!user || !valid) throw badRequest(ErrorCode.invalidCredentials, 'Invalid login credentials');
  if (!user.email_confirmed_at && auth.config.enableConfirmations) {
    throw badRequest(ErrorCode.emailNotConfirmed, 'Email not confirmed');
  }
  if (user.banned_until && Date.parse(user.banned_until) > Date.now()) {
    throw badRequest(ErrorCode.userBanned, 'User is banned');
  }
  const session = await auth.db.transaction((tx) => issueSession(auth, tx, user, 'password', req));
  const weak = passwordWeakness(auth.config, password);
  if (weak) session['weak_password'] = weak;
  return json(200, session);
}

/** grant_type=refresh_token, with GoTrue's rotation, parent tolerance and reuse detection. */
async function refreshGrant(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const { refreshToken: token } = parseRefreshTokenGrantParams(parseBody(req));
  const outcome = await auth.db.transaction(async (tx) => {
    const row = await findRefreshTokenForUpdate(tx, token);
    const notFound = (): AuthError =>
      badRequest(ErrorCode.refreshTokenNotFound, 'Invalid Refresh Token: Refresh Token Not Found');
    if (!row) return notFound();
    const expired = row.session_id ? await isSessionExpired(tx, row.session_id) : undefined;
    if (expired === undefined || !row.session_id)
      return badRequest(ErrorCode.sessionNotFound, 'Invalid Refresh Token: Session Not Found');
    if (expired) return badRequest(ErrorCode.sessionExpired, 'Invalid Refresh Token: Session Expired');
    const sessionId = row.session_id;
    const user = await loadUserById(tx, row.user_id);
    if (!user) return notFound();
    if (isBanned(user)) {
      return badRequest(ErrorCode.userBanned, 'Invalid Refresh Token: User Banned');
    }

    let issued: string;
    if (row.revoked) {
      const active = await findActiveRefreshToken(tx, sessionId);
      if (active && active.parent === row.token) {
        // Two tabs refreshing with the same token both get the session's current token.
        issued = active.token;
      } else if (active && Number(row.revoked_for) < auth.config.refreshTokenReuseInterval) {
        await revokeRefreshToken(tx, active.token);
        issued = await grantRefreshToken(tx, { userId: row.user_id, sessionId, parent: active.token });
      } else {
        // Reuse detected: the whole token family (session) dies.
        await revokeSessionRefreshTokens(tx, sessionId);
        await deleteSession(tx, sessionId);
        return badRequest(ErrorCode.refreshTokenAlreadyUsed, 'Invalid Refresh Token: Already Used');
      }
    } else if (auth.config.enableRefreshTokenRotation) {
      await revokeRefreshToken(tx, row.token);
      issued = await grantRefreshToken(tx, { userId: row.user_id, sessionId, parent: row.token });
    } else {
      issued = row.token;
    }
    await markSessionRefreshed(tx, sessionId);
    return tokenResponse(auth, user, sessionId, issued, await amrOfSession(tx, sessionId));
  });
  if (outcome instanceof AuthError) throw outcome;
  return json(200, outcome);
}

/** grant_type=pkce: trades an auth code and its verifier for a session. */
async function pkceGrant(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const { authCode, codeVerifier: verifier } = parsePkceGrantParams(parseBody(req));
  const outcome = await auth.db.transaction(async (tx) => {
    const flow = await findFlowStateByAuthCode(tx, authCode, FLOW_STATE_TTL_S);
    if (!flow)
      return notFoundError(ErrorCode.flowStateNotFound, 'invalid flow state, no valid flow state found');
    if (flow.expired) {
      await deleteFlowState(tx, flow.id);
      return unprocessable(ErrorCode.flowStateExpired, 'invalid flow state, flow state has expired');
    }
    const computed =
      flow.code_challenge_method.toLowerCase() === 'plain'
        ? verifier
        : createHash('sha256').update(verifier).digest('base64url');
    if (computed !== flow.code_challenge) {
      return badRequest(
        ErrorCode.badCodeVerifier,
        'code challenge does not match previously saved code verifier',
      );
    }
    await deleteFlowState(tx, flow.id);
    const user = flow.user_id ? await loadUserById(tx, flow.user_id) : undefined;
    if (!user) return notFoundError(ErrorCode.userNotFound, 'User not found');
    return issueSession(auth, tx, user, flow.authentication_method, req);
  });
  if (outcome instanceof AuthError) throw outcome;
  return json(200, outcome);
}

const GRANTS = new Map<string, (auth: Auth, req: GatewayRequest) => Promise<Reply>>([
  ['password', passwordGrant],
  ['refresh_token', refreshGrant],
  ['pkce', pkceGrant],
  ['id_token', idTokenGrant],
  ['web3', web3Grant],
]);

/** POST /token?grant_type=… */
async function token(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const grant = GRANTS.get(req.query.get('grant_type') ?? '');
  if (!grant) throw badRequest(ErrorCode.invalidCredentials, 'unsupported_grant_type');
  return grant(auth, req);
}

export const tokenRoutes: Route[] = [{ method: 'POST', path: '/token', handler: token, limit: 'token' }];
