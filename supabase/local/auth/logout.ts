import type { GatewayRequest, Reply } from '../gateway/http';
import type { Auth, Route } from './context';
import { badRequest, ErrorCode } from './errors';
import { deleteAllSessions, deleteOtherSessions, deleteSession } from './models/session';
import { requireUser, sessionIdOf } from './sessions';

/** POST /logout?scope=global|local|others */
async function logout(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const scope = req.query.get('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope)) {
    throw badRequest(ErrorCode.validationFailed, `Unsupported logout scope "${scope}"`);
  }
  // GoTrue's requireAuthentication: a dead session answers 403 session_not_found, not 204.
  const { claims, user } = await requireUser(auth, req);
  const sessionId = sessionIdOf(claims);
  if (scope === 'local') await deleteSession(auth.db, sessionId);
  else if (scope === 'others') await deleteOtherSessions(auth.db, user.id, sessionId);
  else await deleteAllSessions(auth.db, user.id);
  return { status: 204 };
}

export const logoutRoutes: Route[] = [{ method: 'POST', path: '/logout', handler: logout }];
