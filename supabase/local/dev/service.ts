import type { Queryable } from '../db/engine';
import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Outbox } from '../mail/outbox';
import { localTotpCode } from './totp';

/**
 * The development-only routes under /__local (the gateway keeps them behind the service key and
 * away from browsers): the mail outbox, its latest mail for an address, and the local admin's
 * current authenticator code. Nothing here exists on a hosted project.
 */
export function createDevService(deps: { db: Queryable; outbox: Outbox }) {
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
      default:
        return json(404, { message: 'Not found' });
    }
  };
}
