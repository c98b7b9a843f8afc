import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Auth, Route } from './context';
import { AuthError, ErrorCode } from './errors';
import { isObject, parseBody } from './request';
import { requireUser, sessionIdOf } from './sessions';
import { loadUserById, userJson } from './users';
import { checkPassword, validateEmail } from './validation';

/** GET /user */
async function getUser(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const { user } = await requireUser(auth, req);
  return json(200, userJson(user));
}

/** PUT /user: updateUser() with data, password and email (GoTrue's user.go). */
async function updateUser(auth: Auth, req: GatewayRequest): Promise<Reply> {
  const { claims, user } = await requireUser(auth, req);
  const body = parseBody(req);
  const updated = await auth.db.transaction(async (tx) => {
    if (isObject(body['data'])) {
      // Shallow merge; a key set to null is removed (GoTrue's UpdateUserMetaData).
      const meta: Record<string, unknown> = { ...(user.raw_user_meta_data ?? {}) };
      for (const [k, v] of Object.entries(body['data'])) {
        if (v === null) delete meta[k];
        else meta[k] = v;
      }
      await tx.query(
        `update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`,
        [user.id, JSON.stringify(meta)],
      );
    }
    if (body['password'] !== undefined && body['password'] !== null) {
      const password = checkPassword(auth.config, body['password'], 'Password is required');
      if (await auth.passwordMatches(password, user.encrypted_password)) {
        throw new AuthError(
          422,
          ErrorCode.samePassword,
          'New password should be different from the old password.',
        );
      }
      await tx.query(
        `update auth.users set encrypted_password = $2, recovery_token = '', updated_at = now() where id = $1`,
        [user.id, await auth.hashPassword(password)],
      );
      // GoTrue signs out every other session of the user; the current one stays.
      await tx.query(`delete from auth.sessions where user_id = $1 and id::text is distinct from $2`, [
        user.id,
        sessionIdOf(claims),
      ]);
    }
    if (typeof body['email'] === 'string' && body['email'].trim().toLowerCase() !== user.email) {
      const email = validateEmail(body['email']);
      const taken = await tx.query(`select 1 from auth.users where lower(email) = $1 and id <> $2`, [
        email,
        user.id,
      ]);
      if (taken.rows.length) {
        throw new AuthError(
          422,
          ErrorCode.emailExists,
          'A user with this email address has already been registered',
        );
      }
      // Local simplification: the change applies at once instead of waiting for confirmation mails.
      await tx.query(`update auth.users set email = $2, updated_at = now() where id = $1`, [user.id, email]);
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
         where user_id = $1 and provider = 'email'`,
        [user.id, email],
      );
    }
    return loadUserById(tx, user.id);
  });
  return json(200, userJson(updated ?? user));
}

export const userRoutes: Route[] = [
  { method: 'GET', path: '/user', handler: getUser },
  { method: 'PUT', path: '/user', handler: updateUser },
];
