import { randomUUID } from 'node:crypto';
import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Auth, Route } from './context';
import { refuseIfMailedRecently, sendLinkMail } from './email-tokens';
import { badRequest, ErrorCode, unprocessable } from './errors';
import { referrerOf } from './redirect';
import { newUserFields, parseBody, type JsonObject, type NewUserFields } from './request';
import { issueSession } from './sessions';
import { insertUser, loadUserByEmail, loadUserById, userJson, type UserRow } from './models/user';
import { checkPassword, checkPkceParams, validateEmail, type PkceParams } from './validation';
import { deleteUser, markEmailConfirmed } from './models/user';

/**
 * GoTrue's sanitizeUser: what a repeated sign-up answers while confirmations are on, so that the
 * answer does not tell whether the address is registered.
 */
function obfuscatedUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/** GoTrue's SignupParams: the body of POST /signup. */
export interface SignupParams extends NewUserFields {
  /** As sent (checked against the password rules, in GoTrue's order). */
  password: unknown;
}

export function parseSignupParams(body: JsonObject): SignupParams {
  return { ...newUserFields(body), password: body['password'] };
}

/** signInAnonymously(): a user without address or identity, signed in at once. */
async function signupAnonymously(
  auth: Auth,
  req: GatewayRequest,
  data: Record<string, unknown>,
): Promise<Reply> {
  auth.limits.check('anonymousSignIns', req);
  const session = await auth.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email: null,
      passwordHash: '',
      userMetadata: data,
      appMetadata: {},
      confirmed: false,
    });
    return issueSession(auth, tx, user, 'anonymous', req);
  });
  return json(200, session);
}

/** POST /signup (GoTrue's signup.go and anonymous.go). */
async function signup(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const cfg = auth.config;
  if (!cfg.enableSignup) {
    throw unprocessable(ErrorCode.signupDisabled, 'Signups not allowed for this instance');
  }
  const params = parseSignupParams(parseBody(req));
  const { data } = params;
  const hasEmail = params.email !== '';
  if (!hasEmail && params.phone === '') {
    if (!cfg.enableAnonymousSignIns) {
      throw unprocessable(ErrorCode.anonymousProviderDisabled, 'Anonymous sign-ins are disabled');
    }
    return signupAnonymously(auth, req, data);
  }
  auth.limits.check('signups', req);
  const password = checkPassword(cfg, params.password, 'Signup requires a valid password');
  if (!hasEmail) throw badRequest(ErrorCode.phoneProviderDisabled, 'Phone signups are disabled');
  if (!cfg.emailEnableSignup) {
    throw badRequest(ErrorCode.emailProviderDisabled, 'Email signups are disabled');
  }
  return signupWithEmail(auth, req, {
    email: validateEmail(params.email),
    password,
    data,
    pkce: checkPkceParams(params.pkce),
    redirectTo: referrerOf(cfg, req, params.redirectTo),
  });
}

/** A sign-up with its address, password, PKCE and redirect checked. */
interface EmailSignup {
  email: string;
  password: string;
  data: JsonObject;
  pkce: PkceParams | undefined;
  redirectTo: string;
}

/**
 * The e-mail sign-up once its input is checked: a confirmed address gets GoTrue's obfuscated answer
 * (or user_already_exists without confirmations), an unconfirmed one its link again, a new one a user
 * and either a session or a confirmation mail.
 */
async function signupWithEmail(
  auth: Auth,
  req: GatewayRequest,
  { email, password, data, pkce, redirectTo }: EmailSignup,
): Promise<Reply> {
  const cfg = auth.config;
  const existing = await loadUserByEmail(auth.db, email);
  if (existing?.email_confirmed_at) {
    if (!cfg.enableConfirmations) {
      throw unprocessable(ErrorCode.userAlreadyExists, 'User already registered');
    }
    return json(200, obfuscatedUser(email, data));
  }
  if (existing) {
    // Unconfirmed: GoTrue keeps the stored data (the claim is unproven) and mails the link again.
    refuseIfMailedRecently(auth, existing.confirmation_sent_at);
    if (cfg.enableConfirmations) {
      await sendLinkMail(auth, existing, 'signup', redirectTo, pkce);
      return json(200, userJson((await loadUserById(auth.db, existing.id)) ?? existing));
    }
  }

  const confirmed = !cfg.enableConfirmations;
  const passwordHash = await auth.hashPassword(password);
  const result = await auth.db.transaction(async (tx): Promise<UserRow | Record<string, unknown>> => {
    if (existing) {
      // Confirmations were switched off since this user signed up: confirm and sign in, as GoTrue does.
      await markEmailConfirmed(tx, existing.id);
      const user = (await loadUserById(tx, existing.id)) ?? existing;
      return issueSession(auth, tx, user, 'password', req);
    }
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
    try {
      await sendLinkMail(auth, user, 'signup', redirectTo, pkce);
    } catch (error) {
      // GoTrue sends inside the sign-up transaction: no mail, no user.
      await deleteUser(auth.db, user.id);
      throw error;
    }
    return json(200, userJson((await loadUserById(auth.db, user.id)) ?? user));
  }
  return json(200, result);
}

export const signupRoutes: Route[] = [{ method: 'POST', path: '/signup', handler: signup }];
