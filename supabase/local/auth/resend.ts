import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Auth, Route } from './context';
import { refuseIfMailedRecently, sendTokenMail } from './email-tokens';
import { AuthError, ErrorCode } from './errors';
import { resolveRedirect } from './redirect';
import { parseBody } from './request';
import { loadUserByEmail } from './users';
import { checkPkceParams, validateEmail } from './validation';

/** POST /resend: `auth.resend({ type: 'signup', email })`, a fresh mail for an unconfirmed user. */
async function resend(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const body = parseBody(req);
  if (body['type'] !== 'signup') {
    throw new AuthError(
      400,
      ErrorCode.validationFailed,
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
  }
  const email = validateEmail(body['email']);
  const user = await loadUserByEmail(auth.db, email);
  if (!user || user.email_confirmed_at) return json(200, {});
  refuseIfMailedRecently(auth, user.confirmation_sent_at);
  const redirectTo = resolveRedirect(auth.config, req.query.get('redirect_to'));
  await sendTokenMail(auth, user, 'signup', redirectTo, checkPkceParams(body));
  return json(200, {});
}

export const resendRoutes: Route[] = [{ method: 'POST', path: '/resend', handler: resend }];
