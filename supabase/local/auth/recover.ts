import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Auth, Route } from './context';
import { refuseIfMailedRecently, sendLinkMail } from './email-tokens';
import { badRequest, ErrorCode, unprocessable } from './errors';
import { referrerOf } from './redirect';
import { mailRequestFields, parseBody, type JsonObject, type MailRequestFields } from './request';
import { loadUserByEmail } from './models/user';
import { checkPkceParams, validateEmail } from './validation';

/** GoTrue's RecoverParams: the body of POST /recover. */
export type RecoverParams = Omit<MailRequestFields, 'phone'>;

export function parseRecoverParams(body: JsonObject): RecoverParams {
  const { email, pkce, redirectTo } = mailRequestFields(body);
  return { email, pkce, redirectTo };
}

/** POST /recover: resetPasswordForEmail(); answers {} whether or not the address exists. */
async function recover(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const params = parseRecoverParams(parseBody(req));
  if (!auth.config.emailEnableSignup) {
    throw badRequest(ErrorCode.emailProviderDisabled, 'Email logins are disabled');
  }
  if (params.email === '') {
    throw unprocessable(ErrorCode.validationFailed, 'Password recovery requires an email');
  }
  const email = validateEmail(params.email);
  const pkce = checkPkceParams(params.pkce);
  const redirectTo = referrerOf(auth.config, req, params.redirectTo);
  const user = await loadUserByEmail(auth.db, email);
  if (!user) return json(200, {});
  refuseIfMailedRecently(auth, user.recovery_sent_at);
  await sendLinkMail(auth, user, 'recovery', redirectTo, pkce);
  return json(200, {});
}

export const recoverRoutes: Route[] = [
  { method: 'POST', path: '/recover', handler: recover, limit: 'recover' },
];
