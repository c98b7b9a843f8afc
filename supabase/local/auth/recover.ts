import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Auth, Route } from './context';
import { refuseIfMailedRecently, sendTokenMail } from './email-tokens';
import { resolveRedirect } from './redirect';
import { parseBody, requestedRedirect } from './request';
import { loadUserByEmail } from './users';
import { checkPkceParams, validateEmail } from './validation';

/** POST /recover: resetPasswordForEmail(); answers {} whether or not the address exists. */
async function recover(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const body = parseBody(req);
  const email = validateEmail(body['email']);
  const pkce = checkPkceParams(body);
  const redirectTo = resolveRedirect(auth.config, requestedRedirect(req, body));
  const user = await loadUserByEmail(auth.db, email);
  if (!user) return json(200, {});
  refuseIfMailedRecently(auth, user.recovery_sent_at);
  await sendTokenMail(auth, user, 'recovery', redirectTo, pkce);
  return json(200, {});
}

export const recoverRoutes: Route[] = [{ method: 'POST', path: '/recover', handler: recover }];
