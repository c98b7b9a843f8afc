import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/engine';
import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Auth, Route } from './context';
import {
  consumeToken,
  FLOW_METHOD,
  tokenHashOf,
  VERIFY_TYPES,
  verifyType,
  type SlotName,
  type VerifyType,
} from './email-tokens';
import { AuthError, badRequest, ErrorCode, forbidden, unprocessable } from './errors';
import { referrerOf } from './redirect';
import { parseBody, stringField, type JsonObject } from './request';
import { issueSession } from './sessions';
import { confirmUser, isBanned, loadUserById, type UserRow } from './models/user';
import { validateEmail } from './validation';
import { notify } from './notifications';
import { issueAuthCode } from './models/flow-state';
import { applyEmailChange, markEmailChangeHalfConfirmed, setPassword } from './models/user';

/** GoTrue's answer when the first of two e-mail change links is opened. */
export const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

const withQuery = (url: string, params: string): string => `${url}${url.includes('?') ? '&' : '?'}${params}`;

type Outcome =
  { kind: 'session'; user: UserRow } | { kind: 'pkce'; code: string } | { kind: 'half-confirmed' };

/** What opening a token does to the user (GoTrue's signupVerify, recoverVerify, emailChangeVerify). */
async function applyVerification(
  auth: Auth,
  tx: Queryable,
  type: VerifyType,
  user: UserRow,
  slot: SlotName,
): Promise<UserRow | undefined> {
  if (isBanned(user)) throw forbidden(ErrorCode.userBanned, 'User is banned');
  if (slot === 'confirmation') {
    // An invited user without a password gets an unusable one until they set their own.
    if (type === 'invite' && !user.encrypted_password) {
      await setPassword(tx, user.id, await auth.hashPassword(randomUUID() + randomUUID()));
    }
    await confirmUser(tx, user.id);
  } else if (slot === 'recovery') {
    if (!user.email_confirmed_at) await confirmUser(tx, user.id);
  } else {
    const needsBoth =
      auth.config.enableConfirmations &&
      auth.config.doubleConfirmChanges &&
      (user.email_change_confirm_status ?? 0) === 0 &&
      !!user.email;
    if (needsBoth) {
      await markEmailChangeHalfConfirmed(tx, user.id);
      return undefined;
    }
    await applyEmailChange(tx, user.id, user.email_change ?? '');
    // GoTrue sends it from inside the same transaction, to the address being left.
    notify(auth, 'email_changed', {
      email: user.email_change ?? '',
      oldEmail: user.email ?? '',
      metadata: user.raw_user_meta_data,
    });
  }
  return (await loadUserById(tx, user.id)) ?? user;
}

async function verifyInTransaction(
  auth: Auth,
  tx: Queryable,
  type: VerifyType,
  hashes: string[],
  isPkce: boolean,
): Promise<Outcome | undefined> {
  const found = await consumeToken(auth, tx, VERIFY_TYPES[type], hashes);
  if (!found) return undefined;
  const user = await applyVerification(auth, tx, type, found.user, found.slot);
  if (!user) return { kind: 'half-confirmed' };
  if (isPkce) {
    const code = await issueAuthCode(tx, user.id, FLOW_METHOD[type]);
    if (!code) throw badRequest(ErrorCode.flowStateNotFound, 'No associated flow state found.');
    return { kind: 'pkce', code };
  }
  return { kind: 'session', user };
}

/** GoTrue's VerifyParams: the query of GET /verify or the body of POST /verify, '' for what is absent. */
export interface VerifyParams {
  type: string;
  token: string;
  tokenHash: string;
  email: string;
  phone: string;
  redirectTo: string;
}

/** The link in a mail carries its parameters in the query string. */
export function parseVerifyQuery(query: URLSearchParams): VerifyParams {
  return parseVerifyBody(Object.fromEntries(query));
}

export function parseVerifyBody(body: JsonObject): VerifyParams {
  return {
    type: stringField(body, 'type'),
    token: stringField(body, 'token'),
    tokenHash: stringField(body, 'token_hash'),
    email: stringField(body, 'email'),
    phone: stringField(body, 'phone'),
    redirectTo: stringField(body, 'redirect_to'),
  };
}

/**
 * POST /verify's checks, in GoTrue's order: a type, then a code with the address it was mailed to or
 * a token hash, never both. Answers the stored hashes the token may match.
 */
function tokenHashesOf(params: VerifyParams): string[] {
  if (!params.type) throw badRequest(ErrorCode.validationFailed, 'Verify requires a verification type');
  const { token, tokenHash } = params;
  if ((!token && !tokenHash) || (token && tokenHash)) {
    throw badRequest(ErrorCode.validationFailed, 'Verify requires either a token or a token hash');
  }
  if (!token) {
    if (params.email || params.phone || params.redirectTo) {
      throw badRequest(ErrorCode.validationFailed, 'Only the token_hash and type should be provided');
    }
    return [tokenHash];
  }
  if (params.phone) throw badRequest(ErrorCode.phoneProviderDisabled, 'Phone logins are disabled');
  if (!params.email) {
    throw badRequest(
      ErrorCode.validationFailed,
      'Only an email address or phone number should be provided on verify',
    );
  }
  let email: string;
  try {
    email = validateEmail(params.email);
  } catch {
    throw unprocessable(ErrorCode.validationFailed, 'Invalid email format');
  }
  const h = tokenHashOf(email, token.trim());
  return [h, `pkce_${h}`];
}

/** GET /verify: the link in a mail; always answers with a redirect (GoTrue's verify.go). */
async function verifyGet(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const { token, type: rawType } = parseVerifyQuery(req.query);
  if (!rawType) throw badRequest(ErrorCode.validationFailed, 'Verify requires a verification type');
  if (!token) {
    throw badRequest(ErrorCode.validationFailed, 'Verify requires a token or a token hash');
  }
  const redirectTo = referrerOf(auth.config, req);
  const isPkce = token.startsWith('pkce_');
  const redirect = (location: string): Reply => ({ status: 303, headers: { location } });
  const errorRedirect = (error: AuthError): Reply => {
    const params = new URLSearchParams();
    if (error.status === 403 || error.status === 401) params.set('error', 'access_denied');
    else if (error.status >= 500) params.set('error', 'server_error');
    else params.set('error', 'invalid_request');
    params.set('error_code', error.code);
    params.set('error_description', error.message);
    const query = params.toString();
    const base = isPkce ? withQuery(redirectTo, query) : redirectTo;
    return redirect(`${base}#${query}&sb=`);
  };
  const type = verifyType(rawType);
  if (!type || type === 'email') {
    return errorRedirect(badRequest(ErrorCode.validationFailed, 'Unsupported verification type'));
  }
  try {
    const outcome = await auth.db.transaction(async (tx) => {
      const result = await verifyInTransaction(auth, tx, type, [token], isPkce);
      if (result?.kind !== 'session') return result;
      const session = await issueSession(auth, tx, result.user, 'otp', req);
      const fragment = new URLSearchParams({
        access_token: String(session['access_token']),
        expires_at: String(session['expires_at']),
        expires_in: String(session['expires_in']),
        refresh_token: String(session['refresh_token']),
        token_type: 'bearer',
        type,
      });
      return { kind: 'location' as const, location: `${redirectTo}#${fragment.toString()}&sb=` };
    });
    if (!outcome) {
      return errorRedirect(forbidden(ErrorCode.otpExpired, 'Email link is invalid or has expired'));
    }
    if (outcome.kind === 'location') return redirect(outcome.location);
    if (outcome.kind === 'pkce') return redirect(withQuery(redirectTo, `code=${outcome.code}`));
    const message = new URLSearchParams({ message: SINGLE_CONFIRMATION_ACCEPTED }).toString();
    return redirect(`${isPkce ? withQuery(redirectTo, message) : redirectTo}#${message}&sb=`);
  } catch (error) {
    if (error instanceof AuthError) return errorRedirect(error);
    throw error;
  }
}

/** POST /verify: verifyOtp() with a code and address, or a token hash. */
async function verifyPost(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const params = parseVerifyBody(parseBody(req));
  const hashes = tokenHashesOf(params);
  const { token } = params;
  const type = verifyType(params.type);
  if (!type) throw badRequest(ErrorCode.validationFailed, 'Unsupported verification type');
  const outcome = await auth.db.transaction(async (tx) => {
    const result = await verifyInTransaction(auth, tx, type, hashes, false);
    if (result?.kind !== 'session') return result;
    return { kind: 'token' as const, body: await issueSession(auth, tx, result.user, 'otp', req) };
  });
  if (!outcome) {
    throw forbidden(
      ErrorCode.otpExpired,
      token ? 'Token has expired or is invalid' : 'Email link is invalid or has expired',
    );
  }
  if (outcome.kind === 'token') return json(200, outcome.body);
  return json(200, { msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' });
}

export const verifyRoutes: Route[] = [
  { method: 'GET', path: '/verify', handler: verifyGet, limit: 'verify' },
  { method: 'POST', path: '/verify', handler: verifyPost, limit: 'verify' },
];
