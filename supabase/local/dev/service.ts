import type { AuthConfig } from '../config';
import type { Database } from '../db/engine';
import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Outbox } from '../mail/outbox';
import type { Realtime } from '../realtime/server';
import { localTotpCode } from './totp';

/**
 * The development-only routes under /__local (the gateway keeps them behind the service key and
 * away from browsers): the mail outbox, its latest mail for an address, the local admin's current
 * authenticator code, two levers for browser tests that keep a page open across token refreshes
 * and reconnects, and one that moves a test member's history back in time (monthly statements are
 * made only for a closed month). Nothing here exists on a hosted project.
 */
export function createDevService(deps: {
  db: Database;
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
      case '/backdate': {
        // A member's sign-up and every posting of theirs, moved to one instant (in the past). The
        // append-only triggers are set aside for this one transaction, as only the superuser can.
        const user = request.query.get('user_id') ?? '';
        const at = Date.parse(request.query.get('at') ?? '');
        if (!/^[0-9a-f-]{36}$/i.test(user) || Number.isNaN(at) || at > Date.now()) {
          return json(400, { message: 'user_id (a uuid) and at (an instant in the past) are required' });
        }
        const instant = new Date(at).toISOString();
        const moved = await deps.db.transaction(async (tx) => {
          await tx.query(`select set_config('session_replication_role', 'replica', true)`);
          await tx.query('update public.profiles set created_at = $2 where id = $1', [user, instant]);
          await tx.query('update public.transfers set created_at = $2 where user_id = $1', [user, instant]);
          const entries = await tx.query(
            'update public.ledger_entries set created_at = $2 where user_id = $1',
            [user, instant],
          );
          return entries.affectedRows ?? 0;
        });
        return json(200, { user_id: user, at: instant, ledger_entries: moved });
      }
    }
    return json(404, { message: 'Not found' });
  };
}
