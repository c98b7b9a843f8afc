import type { Queryable } from '../db/engine';
import type { GatewayRequest, Reply } from '../gateway/http';
import type { JwtClaims } from '../gateway/keys';
import type { Auth, Handler } from './context';
import { factorNotFound, notAUuid, userNotFound } from './errors';
import { findOwnedFactor, type FactorRow } from './models/factor';
import { loadUserById, type UserRow } from './models/user';
import { requireAdmin, requireUser } from './sessions';
import { parseUuid } from './uuid';

/**
 * The middleware GoTrue's api.go nests routes with (requireAuthentication, requireAdmin, loadUser,
 * loadFactor), as wrappers that hand the loaded rows to the endpoint.
 */
export interface Caller {
  claims: JwtClaims;
  user: UserRow;
}

export interface FactorCaller extends Caller {
  factor: FactorRow;
}

/** GoTrue's loadUser for /admin/users/{user_id}. */
export async function loadUserParam(q: Queryable, raw: string | undefined): Promise<UserRow> {
  const id = parseUuid(raw ?? '');
  if (!id) throw notAUuid('user_id');
  const user = await loadUserById(q, id);
  if (!user) throw userNotFound();
  return user;
}

/** GoTrue's loadFactor: the factor must be the (caller's or loaded) user's own. */
export async function loadFactorParam(
  q: Queryable,
  user: UserRow,
  raw: string | undefined,
): Promise<FactorRow> {
  const id = parseUuid(raw ?? '');
  if (!id) throw notAUuid('factor_id');
  const factor = await findOwnedFactor(q, user.id, id);
  if (!factor) throw factorNotFound();
  return factor;
}

/** requireUser, loadFactor: /factors/{factor_id}/… */
export const withOwnFactor =
  (handler: (auth: Auth, req: GatewayRequest, caller: FactorCaller) => Promise<Reply>): Handler =>
  async (auth, req, params) => {
    const caller = await requireUser(auth, req);
    const factor = await loadFactorParam(auth.db, caller.user, params['factorId']);
    return handler(auth, req, { ...caller, factor });
  };

/** requireAdmin, loadUser: /admin/users/{user_id}… */
export const withAdminUser =
  (handler: (auth: Auth, req: GatewayRequest, user: UserRow) => Promise<Reply>): Handler =>
  async (auth, req, params) => {
    await requireAdmin(auth, req);
    return handler(auth, req, await loadUserParam(auth.db, params['userId']));
  };

/** requireAdmin, loadUser, loadFactor: /admin/users/{user_id}/factors/{factor_id} */
export const withAdminUserFactor =
  (handler: (auth: Auth, req: GatewayRequest, user: UserRow, factor: FactorRow) => Promise<Reply>): Handler =>
  async (auth, req, params) => {
    await requireAdmin(auth, req);
    const user = await loadUserParam(auth.db, params['userId']);
    return handler(auth, req, user, await loadFactorParam(auth.db, user, params['factorId']));
  };
