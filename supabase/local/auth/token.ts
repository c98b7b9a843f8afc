import { createHash } from 'node:crypto';
import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Auth, Route } from './context';
import { AuthError, ErrorCode } from './errors';
import { idTokenGrant, web3Grant } from './providers';
import { parseBody } from './request';
import { amrFor, issueSession, newRefreshToken, tokenResponse } from './sessions';
import { isBanned, loadUserByEmail, loadUserById } from './users';
import { passwordWeakness } from './validation';

/** Seconds a PKCE flow state (an auth code) stays valid. */
const FLOW_STATE_TTL_S = 300;

/** grant_type=password (GoTrue's token.go ResourceOwnerPasswordGrant). */
async function passwordGrant(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const body = parseBody(req);
  const email = typeof body['email'] === 'string' ? body['email'].trim().toLowerCase() : '';
  const password = typeof body['password'] === 'string' ? body['password'] : '';
  if (!email && !body['phone'])
    throw new AuthError(400, ErrorCode.validationFailed, 'missing email or phone');
  const user = email ? await loadUserByEmail(auth.db, email) : undefined;
  const valid = !!user && (await auth.passwordMatches(password, user.encrypted_password));
  if (!user || !valid) throw new AuthError(400, ErrorCode.invalidCredentials, 'Invalid login credentials');
  if (!user.email_confirmed_at && auth.config.enableConfirmations) {
    throw new AuthError(400, ErrorCode.emailNotConfirmed, 'Email not confirmed');
  }
  if (user.banned_until && Date.parse(user.banned_until) > Date.now()) {
    throw new AuthError(400, ErrorCode.userBanned, 'User is banned');
  }
  const session = await auth.db.transaction((tx) => issueSession(auth, tx, user, 'password', req));
  const weak = passwordWeakness(auth.config, password);
  if (weak) session['weak_password'] = weak;
  return json(200, session);
}

/** grant_type=refresh_token, with GoTrue's rotation, parent tolerance and reuse detection. */
async function refreshGrant(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const body = parseBody(req);
  const token = body['refresh_token'];
  // GoTrue's RefreshTokenGrantParams.Validate (this server only issues the 12-character format).
  if (
    typeof token !== 'string' ||
    token.length < 12 ||
    (token.length === 12 && !/^[a-z0-9]{12}$/.test(token))
  ) {
    throw new AuthError(400, ErrorCode.validationFailed, 'Refresh token is not valid');
  }
  const outcome = await auth.db.transaction(async (tx) => {
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
    const notFound = (): AuthError =>
      new AuthError(400, ErrorCode.refreshTokenNotFound, 'Invalid Refresh Token: Refresh Token Not Found');
    if (!row) return notFound();
    const session = row.session_id
      ? (
          await tx.query<{ expired: boolean }>(
            `select (not_after is not null and not_after <= now()) as expired from auth.sessions where id = $1`,
            [row.session_id],
          )
        ).rows[0]
      : undefined;
    if (!session)
      return new AuthError(400, ErrorCode.sessionNotFound, 'Invalid Refresh Token: Session Not Found');
    if (session.expired)
      return new AuthError(400, ErrorCode.sessionExpired, 'Invalid Refresh Token: Session Expired');
    const user = await loadUserById(tx, row.user_id);
    if (!user) return notFound();
    if (isBanned(user)) {
      return new AuthError(400, ErrorCode.userBanned, 'Invalid Refresh Token: User Banned');
    }

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
      } else if (active && Number(row.revoked_for) < auth.config.refreshTokenReuseInterval) {
        issued = newRefreshToken();
        await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1`, [
          active.token,
        ]);
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
        return new AuthError(400, ErrorCode.refreshTokenAlreadyUsed, 'Invalid Refresh Token: Already Used');
      }
    } else if (auth.config.enableRefreshTokenRotation) {
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
      auth,
      user,
      row.session_id as string,
      issued,
      await amrFor(tx, row.session_id as string),
    );
  });
  if (outcome instanceof AuthError) throw outcome;
  return json(200, outcome);
}

/** grant_type=pkce: trades an auth code and its verifier for a session. */
async function pkceGrant(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const body = parseBody(req);
  const authCode = body['auth_code'];
  const verifier = body['code_verifier'];
  if (typeof authCode !== 'string' || typeof verifier !== 'string' || !authCode || !verifier) {
    throw new AuthError(
      400,
      ErrorCode.validationFailed,
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  const outcome = await auth.db.transaction(async (tx) => {
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
      return new AuthError(404, ErrorCode.flowStateNotFound, 'invalid flow state, no valid flow state found');
    if (flow.expired) {
      await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
      return new AuthError(422, ErrorCode.flowStateExpired, 'invalid flow state, flow state has expired');
    }
    const computed =
      flow.code_challenge_method.toLowerCase() === 'plain'
        ? verifier
        : createHash('sha256').update(verifier).digest('base64url');
    if (computed !== flow.code_challenge) {
      return new AuthError(
        400,
        ErrorCode.badCodeVerifier,
        'code challenge does not match previously saved code verifier',
      );
    }
    await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
    const user = flow.user_id ? await loadUserById(tx, flow.user_id) : undefined;
    if (!user) return new AuthError(404, ErrorCode.userNotFound, 'User not found');
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
  if (!grant) throw new AuthError(400, ErrorCode.invalidCredentials, 'unsupported_grant_type');
  return grant(auth, req);
}

export const tokenRoutes: Route[] = [{ method: 'POST', path: '/token', handler: token, limit: 'token' }];
