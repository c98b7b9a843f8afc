import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Auth, Route } from './context';
import { consumeToken, tokenHashOf, tokenKind, TOKEN_KINDS } from './email-tokens';
import { AuthError, ErrorCode } from './errors';
import { resolveRedirect } from './redirect';
import { parseBody } from './request';
import { issueSession } from './sessions';

const withQuery = (url: string, params: string): string => `${url}${url.includes('?') ? '&' : '?'}${params}`;

/** GET /verify: the link in a mail; always answers with a redirect (GoTrue's verify.go). */
async function verifyGet(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const token = req.query.get('token') ?? '';
  const type = req.query.get('type') ?? '';
  const redirectTo = resolveRedirect(auth.config, req.query.get('redirect_to'));
  const isPkce = token.startsWith('pkce_');
  const errorRedirect = (): Reply => {
    const params =
      'error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';
    const base = isPkce ? withQuery(redirectTo, params) : redirectTo;
    return { status: 303, headers: { location: `${base}#${params}&sb=` } };
  };
  const kind = tokenKind(type);
  if (!kind || !token) return errorRedirect();
  const outcome = await auth.db.transaction(async (tx) => {
    const user = await consumeToken(auth, tx, kind, [token]);
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
      return withQuery(redirectTo, `code=${flow.auth_code}`);
    }
    const session = await issueSession(auth, tx, user, 'otp', req);
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

/** POST /verify: verifyOtp() with a code or a token hash. */
async function verifyPost(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const body = parseBody(req);
  const kind = tokenKind(body['type']);
  if (!kind) throw new AuthError(400, ErrorCode.validationFailed, 'Verify requires a verification type');
  let hashes: string[];
  let message: string;
  if (typeof body['token_hash'] === 'string' && body['token_hash']) {
    hashes = [body['token_hash']];
    message = 'Email link is invalid or has expired';
  } else if (typeof body['email'] === 'string' && typeof body['token'] === 'string') {
    const h = tokenHashOf(body['email'].trim().toLowerCase(), body['token'].trim());
    hashes = [h, `pkce_${h}`];
    message = 'Token has expired or is invalid';
  } else {
    throw new AuthError(400, ErrorCode.validationFailed, 'Verify requires either a token or a token hash');
  }
  const outcome = await auth.db.transaction(async (tx) => {
    const user = await consumeToken(auth, tx, kind, hashes);
    return user ? issueSession(auth, tx, user, 'otp', req) : undefined;
  });
  if (!outcome) throw new AuthError(403, ErrorCode.otpExpired, message);
  return json(200, outcome);
}

export const verifyRoutes: Route[] = [
  { method: 'GET', path: '/verify', handler: verifyGet },
  { method: 'POST', path: '/verify', handler: verifyPost },
];
