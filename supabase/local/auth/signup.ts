import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Auth, Route } from './context';
import { sendTokenMail } from './email-tokens';
import { AuthError, ErrorCode } from './errors';
import { resolveRedirect } from './redirect';
import { isObject, parseBody } from './request';
import { issueSession } from './sessions';
import { insertUser, loadUserByEmail, loadUserById, userJson, type UserRow } from './users';
import { checkPassword, checkPkceParams, validateEmail } from './validation';

/** POST /signup (GoTrue's signup.go). */
async function signup(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const cfg = auth.config;
  const body = parseBody(req);
  if (!cfg.enableSignup || !cfg.emailEnableSignup) {
    throw new AuthError(422, ErrorCode.signupDisabled, 'Signups not allowed for this instance');
  }
  // signInAnonymously() posts a signup without e-mail or phone; anonymous sign-ins are not offered.
  if (body['email'] === undefined && body['phone'] === undefined) {
    throw new AuthError(422, ErrorCode.anonymousProviderDisabled, 'Anonymous sign-ins are disabled');
  }
  const email = validateEmail(body['email']);
  const password = checkPassword(cfg, body['password'], 'Signup requires a valid password');
  const data = isObject(body['data']) ? body['data'] : {};
  const existing = await loadUserByEmail(auth.db, email);
  if (existing) {
    if (existing.email_confirmed_at || !cfg.enableConfirmations) {
      throw new AuthError(422, ErrorCode.userAlreadyExists, 'User already registered');
    }
    return json(200, userJson(existing));
  }
  const confirmed = !cfg.enableConfirmations;
  const pkce = checkPkceParams(body);
  const passwordHash = await auth.hashPassword(password);
  const result = await auth.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email,
      passwordHash,
      userMetadata: data,
      appMetadata: {},
      confirmed,
    });
    return confirmed ? issueSession(auth, tx, user, 'password', req) : user;
  });
  if (!confirmed) {
    const user = result as UserRow;
    const redirectTo = resolveRedirect(cfg, req.query.get('redirect_to'));
    await sendTokenMail(auth, user, 'signup', redirectTo, pkce);
    return json(200, userJson((await loadUserById(auth.db, user.id)) ?? user));
  }
  return json(200, result);
}

export const signupRoutes: Route[] = [{ method: 'POST', path: '/signup', handler: signup }];
