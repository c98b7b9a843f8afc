import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Auth, Route } from './context';
import { badRequest, ErrorCode, notAUuid, notFoundError, unprocessable } from './errors';
import type { PathParams } from './route-path';
import { parseUuid } from './uuid';
import { requireUser } from './sessions';
import { deleteIdentity } from './models/identity';
import { refreshProviders } from './models/user';
import { notify } from './notifications';

/** GoTrue's requireManualLinkingEnabled, checked after the bearer as in its router. */
async function linkingUser(
  auth: Auth,
  req: GatewayRequest,
): Promise<Awaited<ReturnType<typeof requireUser>>> {
  const who = await requireUser(auth, req);
  if (!auth.config.enableManualLinking) {
    throw notFoundError(ErrorCode.manualLinkingDisabled, 'Manual linking is disabled');
  }
  return who;
}

/** GET /user/identities/authorize: linkIdentity() needs an OAuth provider, which a local stack lacks. */
async function linkIdentity(auth: Auth, req: GatewayRequest): Promise<Reply> {
  await linkingUser(auth, req);
  const provider = req.query.get('provider') ?? '';
  throw badRequest(
    ErrorCode.validationFailed,
    `Unsupported provider: provider ${provider} could not be found`,
  );
}

/** DELETE /user/identities/{id}: unlinkIdentity(). */
async function unlinkIdentity(auth: Auth, req: GatewayRequest, params: PathParams): Promise<Reply> {
  const { user } = await linkingUser(auth, req);
  const identityId = parseUuid(params['identityId'] ?? '');
  if (!identityId) throw notAUuid('identity_id');
  if (user.identities.length <= 1) {
    throw unprocessable(
      ErrorCode.singleIdentityNotDeletable,
      'User must have at least 1 identity after unlinking',
    );
  }
  const target = user.identities.find((i) => String(i['id']).toLowerCase() === identityId);
  if (!target) throw unprocessable(ErrorCode.identityNotFound, "Identity doesn't exist");
  await auth.db.transaction(async (tx) => {
    await deleteIdentity(tx, target['id']);
    await refreshProviders(tx, user.id);
  });
  // GoTrue tells the account's address which provider was removed.
  notify(auth, 'identity_unlinked', {
    email: user.email ?? '',
    provider: String(target['provider'] ?? ''),
    metadata: user.raw_user_meta_data,
  });
  return json(200, {});
}

export const identityRoutes: Route[] = [
  { method: 'GET', path: '/user/identities/authorize', handler: linkIdentity },
  { method: 'DELETE', path: '/user/identities/:identityId', handler: unlinkIdentity },
];
