import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Auth, Route } from './context';
import { AuthError, ErrorCode } from './errors';
import { isObject, parseBody, type JsonObject } from './request';
import { requireAdmin } from './sessions';
import { insertUser, loadUserByEmail, loadUserById, USER_SELECT, userJson, type UserRow } from './users';
import { checkPassword, parseGoDuration, validateEmail } from './validation';

const objectOr = (value: unknown): JsonObject => (isObject(value) ? value : {});

/** POST /admin/users: auth.admin.createUser(). */
async function createUser(auth: Auth, req: GatewayRequest): Promise<Reply> {
  await requireAdmin(auth, req);
  const body = parseBody(req);
  const email = validateEmail(body['email']);
  const password =
    body['password'] === undefined || body['password'] === null
      ? undefined
      : checkPassword(auth.config, body['password'], 'Password is required');
  const existing = await loadUserByEmail(auth.db, email);
  if (existing) {
    throw new AuthError(
      422,
      ErrorCode.emailExists,
      'A user with this email address has already been registered',
    );
  }
  const passwordHash = password ? await auth.hashPassword(password) : '';
  const user = await auth.db.transaction((tx) =>
    insertUser(tx, {
      email,
      passwordHash,
      userMetadata: objectOr(body['user_metadata']),
      appMetadata: objectOr(body['app_metadata']),
      confirmed: body['email_confirm'] === true,
    }),
  );
  return json(200, userJson(user));
}

/** GET /admin/users: auth.admin.listUsers(). */
async function listUsers(auth: Auth, req: GatewayRequest): Promise<Reply> {
  await requireAdmin(auth, req);
  const page = Math.max(1, Number(req.query.get('page') ?? 1) || 1);
  const perPage = Math.min(1000, Math.max(1, Number(req.query.get('per_page') ?? 50) || 50));
  const { rows } = await auth.db.query<{ doc: string }>(
    `${USER_SELECT} order by u.created_at, u.id limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  );
  const total =
    (await auth.db.query<{ n: string }>(`select count(*)::text as n from auth.users`)).rows[0]?.n ?? '0';
  return json(
    200,
    { users: rows.map((r) => userJson(JSON.parse(r.doc) as UserRow)), aud: 'authenticated' },
    { 'x-total-count': total },
  );
}

/** GET, PUT and DELETE /admin/users/{id}. */
async function oneUser(auth: Auth, req: GatewayRequest): Promise<Reply> {
  await requireAdmin(auth, req);
  const id = decodeURIComponent(req.path.slice('/admin/users/'.length));
  const user = /^[0-9a-f-]{36}$/i.test(id) ? await loadUserById(auth.db, id.toLowerCase()) : undefined;
  if (!user) throw new AuthError(404, ErrorCode.userNotFound, 'User not found');
  if (req.method === 'GET') return json(200, userJson(user));
  if (req.method === 'DELETE') {
    await auth.db.query(`delete from auth.users where id = $1`, [user.id]);
    return json(200, {});
  }
  // PUT: the admin update subset tests and seeding need.
  const body = parseBody(req);
  const updated = await auth.db.transaction(async (tx) => {
    for (const [key, column] of [
      ['user_metadata', 'raw_user_meta_data'],
      ['app_metadata', 'raw_app_meta_data'],
    ] as const) {
      const value = body[key];
      if (isObject(value)) {
        await tx.query(
          `update auth.users set ${column} = coalesce(${column}, '{}'::jsonb) || $2::jsonb, updated_at = now() where id = $1`,
          [user.id, JSON.stringify(value)],
        );
      }
    }
    if (typeof body['password'] === 'string') {
      const password = checkPassword(auth.config, body['password'], 'Password is required');
      await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [
        user.id,
        await auth.hashPassword(password),
      ]);
    }
    if (typeof body['email'] === 'string') {
      await tx.query(`update auth.users set email = $2, updated_at = now() where id = $1`, [
        user.id,
        validateEmail(body['email']),
      ]);
    }
    if (body['email_confirm'] === true) {
      await tx.query(
        `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1`,
        [user.id],
      );
    }
    if (typeof body['ban_duration'] === 'string') {
      const seconds = body['ban_duration'] === 'none' ? 0 : Math.round(parseGoDuration(body['ban_duration']));
      await tx.query(
        `update auth.users set banned_until = case when $2::int > 0 then now() + make_interval(secs => $2) end where id = $1`,
        [user.id, seconds],
      );
    }
    return loadUserById(tx, user.id);
  });
  return json(200, userJson(updated ?? user));
}

export const adminRoutes: Route[] = [
  { method: 'POST', path: '/admin/users', handler: createUser },
  { method: 'GET', path: '/admin/users', handler: listUsers },
  { method: 'GET', path: '/admin/users/', handler: oneUser },
  { method: 'PUT', path: '/admin/users/', handler: oneUser },
  { method: 'DELETE', path: '/admin/users/', handler: oneUser },
];
