import type { GatewayRequest, Reply } from '../gateway/http';
import type { Auth, Route } from './context';
import { AuthError, ErrorCode } from './errors';
import { requireClaims, sessionIdOf } from './sessions';

/** POST /logout?scope=global|local|others */
async function logout(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const claims = await requireClaims(auth, req);
  const scope = req.query.get('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope)) {
    throw new AuthError(400, ErrorCode.validationFailed, `Unsupported logout scope "${scope}"`);
  }
  const sub = typeof claims.sub === 'string' ? claims.sub : undefined;
  const sessionId = sessionIdOf(claims);
  const { db } = auth;
  if (sub) {
    if (scope === 'local') await db.query(`delete from auth.sessions where id::text = $1`, [sessionId]);
    else if (scope === 'others') {
      await db.query(`delete from auth.sessions where user_id::text = $1 and id::text is distinct from $2`, [
        sub,
        sessionId,
      ]);
    } else await db.query(`delete from auth.sessions where user_id::text = $1`, [sub]);
  }
  return { status: 204 };
}

export const logoutRoutes: Route[] = [{ method: 'POST', path: '/logout', handler: logout }];
