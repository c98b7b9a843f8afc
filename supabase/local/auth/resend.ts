import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Auth, Route } from './context';
import { sendEmailChange } from './email-change';
import { refuseIfMailedRecently, sendLinkMail } from './email-tokens';
import { badRequest, ErrorCode } from './errors';
import { referrerOf } from './redirect';
import {
  mailRequestFields,
  parseBody,
  stringField,
  type JsonObject,
  type MailRequestFields,
} from './request';
import { loadUserByEmail } from './models/user';
import { checkPkceParams, validateEmail } from './validation';

/** GoTrue's ResendConfirmationParams: the body of POST /resend. */
export interface ResendParams extends MailRequestFields {
  type: string;
}

export function parseResendParams(body: JsonObject): ResendParams {
  return { type: stringField(body, 'type'), ...mailRequestFields(body) };
}

/** POST /resend: `auth.resend()` for a confirmation or an e-mail change (GoTrue's resend.go). */
async function resend(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const params = parseResendParams(parseBody(req));
  const { type } = params;
  if (type === 'sms' || type === 'phone_change') {
    throw badRequest(ErrorCode.phoneProviderDisabled, 'Phone logins are disabled');
  }
  if (type !== 'signup' && type !== 'email_change') {
    throw badRequest(
      ErrorCode.validationFailed,
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
  }
  const pkce = checkPkceParams(params.pkce);
  const hasEmail = params.email !== '';
  if (!hasEmail && type === 'signup') {
    throw badRequest(ErrorCode.validationFailed, 'Type provided requires an email address');
  }
  if (hasEmail && params.phone !== '') {
    throw badRequest(ErrorCode.validationFailed, 'Only an email address or phone number should be provided.');
  }
  if (!hasEmail) throw badRequest(ErrorCode.validationFailed, 'Missing email address or phone number');
  const email = validateEmail(params.email);
  const redirectTo = referrerOf(auth.config, req, params.redirectTo);
  const user = await loadUserByEmail(auth.db, email);
  if (!user) return json(200, {});
  if (type === 'signup') {
    if (user.email_confirmed_at) return json(200, {});
    refuseIfMailedRecently(auth, user.confirmation_sent_at);
    await sendLinkMail(auth, user, 'signup', redirectTo, pkce);
  } else {
    if (!user.email_change) return json(200, {});
    await sendEmailChange(auth, user, user.email_change, redirectTo, pkce);
  }
  return json(200, {});
}

export const resendRoutes: Route[] = [{ method: 'POST', path: '/resend', handler: resend, limit: 'resend' }];
