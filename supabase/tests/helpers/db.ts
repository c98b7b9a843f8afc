import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { openPglite, openPostgres, type Database, type Queryable } from '../../local/db/engine';
import { bootstrapDatabase } from '../../local/db/migrate';
import { startThrowawayPostgres } from '../../local/db/throwaway-postgres';
import { pgliteTemplate, postgresTemplate, type TemplateSpec } from '../../../tests/support/db-templates';

/** The project's supabase/ folder: migrations + seed, exactly what `supabase db reset` applies. */
export const PROJECT_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** The product's migrated database with the test wallets open: what every database suite starts from. */
const PRODUCT: TemplateSpec = { projectDir: PROJECT_DIR, openWallets: true };

export interface Engine {
  name: 'pglite' | 'postgres 15';
  db: Database;
  /** A second, independent connection string (PG15 only) for real concurrent transactions. */
  url?: string;
  close(): Promise<void>;
}

export type EngineFactory = () => Promise<Engine>;

export const engines: Array<[Engine['name'], EngineFactory]> = [
  [
    'pglite',
    async () => {
      const db = await openPglite({ loadDataDir: await pgliteTemplate(PRODUCT) });
      await bootstrapDatabase(db, { projectDir: PROJECT_DIR });
      return { name: 'pglite', db, close: () => db.close() };
    },
  ],
  [
    'postgres 15',
    async () => {
      const cluster = await startThrowawayPostgres({ from: await postgresTemplate(PRODUCT) });
      const db = await openPostgres(cluster.url);
      await bootstrapDatabase(db, { projectDir: PROJECT_DIR });
      return {
        name: 'postgres 15',
        db,
        url: cluster.url,
        close: async () => {
          await db.close();
          await cluster.stop();
        },
      };
    },
  ],
];

/** GoTrue's authenticator assurance level: aal1 after a password, aal2 after a TOTP code. */
export type Aal = 'aal1' | 'aal2';

/** One entry of the token's amr claim: how and when (Unix seconds) the session proved who it is. */
export interface AmrEntry {
  method: string;
  timestamp: number;
}

/**
 * An amr entry given by its age: stamped `secondsAgo` before the whole second the request's own
 * transaction began in, as GoTrue stamps whole seconds. A boundary test (599 s against a 600 s rule)
 * then holds however long the test waited before the request; an age counted from the test's clock
 * loses up to a second to rounding and the wait.
 */
export interface AmrAge {
  method: string;
  secondsAgo: number;
}

/** Who a request comes from, as PostgREST would see it (a signed-in user is at aal1 unless told). */
export type Caller =
  | { role: 'anon' }
  | {
      role: 'authenticated';
      uid: string;
      email?: string;
      aal?: Aal;
      amr?: (AmrEntry | AmrAge)[];
      /** The token's session_id: an auth.sessions row (a step-up's authenticator must be older). */
      sessionId?: string;
    }
  | { role: 'service_role' };

/** Sets role + claims for this transaction only, exactly as PostgREST does per request. */
export async function becomeCaller(tx: Queryable, caller: Caller): Promise<void> {
  const amr = caller.role === 'authenticated' && caller.amr ? await stampAmr(tx, caller.amr) : undefined;
  const claims =
    caller.role === 'authenticated'
      ? {
          sub: caller.uid,
          role: 'authenticated',
          email: caller.email ?? '',
          aal: caller.aal ?? 'aal1',
          ...(amr ? { amr } : {}),
          ...(caller.sessionId ? { session_id: caller.sessionId } : {}),
        }
      : { role: caller.role };
  await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
    caller.role,
    JSON.stringify(claims),
  ]);
}

/** The amr claim with every age turned into a timestamp on the transaction's clock. */
async function stampAmr(tx: Queryable, entries: (AmrEntry | AmrAge)[]): Promise<AmrEntry[]> {
  if (!entries.some((e) => 'secondsAgo' in e)) return entries as AmrEntry[];
  const { rows } = await tx.query<{ second: number | string }>(
    'select floor(extract(epoch from now()))::int as second',
  );
  const second = Number(rows[0]!.second);
  return entries.map((e) => ('secondsAgo' in e ? { method: e.method, timestamp: second - e.secondsAgo } : e));
}

/** Runs `fn` as `caller` in one transaction (committed if it resolves). */
export function asCaller<T>(db: Database, caller: Caller, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await becomeCaller(tx, caller);
    return fn(tx);
  });
}

/** Runs one `select … as r` as `caller` (committed) and answers `r`, JSON parsed ('' for void). */
export function callAs<T>(db: Database, caller: Caller, sql: string, params: unknown[] = []): Promise<T> {
  return asCaller(db, caller, async (tx) => {
    const { rows } = await tx.query<{ r: T | string }>(sql, params);
    const r = rows[0]?.r;
    return (typeof r === 'string' && r !== '' ? JSON.parse(r) : r) as T;
  });
}

/** Runs `fn` as `caller` and always rolls back: for probing what a role may do without side effects. */
export async function probe<T>(db: Database, caller: Caller, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const ROLLBACK = Symbol('rollback');
  let result: T | undefined;
  try {
    await db.transaction(async (tx) => {
      await becomeCaller(tx, caller);
      result = await fn(tx);
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  return result as T;
}

/** Signs a user up the way GoTrue does: a row in auth.users (the trigger makes the profile). */
export async function createUser(
  db: Queryable,
  options: { email?: string; username?: unknown; meta?: unknown } = {},
): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = options.email ?? `user-${id.slice(0, 8)}@example.test`;
  const meta =
    options.meta !== undefined ? options.meta : { username: options.username ?? `user ${id.slice(0, 4)}` };
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
       confirmation_token, recovery_token, email_change_token_new, email_change)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', now(),
       '{"provider":"email","providers":["email"]}', $3::jsonb, now(), now(), '', '', '', '')`,
    [id, email, JSON.stringify(meta)],
  );
  return { id, email };
}

export { testTxId } from '../../../tests/support/tx-id';
export { payoutArgs } from '../../../tests/support/payout';

/** Staff with a role; without one, a bare admins row, which the database makes an owner. */
export async function makeAdmin(db: Queryable, userId: string, role?: StaffRole): Promise<void> {
  if (role) await db.query('insert into public.admins (user_id, role) values ($1, $2)', [userId, role]);
  else await db.query('insert into public.admins (user_id) values ($1)', [userId]);
}

/** Staff roles; a bare admins row is an owner. */
export type StaffRole = 'support' | 'finance' | 'auditor' | 'owner';

/**
 * A new account that is staff: signed up as `createUser` does, then given `role` (an owner when
 * none is named), the one way every suite sets up its staff.
 */
export async function createStaff(
  db: Queryable,
  options: { role?: StaffRole; email?: string; username?: unknown } = {},
): Promise<{ id: string; email: string }> {
  const { role, ...account } = options;
  const user = await createUser(db, account);
  await makeAdmin(db, user.id, role);
  return user;
}

/** An admin caller that has answered the TOTP prompt (aal2), as every admin action needs. */
export const adminAtAal2 = (uid: string): Caller => ({ role: 'authenticated', uid, aal: 'aal2' });

/**
 * A verified TOTP factor for `userId`, written the way GoTrue stores one (secret unused here), made at
 * `createdAt` (an SQL expression, as startSession's).
 */
export async function addVerifiedFactor(db: Queryable, userId: string, createdAt = 'now()'): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'verified', ${createdAt}, ${createdAt}, 'JBSWY3DPEHPK3PXP')`,
    [id, userId, `Authenticator ${id.slice(0, 4)}`],
  );
  return id;
}

/**
 * Credits a deposit notice the four-eyes way (issue 32): one finance admin or owner values it (USD value
 * = quantity x rate, default rate 1 so the USD value is the quantity), which records a pending deposit
 * transfer, and a second one approves that transfer. Answers the pending transfer's id.
 */
export async function creditNotice(
  db: Database,
  noticeId: string | number,
  proposer: string,
  approver: string,
  note: string | null = null,
  rate = '1',
): Promise<number> {
  const transferId = await valueNotice(db, noticeId, proposer, note, rate);
  await callAs(db, adminAtAal2(approver), `select public.approve_transfer($1) as r`, [transferId]);
  return transferId;
}

/** The first half of creditNotice: values the notice at `rate`; answers the pending transfer's id. */
export async function valueNotice(
  db: Database,
  noticeId: string | number,
  proposer: string,
  note: string | null = null,
  rate = '1',
): Promise<number> {
  const { rows } = await db.query<{ usd: string }>(
    `select round(quantity * $2::numeric, 2)::text as usd from public.deposit_notices where id = $1`,
    [noticeId, rate],
  );
  const notice = await callAs<{ transfer_id: number }>(
    db,
    adminAtAal2(proposer),
    `select public.review_deposit_notice($1, 'confirm', $2, $3, $4, 'Test rate') as r`,
    [noticeId, note, rows[0]?.usd ?? '0', rate],
  );
  return Number(notice.transfer_id);
}

/**
 * Gives a member money at once (issue 32): a signed correction posted by the operator path
 * (operator_post_correction, run as postgres), as seed data and operator scripts do.
 */
export async function postCorrection(
  db: Queryable,
  userId: string,
  account: 'deposit_wallet' | 'interest_wallet' | 'total_invest' | 'referral',
  amount: string,
  clientText = 'Test correction',
): Promise<{ id: number }> {
  const { rows } = await db.query<{ r: { id: number } }>(
    // Invested principal is held in a plan: the tests' principal is in Gold.
    `select public.operator_post_correction($1, $2, $3, $4, 'opening_balance',
       case when $2 = 'total_invest' then 'gold' end) as r`,
    [userId, account, amount, clientText],
  );
  const r = rows[0]!.r;
  return (typeof r === 'string' ? JSON.parse(r) : r) as { id: number };
}

/**
 * An auth.sessions row for `userId` that began now (or at the SQL expression `startedAt`), as GoTrue
 * writes one at sign-in; with `factorId`, the session was raised to aal2 by that authenticator.
 */
export async function startSession(
  db: Queryable,
  userId: string,
  startedAt = 'now()',
  factorId: string | null = null,
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, factor_id)
     values ($1, $2, ${startedAt}, now(), $3, $4)`,
    [id, userId, factorId ? 'aal2' : 'aal1', factorId],
  );
  return id;
}

/**
 * As GoTrue enrols and verifies an authenticator from the session `sessionId`: the factor row, then
 * the factor marked verified, then the session raised to aal2 naming it (the trigger of
 * 20261125004200 audits member_factor_enrolled, which starts the security hold).
 */
export async function enrolFactor(db: Queryable, userId: string, sessionId: string): Promise<string> {
  const factor = randomUUID();
  await db.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'unverified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
    [factor, userId, `Authenticator ${factor.slice(0, 4)}`],
  );
  await db.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [
    factor,
  ]);
  await db.query(`update auth.sessions set aal = 'aal2', factor_id = $2 where id = $1`, [sessionId, factor]);
  return factor;
}

/** A caller in session `sessionId` whose token shows these proofs, each `age` seconds old. */
export function inSession(
  uid: string,
  sessionId: string,
  aal: Aal,
  proofs: Array<'password' | 'otp' | 'totp' | 'recovery'>,
  age = 30,
): Caller {
  return {
    role: 'authenticated',
    uid,
    aal,
    sessionId,
    amr: proofs.map((method) => ({ method, secondsAgo: age })),
  };
}

/** Postgres error fields the tests assert on. */
export function pgError(error: unknown): { code: string; message: string } {
  const e = error as { code?: string; message?: string };
  return { code: e.code ?? '', message: e.message ?? String(error) };
}

/** Runs `fn`, returns the SQLSTATE it failed with, or 'ok'. */
export async function outcome(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
    return 'ok';
  } catch (error) {
    return pgError(error).code || 'error';
  }
}

/** A digest of everything a function could change; equal before and after means "nothing changed". */
export async function fingerprint(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ h: string }>(`
    select md5(concat_ws('|',
      (select string_agg(concat_ws(',', id, username, email, interest_wallet, deposit_wallet, total_invest, total_deposit,
                                   total_withdraw, referral, version, updated_at), ';' order by id) from public.profiles),
      (select count(*) || ':' || coalesce(max(id), 0) from public.ledger_entries),
      (select string_agg(concat_ws(',', id, status, amount, quantity, tx_id, transfer_id, reviewed_at, review_note), ';' order by id) from public.deposit_notices),
      (select string_agg(concat_ws(',', id, status, amount, paid_at, review_note), ';' order by id) from public.withdrawal_requests),
      (select string_agg(concat_ws(',', id, address, enabled, updated_at), ';' order by id) from public.deposit_wallets),
      (select count(*) from public.deposit_wallet_changes),
      (select string_agg(user_id::text || role, ';' order by user_id) from public.admins),
      (select count(*) || ':' || coalesce(max(id), 0) from public.transfers),
      (select string_agg(concat_ws(',', id, debits_pending, debits_posted, credits_pending, credits_posted), ';' order by id) from public.ledger_accounts),
      (select count(*) from public.contact_messages))) as h`);
  return rows[0]!.h;
}

/**
 * An address-book entry whose cooling-off is already over, written directly (no step-up), for tests
 * that file withdrawals: money leaves only to such an entry. Returns its id.
 */
export async function addActiveAddress(
  db: Queryable,
  userId: string,
  walletId: number,
  address: string,
  tag: number | null = null,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into public.withdrawal_addresses (user_id, wallet_id, address, destination_tag, label, created_at, usable_from)
     values ($1, $2, $3, $4, 'Test address', now() - interval '25 hours', now() - interval '1 hour')
     returning id`,
    [userId, walletId, address, tag],
  );
  return Number(rows[0]?.id);
}
