import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/engine';
import { json, type GatewayRequest, type Reply } from '../gateway/http';
import type { Auth, Route } from './context';
import {
  checkEmailBudget,
  deliver,
  refuseIfMailedRecently,
  storeToken,
  verifyLink,
  type SlotName,
} from './email-tokens';
import { AuthError, ErrorCode } from './errors';
import { isRedirectAllowed, referrerOf } from './redirect';
import { metadataField, parseBody, type JsonObject } from './request';
import { withAdminUser } from './loaders';
import { deleteAllSessions } from './models/session';
import { requireAdmin } from './sessions';
import {
  insertUser,
  loadUserByEmail,
  loadUserById,
  USER_SELECT,
  userJson,
  type UserRow,
} from './models/user';
import { checkPassword, parseGoDuration, validateEmail } from './validation';

const DUPLICATE_EMAIL = 'A user with this email address has already been registered';
const emailExists = (): AuthError => new AuthError(422, ErrorCode.emailExists, DUPLICATE_EMAIL);

/** GoTrue's ban_duration: a Go duration, or "none" to lift the ban; seconds. */
function banSeconds(value: unknown): number | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  if (value === 'none') return 0;
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(value)) {
    throw new AuthError(
      400,
      ErrorCode.validationFailed,
      `invalid format for ban duration: time: invalid duration "${value}"`,
    );
  }
  return Math.round(parseGoDuration(value));
}

async function applyBan(q: Queryable, userId: string, seconds: number): Promise<void> {
  await q.query(
    `update auth.users set banned_until = case when $2::int > 0 then now() + make_interval(secs => $2) end where id = $1`,
    [userId, seconds],
  );
}

/** POST /admin/users: auth.admin.createUser(). */
async function createUser(auth: Auth, req: GatewayRequest): Promise<Reply> {
  await requireAdmin(auth, req);
  const body = parseBody(req);
  const userMetadata = metadataField(body, 'user_metadata');
  const appMetadata = metadataField(body, 'app_metadata');
  if (!body['email'] && !body['phone']) {
    throw new AuthError(
      400,
      ErrorCode.validationFailed,
      'Cannot create a user without either an email or phone',
    );
  }
  if (!body['email']) throw new AuthError(400, ErrorCode.phoneProviderDisabled, 'Phone logins are disabled');
  const email = validateEmail(body['email']);
  if (await loadUserByEmail(auth.db, email)) throw emailExists();
  const password =
    body['password'] === undefined || body['password'] === null || body['password'] === ''
      ? undefined
      : checkPassword(auth.config, body['password'], 'Password is required');
  const ban = banSeconds(body['ban_duration']);
  const passwordHash = password ? await auth.hashPassword(password) : '';
  const user = await auth.db.transaction(async (tx) => {
    const created = await insertUser(tx, {
      email,
      passwordHash,
      userMetadata,
      appMetadata,
      confirmed: body['email_confirm'] === true,
    });
    if (ban !== undefined) await applyBan(tx, created.id, ban);
    return (await loadUserById(tx, created.id)) ?? created;
  });
  return json(200, userJson(user));
}

const SORTABLE = /^created_at(\s+(asc|desc))?$/i;

/** GET /admin/users: auth.admin.listUsers(), newest first, page/per_page as GoTrue parses them. */
async function listUsers(auth: Auth, req: GatewayRequest): Promise<Reply> {
  await requireAdmin(auth, req);
  const parse = (name: string, fallback: number): number => {
    const raw = req.query.get(name);
    if (raw === null || raw === '') return fallback;
    if (!/^\d+$/.test(raw)) {
      throw new AuthError(
        400,
        ErrorCode.validationFailed,
        `Bad Pagination Parameters: strconv.ParseUint: parsing "${raw}": invalid syntax`,
      );
    }
    return Number(raw);
  };
  const page = Math.max(1, parse('page', 1));
  const perPage = parse('per_page', 50) || 50;
  const sort = req.query.get('sort');
  if (sort && !SORTABLE.test(sort.trim())) {
    throw new AuthError(
      400,
      ErrorCode.validationFailed,
      `Bad Sort Parameters: ${sort} is not a sortable field`,
    );
  }
  const direction = sort && /asc$/i.test(sort.trim()) ? 'asc' : 'desc';
  const filter = req.query.get('filter') ?? '';
  const where = filter
    ? `where (u.email like $3 or u.raw_user_meta_data->>'full_name' ilike $3)`
    : `where $3::text is null`;
  const { rows } = await auth.db.query<{ doc: string }>(
    `${USER_SELECT} ${where} order by u.created_at ${direction}, u.id ${direction} limit $1 offset $2`,
    [perPage, (page - 1) * perPage, filter ? `%${filter}%` : null],
  );
  const countWhere = filter ? `where (email like $1 or raw_user_meta_data->>'full_name' ilike $1)` : '';
  const total = Number(
    (
      await auth.db.query<{ n: string }>(
        `select count(*)::text as n from auth.users ${countWhere}`,
        filter ? [`%${filter}%`] : [],
      )
    ).rows[0]?.n ?? '0',
  );
  const totalPages = Math.ceil(total / perPage);
  const pageUrl = (n: number): string => {
    const params = new URLSearchParams(req.query);
    params.set('page', String(n));
    return `${auth.apiUrl()}/auth/v1/admin/users?${params.toString()}`;
  };
  const links = [
    ...(totalPages > page ? [`<${pageUrl(page + 1)}>; rel="next"`] : []),
    `<${pageUrl(totalPages)}>; rel="last"`,
  ];
  return json(
    200,
    { users: rows.map((r) => userJson(JSON.parse(r.doc) as UserRow)), aud: 'authenticated' },
    { 'x-total-count': String(total), link: links.join(', ') },
  );
}

/** GoTrue's obfuscateValue: what a soft-deleted user's address becomes. */
const obfuscate = (userId: string, value: string): string =>
  createHash('sha256')
    .update(userId + value)
    .digest('base64url');

/** GoTrue's SoftDeleteUser: the row stays, everything identifying or usable goes. */
async function softDelete(tx: Queryable, user: UserRow): Promise<void> {
  await tx.query(
    `update auth.users set email = $2, email_change = $3, phone = null, encrypted_password = '',
       confirmation_token = '', recovery_token = '', email_change_token_current = '', email_change_token_new = '',
       reauthentication_token = '', raw_user_meta_data = '{}'::jsonb, raw_app_meta_data = '{}'::jsonb,
       deleted_at = now(), updated_at = now()
     where id = $1`,
    [
      user.id,
      obfuscate(user.id, user.email ?? ''),
      user.email_change ? obfuscate(user.id, user.email_change) : '',
    ],
  );
  await tx.query(
    `update auth.identities set identity_data = '{}'::jsonb, provider_id = encode(sha256(convert_to(user_id::text || provider_id, 'UTF8')), 'hex')
     where user_id = $1`,
    [user.id],
  );
  await tx.query(`delete from auth.one_time_tokens where user_id = $1`, [user.id]);
}

/** GET, PUT and DELETE /admin/users/{id}. */
async function oneUser(auth: Auth, req: GatewayRequest, user: UserRow): Promise<Reply> {
  if (req.method === 'GET') return json(200, userJson(user));
  if (req.method === 'DELETE') {
    const body = parseBody(req);
    await auth.db.transaction(async (tx) => {
      if (body['should_soft_delete'] === true) {
        await deleteAllSessions(tx, user.id);
        await softDelete(tx, user);
      } else {
        await tx.query(`delete from auth.users where id = $1`, [user.id]);
      }
    });
    return json(200, {});
  }
  // PUT: auth.admin.updateUserById().
  const body = parseBody(req);
  const userMetadata = body['user_metadata'] === undefined ? undefined : metadataField(body, 'user_metadata');
  const appMetadata = body['app_metadata'] === undefined ? undefined : metadataField(body, 'app_metadata');
  const ban = banSeconds(body['ban_duration']);
  const password =
    typeof body['password'] === 'string' && body['password'] !== ''
      ? checkPassword(auth.config, body['password'], 'Password is required')
      : undefined;
  const email =
    typeof body['email'] === 'string' && body['email'] !== '' ? validateEmail(body['email']) : undefined;
  if (email && email !== user.email) {
    const taken = await auth.db.query(`select 1 from auth.users where lower(email) = $1 and id <> $2`, [
      email,
      user.id,
    ]);
    if (taken.rows.length) throw emailExists();
  }
  const passwordHash = password ? await auth.hashPassword(password) : undefined;
  const updated = await auth.db.transaction(async (tx) => {
    for (const [value, column] of [
      [userMetadata, 'raw_user_meta_data'],
      [appMetadata, 'raw_app_meta_data'],
    ] as const) {
      if (value) {
        await tx.query(
          `update auth.users set ${column} = coalesce(${column}, '{}'::jsonb) || $2::jsonb, updated_at = now() where id = $1`,
          [user.id, JSON.stringify(value)],
        );
      }
    }
    if (passwordHash) {
      await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [
        user.id,
        passwordHash,
      ]);
    }
    if (email && email !== user.email) {
      await tx.query(`update auth.users set email = $2, updated_at = now() where id = $1`, [user.id, email]);
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
         where user_id = $1 and provider = 'email'`,
        [user.id, email],
      );
    }
    if (body['email_confirm'] === true) {
      await tx.query(
        `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1`,
        [user.id],
      );
    }
    if (ban !== undefined) await applyBan(tx, user.id, ban);
    return loadUserById(tx, user.id);
  });
  return json(200, userJson(updated ?? user));
}

/** A new user created by an admin on the way to a link (generate_link, invite). */
async function createForLink(
  auth: Auth,
  tx: Queryable,
  email: string,
  data: JsonObject,
  password: string | undefined,
  invited: boolean,
): Promise<UserRow> {
  const passwordHash = password ? await auth.hashPassword(password) : '';
  return insertUser(tx, {
    email,
    passwordHash,
    userMetadata: data,
    appMetadata: {},
    confirmed: false,
    invited,
  });
}

/** POST /invite: auth.admin.inviteUserByEmail(). */
async function invite(auth: Auth, req: GatewayRequest): Promise<Reply> {
  await requireAdmin(auth, req);
  const body = parseBody(req);
  const data = metadataField(body, 'data');
  const email = validateEmail(body['email']);
  const redirectTo = referrerOf(auth.config, req, body);
  const existing = await loadUserByEmail(auth.db, email);
  if (existing?.email_confirmed_at) throw emailExists();
  if (existing) refuseIfMailedRecently(auth, existing.confirmation_sent_at);
  checkEmailBudget(auth);
  const { user, token } = await auth.db.transaction(async (tx) => {
    let target = existing;
    if (target) {
      await tx.query(`update auth.users set invited_at = now() where id = $1`, [target.id]);
    } else {
      target = await createForLink(auth, tx, email, data, undefined, true);
    }
    const issued = await storeToken(tx, auth, target, 'confirmation', email, undefined);
    return { user: (await loadUserById(tx, target.id)) ?? target, token: issued };
  });
  deliver(auth, 'invite', email, token, verifyLink(auth, token.tokenHash, 'invite', redirectTo), redirectTo);
  return json(200, userJson(user));
}

type LinkType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change_current' | 'email_change_new';
const LINK_TYPES = new Set<string>([
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change_current',
  'email_change_new',
]);

/** POST /admin/generate_link: auth.admin.generateLink(), every e-mail type; nothing is mailed. */
async function generateLink(auth: Auth, req: GatewayRequest): Promise<Reply> {
  await requireAdmin(auth, req);
  const body = parseBody(req);
  const data = metadataField(body, 'data');
  const email = validateEmail(body['email']);
  let type = String(body['type'] ?? '');
  if (!LINK_TYPES.has(type)) {
    throw new AuthError(400, ErrorCode.validationFailed, `Invalid email action link type requested: ${type}`);
  }
  const wanted = typeof body['redirect_to'] === 'string' ? body['redirect_to'] : '';
  const redirectTo = wanted && isRedirectAllowed(auth.config, wanted) ? wanted : referrerOf(auth.config, req);
  const existing = await loadUserByEmail(auth.db, email);
  let password = typeof body['password'] === 'string' ? body['password'] : undefined;
  if (!existing) {
    if (type === 'magiclink') {
      type = 'signup';
      password = randomBytes(48).toString('base64url');
    } else if (type === 'recovery' || type.startsWith('email_change')) {
      throw new AuthError(404, ErrorCode.userNotFound, 'User with this email not found');
    }
  }
  if (type === 'signup' && !existing)
    checkPassword(auth.config, password, 'Signup requires a valid password');
  let newEmail: string | undefined;
  if (type === 'email_change_current' || type === 'email_change_new') {
    if (type === 'email_change_current' && !auth.config.doubleConfirmChanges) {
      throw new AuthError(
        400,
        ErrorCode.validationFailed,
        'Enable secure email change to generate link for current email',
      );
    }
    newEmail = validateEmail(body['new_email']);
    const taken = await auth.db.query(`select 1 from auth.users where lower(email) = $1`, [newEmail]);
    if (taken.rows.length) throw emailExists();
  }
  const kind = type as LinkType;
  const result = await auth.db.transaction(async (tx) => {
    let user = existing;
    if ((kind === 'signup' || kind === 'invite') && user?.email_confirmed_at) throw emailExists();
    if (!user) user = await createForLink(auth, tx, email, data, password, kind === 'invite');
    else if (kind === 'signup' && Object.keys(data).length) {
      await tx.query(
        `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb where id = $1`,
        [user.id, JSON.stringify(data)],
      );
    }
    if (kind === 'invite')
      await tx.query(`update auth.users set invited_at = now() where id = $1`, [user.id]);
    let slot: SlotName;
    let address = email;
    if (kind === 'signup' || kind === 'invite') slot = 'confirmation';
    else if (kind === 'magiclink' || kind === 'recovery') slot = 'recovery';
    else {
      await tx.query(
        `update auth.users set email_change = $2, email_change_confirm_status = 0, email_change_token_current = '',
           email_change_token_new = '' where id = $1`,
        [user.id, newEmail],
      );
      slot = kind === 'email_change_current' ? 'emailChangeCurrent' : 'emailChangeNew';
      if (kind === 'email_change_new') address = newEmail ?? email;
    }
    const token = await storeToken(tx, auth, user, slot, address, undefined);
    return { user: (await loadUserById(tx, user.id)) ?? user, token };
  });
  const linkType = kind.startsWith('email_change') ? 'email_change' : kind;
  return json(200, {
    ...userJson(result.user),
    action_link: verifyLink(auth, result.token.tokenHash, linkType, redirectTo),
    email_otp: result.token.otp,
    hashed_token: result.token.tokenHash,
    verification_type: kind,
    redirect_to: redirectTo,
  });
}

export const adminRoutes: Route[] = [
  { method: 'POST', path: '/admin/users', handler: createUser },
  { method: 'GET', path: '/admin/users', handler: listUsers },
  { method: 'GET', path: '/admin/users/:userId', handler: withAdminUser(oneUser) },
  { method: 'PUT', path: '/admin/users/:userId', handler: withAdminUser(oneUser) },
  { method: 'DELETE', path: '/admin/users/:userId', handler: withAdminUser(oneUser) },
  { method: 'POST', path: '/admin/generate_link', handler: generateLink },
  { method: 'POST', path: '/invite', handler: invite },
];
