import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Queryable } from '../db/engine';
import type { Auth, Route } from './context';
import { sendEmailChange } from './email-change';
import { checkEmailBudget, deliver, refuseIfMailedRecently, storeToken, tokenHashOf } from './email-tokens';
import { badRequest, ErrorCode, forbidden, unauthorized, unprocessable } from './errors';
import { deleteOtherSessions, sessionAal, sessionCreatedAt } from './models/session';
import { referrerOf } from './redirect';
import { metadataField, parseBody } from './request';
import { requireUser, sessionIdOf } from './sessions';
import { hasVerifiedFactor, loadUserById, userJson, type UserRow } from './models/user';
import { checkPassword, checkPkceParams, validateEmail } from './validation';
import { clearReauthentication, isEmailTaken, replaceUserMetadata, setPassword } from './models/user';

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

/** PUT /user: updateUser() with data, password (and nonce) and email (GoTrue's user.go). */
async function updateUser(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const { claims, user } = await requireUser(auth, req);
  const body = parseBody(req);
  const data = body['data'] === undefined ? undefined : metadataField(body, 'data');
  if (body['app_metadata'] !== undefined && body['app_metadata'] !== null) {
    throw forbidden(ErrorCode.notAdmin, 'Updating app_metadata requires admin privileges');
  }
  const wantsPassword = typeof body['password'] === 'string' && body['password'] !== '';
  const requestedEmail = typeof body['email'] === 'string' ? body['email'] : '';
  const sessionId = sessionIdOf(claims);
  // GoTrue compares the e-mail as sent, before normalising it.
  const changesCredentials =
    wantsPassword || (requestedEmail !== '' && requestedEmail !== (user.email ?? ''));
  if (changesCredentials && hasVerifiedFactor(user) && (await sessionAal(auth.db, sessionId)) !== 'aal2') {
    throw unauthorized(
      ErrorCode.insufficientAal,
      'AAL2 session is required to update email or password when MFA is enabled.',
    );
  }
  const newEmail =
    requestedEmail && requestedEmail.trim().toLowerCase() !== (user.email ?? '')
      ? validateEmail(requestedEmail)
      : undefined;
  if (user.is_anonymous && wantsPassword && !newEmail && !user.email) {
    throw unprocessable(
      ErrorCode.validationFailed,
      'Updating password of an anonymous user without an email or phone is not allowed',
    );
  }
  if (newEmail) {
    if (await isEmailTaken(auth.db, newEmail, user.id)) {
      throw unprocessable(
        ErrorCode.emailExists,
        'A user with this email address has already been registered',
      );
    }
  }
  let passwordHash: string | undefined;
  if (wantsPassword) {
    const password = checkPassword(auth.config, body['password'], 'Password is required');
    if (auth.config.securePasswordChange) {
      const createdAt = await sessionCreatedAt(auth.db, sessionId);
      if (createdAt === undefined || Date.now() > createdAt + RECENT_SIGN_IN_MS) {
        if (typeof body['nonce'] !== 'string' || body['nonce'] === '') {
          throw badRequest(ErrorCode.reauthenticationNeeded, 'Password update requires reauthentication');
        }
      }
    }
    if (await auth.passwordMatches(password, user.encrypted_password)) {
      throw unprocessable(ErrorCode.samePassword, 'New password should be different from the old password.');
    }
    passwordHash = await auth.hashPassword(password);
  }
  const pkce = checkPkceParams(body);

  await auth.db.transaction(async (tx) => {
    if (passwordHash) {
      if (typeof body['nonce'] === 'string' && body['nonce'] !== '') {
        await consumeNonce(auth, tx, user, body['nonce']);
      }
      await setPassword(tx, user.id, passwordHash, { clearRecoveryToken: true });
      // GoTrue signs out every other session of the user; the current one stays.
      await deleteOtherSessions(tx, user.id, sessionId);
    }
    if (data) {
      // Shallow merge; a key set to null is removed (GoTrue's UpdateUserMetaData).
      const meta: Record<string, unknown> = { ...(user.raw_user_meta_data ?? {}) };
      for (const [k, v] of Object.entries(data)) {
        if (v === null) delete meta[k];
        else meta[k] = v;
      }
      await replaceUserMetadata(tx, user.id, meta);
    }
  });

  if (newEmail) {
    const current = (await loadUserById(auth.db, user.id)) ?? user;
    await sendEmailChange(auth, current, newEmail, referrerOf(auth.config, req, body), pkce);
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
  deliver(auth, 'reauthentication', email, token, '', '');
  return json(200, {});
}

export const userRoutes: Route[] = [
  { method: 'GET', path: '/user', handler: getUser },
  { method: 'PUT', path: '/user', handler: updateUser, limit: 'user' },
  { method: 'GET', path: '/reauthenticate', handler: reauthenticate },
];
