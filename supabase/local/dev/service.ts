import type { AuthConfig } from '../config';
import type { Queryable } from '../db/engine';
import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Outbox } from '../mail/outbox';
import type { Realtime } from '../realtime/server';
import { localTotpCode } from './totp';

/**
 * The development-only routes under /__local (the gateway keeps them behind the service key and
 * away from browsers): the mail outbox, its latest mail for an address, the local admin's current
 * authenticator code, and two levers for browser tests that keep a page open across token refreshes
 * and reconnects. Nothing here exists on a hosted project.
 */
export function createDevService(deps: {
  db: Queryable;
  outbox: Outbox;
  /** The running server's auth settings (read by the auth service on every request). */
  auth: AuthConfig;
  realtime: Pick<Realtime, 'dropConnections'>;
}) {
  return async function dev(request: GatewayRequest): Promise<Reply> {
    const to = request.query.get('to') ?? undefined;
    switch (request.path) {
      case '/outbox':
        return json(200, deps.outbox.list(to));
      case '/outbox/latest': {
        const mail = deps.outbox.latest(to);
        return mail ? json(200, mail) : json(404, { message: 'No mail yet' });
      }
      case '/totp': {
        const found = await localTotpCode(deps.db, request.query.get('email') ?? '');
        return found ? json(200, found) : json(404, { message: 'No authenticator enrolled for that e-mail' });
      }
      case '/auth-settings': {
        if (!request.query.has('jwt_expiry')) break;
        const seconds = Number(request.query.get('jwt_expiry'));
        if (!Number.isInteger(seconds) || seconds < 10) {
          return json(400, { message: 'jwt_expiry must be a whole number of seconds, at least 10' });
        }
        deps.auth.jwtExpiry = seconds;
        return json(200, { jwt_expiry: seconds });
      }
      case '/realtime/drop':
        return json(200, { dropped: deps.realtime.dropConnections() });
    }
    return json(404, { message: 'Not found' });
  };
}
