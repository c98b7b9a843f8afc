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
import { AuthError, badRequest, ErrorCode, notFoundError, unprocessable } from './errors';
import { isRedirectAllowed, referrerOf } from './redirect';
import { metadataField, parseBody, stringField, type JsonObject } from './request';
import { withAdminUser } from './loaders';
import { deleteAllSessions } from './models/session';
import { requireAdmin } from './sessions';
import {
  confirmEmailIfUnconfirmed,
  deleteUser,
  findUsersPage,
  insertUser,
  isEmailTaken,
  loadUserByEmail,
  loadUserById,
  markInvited,
  mergeMetadata,
  setBan,
  setEmail,
  setPassword,
  setPendingEmailChange,
  softDeleteUser,
  userJson,
  type UserRow,
} from './models/user';
import { checkPassword, parseGoDuration, validateEmail } from './validation';

const DUPLICATE_EMAIL = 'A user with this email address has already been registered';
const emailExists = (): AuthError => unprocessable(ErrorCode.emailExists, DUPLICATE_EMAIL);

/** GoTrue's ban_duration: a Go duration, or "none" to lift the ban; seconds. */
function banSeconds(value: unknown): number | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  if (value === 'none') return 0;
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(value)) {
    throw badRequest(
      ErrorCode.validationFailed,
      `invalid format for ban duration: time: invalid duration "${value}"`,
    );
  }
  return Math.round(parseGoDuration(value));
}

/** GoTrue's AdminUserParams: the body of POST and PUT /admin/users (metadata decoded as GoTrue does). */
export interface AdminUserParams {
  userMetadata: JsonObject | undefined;
  appMetadata: JsonObject | undefined;
  email: unknown;
  phone: unknown;
  password: unknown;
  emailConfirm: boolean;
  banDuration: unknown;
}

export function parseAdminUserParams(body: JsonObject): AdminUserParams {
  return {
    userMetadata: body['user_metadata'] === undefined ? undefined : metadataField(body, 'user_metadata'),
    appMetadata: body['app_metadata'] === undefined ? undefined : metadataField(body, 'app_metadata'),
    email: body['email'],
    phone: body['phone'],
    password: body['password'] === null || body['password'] === '' ? undefined : body['password'],
    emailConfirm: body['email_confirm'] === true,
    banDuration: body['ban_duration'],
  };
}

const hashedPassword = async (auth: Auth, password: unknown): Promise<string | undefined> =>
  password === undefined
    ? undefined
    : auth.hashPassword(checkPassword(auth.config, password, 'Password is required'));

/** POST /admin/users: auth.admin.createUser(). */
async function createUser(auth: Auth, req: GatewayRequest): Promise<Reply> {
  await requireAdmin(auth, req);
  const params = parseAdminUserParams(parseBody(req));
  if (!params.email && !params.phone) {
    throw badRequest(ErrorCode.validationFailed, 'Cannot create a user without either an email or phone');
  }
  if (!params.email) throw badRequest(ErrorCode.phoneProviderDisabled, 'Phone logins are disabled');
  const email = validateEmail(params.email);
  if (await loadUserByEmail(auth.db, email)) throw emailExists();
  const passwordHash = (await hashedPassword(auth, params.password)) ?? '';
  const ban = banSeconds(params.banDuration);
  const user = await auth.db.transaction(async (tx) => {
    const created = await insertUser(tx, {
      email,
      passwordHash,
      userMetadata: params.userMetadata ?? {},
      appMetadata: params.appMetadata ?? {},
      confirmed: params.emailConfirm,
    });
    if (ban !== undefined) await setBan(tx, created.id, ban);
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
      throw badRequest(
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
    throw badRequest(ErrorCode.validationFailed, `Bad Sort Parameters: ${sort} is not a sortable field`);
  }
  const { users, total } = await findUsersPage(auth.db, {
    filter: req.query.get('filter') ?? '',
    ascending: !!sort && /asc$/i.test(sort.trim()),
    limit: perPage,
    offset: (page - 1) * perPage,
  });
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
    { users: users.map(userJson), aud: 'authenticated' },
    { 'x-total-count': String(total), link: links.join(', ') },
  );
}

/** GoTrue's obfuscateValue: what a soft-deleted user's address becomes. */
const obfuscate = (userId: string, value: string): string =>
  createHash('sha256')
    .update(userId + value)
    .digest('base64url');

/** GoTrue's adminUserDeleteParams: the body of DELETE /admin/users/{user_id}. */
export function parseAdminDeleteParams(body: JsonObject): { shouldSoftDelete: boolean } {
  return { shouldSoftDelete: body['should_soft_delete'] === true };
}

/** DELETE /admin/users/{user_id}: auth.admin.deleteUser(id, shouldSoftDelete). */
async function deleteUserById(auth: Auth, req: GatewayRequest, user: UserRow): Promise<Reply> {
  const soft = parseAdminDeleteParams(parseBody(req)).shouldSoftDelete;
  await auth.db.transaction(async (tx) => {
    if (!soft) return deleteUser(tx, user.id);
    await deleteAllSessions(tx, user.id);
    await softDeleteUser(tx, user.id, {
      email: obfuscate(user.id, user.email ?? ''),
      emailChange: user.email_change ? obfuscate(user.id, user.email_change) : '',
    });
  });
  return json(200, {});
}

/** PUT /admin/users/{user_id}: auth.admin.updateUserById(). */
async function updateUserById(auth: Auth, req: GatewayRequest, user: UserRow): Promise<Reply> {
  const params = parseAdminUserParams(parseBody(req));
  const ban = banSeconds(params.banDuration);
  const passwordHash = await hashedPassword(
    auth,
    typeof params.password === 'string' ? params.password : undefined,
  );
  const email =
    typeof params.email === 'string' && params.email !== '' ? validateEmail(params.email) : undefined;
  const newEmail = email && email !== user.email ? email : undefined;
  if (newEmail && (await isEmailTaken(auth.db, newEmail, user.id))) throw emailExists();
  const updated = await auth.db.transaction(async (tx) => {
    if (params.userMetadata) await mergeMetadata(tx, user.id, 'raw_user_meta_data', params.userMetadata);
    if (params.appMetadata) await mergeMetadata(tx, user.id, 'raw_app_meta_data', params.appMetadata);
    if (passwordHash) await setPassword(tx, user.id, passwordHash);
    if (newEmail) await setEmail(tx, user.id, newEmail);
    if (params.emailConfirm) await confirmEmailIfUnconfirmed(tx, user.id);
    if (ban !== undefined) await setBan(tx, user.id, ban);
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

/** GoTrue's InviteParams: the body of POST /invite, the address checked. */
export interface InviteParams {
  email: string;
  data: JsonObject;
  redirectTo: string;
}

export function parseInviteParams(body: JsonObject): InviteParams {
  const data = metadataField(body, 'data');
  return { email: validateEmail(body['email']), data, redirectTo: stringField(body, 'redirect_to') };
}

/** POST /invite: auth.admin.inviteUserByEmail(). */
async function invite(auth: Auth, req: GatewayRequest): Promise<Reply> {
  await requireAdmin(auth, req);
  const { email, data, ...params } = parseInviteParams(parseBody(req));
  const redirectTo = referrerOf(auth.config, req, params.redirectTo);
  const existing = await loadUserByEmail(auth.db, email);
  if (existing?.email_confirmed_at) throw emailExists();
  if (existing) refuseIfMailedRecently(auth, existing.confirmation_sent_at);
  checkEmailBudget(auth);
  const { user, token } = await auth.db.transaction(async (tx) => {
    let target = existing;
    if (target) {
      await markInvited(tx, target.id);
    } else {
      target = await createForLink(auth, tx, email, data, undefined, true);
    }
    const issued = await storeToken(tx, auth, target, 'confirmation', email, undefined);
    return { user: (await loadUserById(tx, target.id)) ?? target, token: issued };
  });
  const link = verifyLink(auth, token.tokenHash, 'invite', redirectTo);
  deliver(auth, { type: 'invite', to: email, user, token, link, redirectTo });
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

/** GoTrue's GenerateLinkParams: the body of POST /admin/generate_link, the address and type checked. */
export interface GenerateLinkParams {
  type: LinkType;
  email: string;
  /** As sent, or ''; checked for the e-mail change types only. */
  newEmail: unknown;
  password: string | undefined;
  data: JsonObject;
  redirectTo: string;
}

export function parseGenerateLinkParams(body: JsonObject): GenerateLinkParams {
  const data = metadataField(body, 'data');
  const email = validateEmail(body['email']);
  const type = String(body['type'] ?? '');
  if (!LINK_TYPES.has(type)) {
    throw badRequest(ErrorCode.validationFailed, `Invalid email action link type requested: ${type}`);
  }
  return {
    type: type as LinkType,
    email,
    newEmail: body['new_email'],
    password: typeof body['password'] === 'string' ? body['password'] : undefined,
    data,
    redirectTo: stringField(body, 'redirect_to'),
  };
}

/** POST /admin/generate_link: auth.admin.generateLink(), every e-mail type; nothing is mailed. */
async function generateLink(auth: Auth, req: GatewayRequest): Promise<Reply> {
  await requireAdmin(auth, req);
  const params = parseGenerateLinkParams(parseBody(req));
  const { email, data } = params;
  let type: string = params.type;
  const wanted = params.redirectTo;
  const redirectTo = wanted && isRedirectAllowed(auth.config, wanted) ? wanted : referrerOf(auth.config, req);
  const existing = await loadUserByEmail(auth.db, email);
  let password = params.password;
  if (!existing) {
    if (type === 'magiclink') {
      type = 'signup';
      password = randomBytes(48).toString('base64url');
    } else if (type === 'recovery' || type.startsWith('email_change')) {
      throw notFoundError(ErrorCode.userNotFound, 'User with this email not found');
    }
  }
  if (type === 'signup' && !existing)
    checkPassword(auth.config, password, 'Signup requires a valid password');
  let newEmail: string | undefined;
  if (type === 'email_change_current' || type === 'email_change_new') {
    if (type === 'email_change_current' && !auth.config.doubleConfirmChanges) {
      throw badRequest(
        ErrorCode.validationFailed,
        'Enable secure email change to generate link for current email',
      );
    }
    newEmail = validateEmail(params.newEmail);
    if (await isEmailTaken(auth.db, newEmail)) throw emailExists();
  }
  const kind = type as LinkType;
  const result = await auth.db.transaction(async (tx) => {
    let user = existing;
    if ((kind === 'signup' || kind === 'invite') && user?.email_confirmed_at) throw emailExists();
    if (!user) user = await createForLink(auth, tx, email, data, password, kind === 'invite');
    else if (kind === 'signup' && Object.keys(data).length) {
      await mergeMetadata(tx, user.id, 'raw_user_meta_data', data);
    }
    if (kind === 'invite') await markInvited(tx, user.id);
    let slot: SlotName;
    let address = email;
    if (kind === 'signup' || kind === 'invite') slot = 'confirmation';
    else if (kind === 'magiclink' || kind === 'recovery') slot = 'recovery';
    else {
      await setPendingEmailChange(tx, user.id, newEmail ?? null, true);
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
  {
    method: 'GET',
    path: '/admin/users/:userId',
    handler: withAdminUser(async (_auth, _req, user) => json(200, userJson(user))),
  },
  { method: 'PUT', path: '/admin/users/:userId', handler: withAdminUser(updateUserById) },
  { method: 'DELETE', path: '/admin/users/:userId', handler: withAdminUser(deleteUserById) },
  { method: 'POST', path: '/admin/generate_link', handler: generateLink },
  { method: 'POST', path: '/invite', handler: invite },
];
