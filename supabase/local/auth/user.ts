import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Queryable } from '../db/engine';
import type { Auth, Route } from './context';
import { sendEmailChange } from './email-change';
import { checkEmailBudget, deliver, refuseIfMailedRecently, storeToken, tokenHashOf } from './email-tokens';
import { badRequest, ErrorCode, forbidden, unauthorized, unprocessable } from './errors';
import { deleteOtherSessions, sessionAal, sessionCreatedAt } from './models/session';
import { referrerOf } from './redirect';
import {
  mailRequestFields,
  metadataField,
  parseBody,
  stringField,
  type JsonObject,
  type MailRequestFields,
} from './request';
import { requireUser, sessionIdOf } from './sessions';
import { checkPassword, checkPkceParams, validateEmail } from './validation';
import { notify } from './notifications';
import {
  clearReauthentication,
  hasVerifiedFactor,
  isEmailTaken,
  loadUserById,
  replaceUserMetadata,
  setPassword,
  userJson,
  type UserRow,
} from './models/user';

/** GoTrue asks for a nonce when the session is older than this (secure_password_change). */
const RECENT_SIGN_IN_MS = 24 * 3600 * 1000;

/** GET /user */
async function getUser(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const { user } = await requireUser(auth, req);
  return json(200, userJson(user));
}

/** GoTrue's verifyReauthentication: the mailed nonce, once, within otp_expiry. */
async function consumeNonce(auth: Auth, tx: Queryable, user: UserRow, nonce: string): Promise<void> {
  const invalid = unprocessable(ErrorCode.reauthenticationNotValid, 'Nonce has expired or is invalid');
  if (!user.reauthentication_token || !user.reauthentication_sent_at) throw invalid;
  const fresh = Date.parse(user.reauthentication_sent_at) + auth.config.otpExpiry * 1000 > Date.now();
  if (!fresh || tokenHashOf(user.email ?? '', nonce) !== user.reauthentication_token) throw invalid;
  await clearReauthentication(tx, user.id);
}

/** GoTrue's UserUpdateParams, as read from the body of PUT /user. */
export interface UserUpdateParams extends MailRequestFields {
  data: JsonObject | undefined;
  /** The password as sent, when one was sent (checked later, against the config). */
  password: unknown;
  nonce: string;
}

export function parseUserUpdateParams(body: JsonObject): UserUpdateParams {
  const data = body['data'] === undefined ? undefined : metadataField(body, 'data');
  if (body['app_metadata'] !== undefined && body['app_metadata'] !== null) {
    throw forbidden(ErrorCode.notAdmin, 'Updating app_metadata requires admin privileges');
  }
  return {
    data,
    password: typeof body['password'] === 'string' && body['password'] !== '' ? body['password'] : undefined,
    nonce: stringField(body, 'nonce'),
    ...mailRequestFields(body),
  };
}

/** GoTrue's UpdateUserMetaData: a shallow merge in which a key set to null is removed. */
export function mergedUserMetadata(current: JsonObject | null, data: JsonObject): JsonObject {
  const meta: JsonObject = { ...(current ?? {}) };
  for (const [k, v] of Object.entries(data)) {
    if (v === null) delete meta[k];
    else meta[k] = v;
  }
  return meta;
}

/** The checks of GoTrue's UserUpdate, in its order; answers the address to move to, if any. */
async function checkEmailUpdate(
  auth: Auth,
  user: UserRow,
  sessionId: string | null,
  params: UserUpdateParams,
): Promise<string | undefined> {
  // GoTrue compares the e-mail as sent, before normalising it.
  const changesCredentials =
    params.password !== undefined || (params.email !== '' && params.email !== (user.email ?? ''));
  if (changesCredentials && hasVerifiedFactor(user) && (await sessionAal(auth.db, sessionId)) !== 'aal2') {
    throw unauthorized(
      ErrorCode.insufficientAal,
      'AAL2 session is required to update email or password when MFA is enabled.',
    );
  }
  const newEmail =
    params.email && params.email.trim().toLowerCase() !== (user.email ?? '')
      ? validateEmail(params.email)
      : undefined;
  if (user.is_anonymous && params.password !== undefined && !newEmail && !user.email) {
    throw unprocessable(
      ErrorCode.validationFailed,
      'Updating password of an anonymous user without an email or phone is not allowed',
    );
  }
  if (newEmail && (await isEmailTaken(auth.db, newEmail, user.id))) {
    throw unprocessable(ErrorCode.emailExists, 'A user with this email address has already been registered');
  }
  return newEmail;
}

/** The new password's hash, after GoTrue's checks (secure_password_change, not the same password). */
async function checkNewPassword(
  auth: Auth,
  user: UserRow,
  sessionId: string | null,
  params: UserUpdateParams,
): Promise<string | undefined> {
  if (params.password === undefined) return undefined;
  const password = checkPassword(auth.config, params.password, 'Password is required');
  if (auth.config.securePasswordChange && !params.nonce) {
    const createdAt = await sessionCreatedAt(auth.db, sessionId);
    if (createdAt === undefined || Date.now() > createdAt + RECENT_SIGN_IN_MS) {
      throw badRequest(ErrorCode.reauthenticationNeeded, 'Password update requires reauthentication');
    }
  }
  if (await auth.passwordMatches(password, user.encrypted_password)) {
    throw unprocessable(ErrorCode.samePassword, 'New password should be different from the old password.');
  }
  return auth.hashPassword(password);
}

/** PUT /user: updateUser() with data, password (and nonce) and email (GoTrue's user.go). */
async function updateUser(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const { claims, user } = await requireUser(auth, req);
  const params = parseUserUpdateParams(parseBody(req));
  const sessionId = sessionIdOf(claims);
  const newEmail = await checkEmailUpdate(auth, user, sessionId, params);
  const passwordHash = await checkNewPassword(auth, user, sessionId, params);
  const pkce = checkPkceParams(params.pkce);

  await auth.db.transaction(async (tx) => {
    if (passwordHash) {
      if (params.nonce) await consumeNonce(auth, tx, user, params.nonce);
      await setPassword(tx, user.id, passwordHash, { clearRecoveryToken: true });
      // GoTrue signs out every other session of the user; the current one stays.
      await deleteOtherSessions(tx, user.id, sessionId);
    }
    if (params.data)
      await replaceUserMetadata(tx, user.id, mergedUserMetadata(user.raw_user_meta_data, params.data));
  });

  if (passwordHash)
    notify(auth, 'password_changed', { email: user.email ?? '', metadata: user.raw_user_meta_data });
  if (newEmail) {
    const current = (await loadUserById(auth.db, user.id)) ?? user;
    await sendEmailChange(auth, current, newEmail, referrerOf(auth.config, req, params.redirectTo), pkce);
  }
  const updated = await loadUserById(auth.db, user.id);
  return json(200, userJson(updated ?? user));
}

/** GET /reauthenticate: mails a nonce for a password change (GoTrue's reauthenticate.go). */
async function reauthenticate(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const { user } = await requireUser(auth, req);
  if (!user.email) {
    throw badRequest(
      ErrorCode.validationFailed,
      'Reauthentication requires the user to have an email or a phone number',
    );
  }
  if (!user.email_confirmed_at) {
    throw unprocessable(ErrorCode.emailNotConfirmed, 'Please verify your email first.');
  }
  refuseIfMailedRecently(auth, user.reauthentication_sent_at);
  checkEmailBudget(auth);
  const email = user.email.toLowerCase();
  const token = await auth.db.transaction((tx) =>
    storeToken(tx, auth, user, 'reauthentication', email, undefined),
  );
  deliver(auth, { type: 'reauthentication', to: email, user, token, link: '', redirectTo: '' });
  return json(200, {});
}

export const userRoutes: Route[] = [
  { method: 'GET', path: '/user', handler: getUser },
  { method: 'PUT', path: '/user', handler: updateUser, limit: 'user' },
  { method: 'GET', path: '/reauthenticate', handler: reauthenticate },
];
