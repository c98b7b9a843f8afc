import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Auth, Route } from './context';
import { refuseIfMailedRecently, sendLinkMail } from './email-tokens';
import { badRequest, ErrorCode, unprocessable } from './errors';
import { referrerOf } from './redirect';
import { parseBody } from './request';
import { loadUserByEmail } from './models/user';
import { checkPkceParams, validateEmail } from './validation';

/** POST /recover: resetPasswordForEmail(); answers {} whether or not the address exists. */
async function recover(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const body = parseBody(req);
  if (!auth.config.emailEnableSignup) {
    throw badRequest(ErrorCode.emailProviderDisabled, 'Email logins are disabled');
  }
  if (typeof body['email'] !== 'string' || body['email'] === '') {
    throw unprocessable(ErrorCode.validationFailed, 'Password recovery requires an email');
  }
  const email = validateEmail(body['email']);
  const pkce = checkPkceParams(body);
  const redirectTo = referrerOf(auth.config, req, body);
  const user = await loadUserByEmail(auth.db, email);
  if (!user) return json(200, {});
  refuseIfMailedRecently(auth, user.recovery_sent_at);
  await sendLinkMail(auth, user, 'recovery', redirectTo, pkce);
  return json(200, {});
}

export const recoverRoutes: Route[] = [
  { method: 'POST', path: '/recover', handler: recover, limit: 'recover' },
];
