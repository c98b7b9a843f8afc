import { randomBytes } from 'node:crypto';
import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Auth, Route } from './context';
import { refuseIfMailedRecently, sendLinkMail } from './email-tokens';
import { badRequest, ErrorCode, unprocessable } from './errors';
import { referrerOf } from './redirect';
import { newUserFields, parseBody, type JsonObject, type NewUserFields } from './request';
import { insertUser, loadUserByEmail, loadUserById } from './models/user';
import { checkPkceParams, validateEmail, type PkceParams } from './validation';
import { markEmailConfirmed } from './models/user';

/** GoTrue's OtpParams: the body of POST /otp (e-mail only here; a phone is refused). */
export interface OtpParams extends NewUserFields {
  /** `create_user: false` refuses unknown addresses; anything else (or nothing) allows them. */
  createUser: boolean;
}

export function parseOtpParams(body: JsonObject): OtpParams {
  return { ...newUserFields(body), createUser: body['create_user'] !== false };
}

/** GoTrue's MagicLinkParams: the body of the older POST /magiclink. */
export type MagicLinkParams = Omit<OtpParams, 'phone' | 'createUser'>;

export function parseMagicLinkParams(body: JsonObject): MagicLinkParams {
  const { email, data, pkce, redirectTo } = parseOtpParams(body);
  return { email, data, pkce, redirectTo };
}

/** A magic link to send: the address checked, PKCE checked. */
interface MagicLinkRequest {
  email: string;
  data: JsonObject;
  pkce: PkceParams | undefined;
  redirectTo: string;
}

/**
 * GoTrue's MagicLink: a confirmed user gets a magic link (and code); an unknown or unconfirmed address
 * is signed up with a random password, which mails a confirmation instead, or with confirmations off
 * confirms it and then mails the magic link.
 */
async function magicLink(
  auth: Auth,
  req: GatewayRequest,
  { email, data, pkce, redirectTo: wanted }: MagicLinkRequest,
): Promise<Reply> {
  const cfg = auth.config;
  if (!cfg.emailEnableSignup) {
    throw unprocessable(ErrorCode.emailProviderDisabled, 'Email logins are disabled');
  }
  const redirectTo = referrerOf(cfg, req, wanted);
  let user = await loadUserByEmail(auth.db, email);
  if (!user || !user.email_confirmed_at) {
    if (!cfg.enableSignup) {
      throw unprocessable(ErrorCode.signupDisabled, 'Signups not allowed for this instance');
    }
    if (!user) {
      const passwordHash = await auth.hashPassword(randomBytes(33).toString('base64url'));
      const confirmed = !cfg.enableConfirmations;
      user = await auth.db.transaction((tx) =>
        insertUser(tx, { email, passwordHash, userMetadata: data, appMetadata: {}, confirmed }),
      );
    } else if (!cfg.enableConfirmations) {
      await markEmailConfirmed(auth.db, user.id);
      user = (await loadUserById(auth.db, user.id)) ?? user;
    }
    if (cfg.enableConfirmations) {
      refuseIfMailedRecently(auth, user.confirmation_sent_at);
      await sendLinkMail(auth, user, 'signup', redirectTo, pkce);
      return json(200, {});
    }
  }
  refuseIfMailedRecently(auth, user.recovery_sent_at);
  await sendLinkMail(auth, user, 'magiclink', redirectTo, pkce);
  return json(200, {});
}

/** POST /otp: signInWithOtp({ email }); `create_user: false` refuses unknown addresses. */
async function otp(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const params = parseOtpParams(parseBody(req));
  const hasEmail = params.email !== '';
  const hasPhone = params.phone !== '';
  if (hasEmail && hasPhone) {
    throw badRequest(ErrorCode.validationFailed, 'Only an email address or phone number should be provided');
  }
  const pkce = checkPkceParams(params.pkce);
  if (hasPhone) throw badRequest(ErrorCode.phoneProviderDisabled, 'Phone logins are disabled');
  if (!hasEmail) throw badRequest(ErrorCode.validationFailed, 'One of email or phone must be set');
  const email = validateEmail(params.email);
  if (!params.createUser && !(await loadUserByEmail(auth.db, email))) {
    throw unprocessable(ErrorCode.otpDisabled, 'Signups not allowed for otp');
  }
  return magicLink(auth, req, { ...params, email, pkce });
}

/** POST /magiclink: the older endpoint; same as /otp with an e-mail. */
async function magiclinkEndpoint(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const params = parseMagicLinkParams(parseBody(req));
  if (params.email === '') {
    throw unprocessable(ErrorCode.validationFailed, 'Password recovery requires an email');
  }
  const email = validateEmail(params.email);
  return magicLink(auth, req, { ...params, email, pkce: checkPkceParams(params.pkce) });
}

export const otpRoutes: Route[] = [
  { method: 'POST', path: '/otp', handler: otp, limit: 'otp' },
  { method: 'POST', path: '/magiclink', handler: magiclinkEndpoint, limit: 'magicLink' },
];
