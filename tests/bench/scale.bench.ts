/**
 * `npm run bench:scale`: the database at a real firm's size, on a throwaway PostgreSQL 15, measured
 * through the local Supabase's HTTP API with supabase-js, signed in as the roles that make each call.
 *
 * Generates (one SQL statement per table, generate_series; sizes from the environment):
 *   SCALE_MEMBERS=100000 members (sign-ups spread over three years, more recently),
 *   SCALE_TRANSFERS=2000000 transfers of the money engine (deposits, subscriptions, returns,
 *     withdrawals, referral bonuses, redemptions, corrections; two-phase ones as their pending row and
 *     their post or void) and the member's lines they wrote (about 1,700,000 ledger entries; one
 *     long-standing member with 10,000, the rest skewed: a few very active members, most with a
 *     handful), every account's counters and the profiles' cards consistent with them
 *     (tests/bench/scale-ledger.ts); a deposit notice per deposit and a withdrawal request per
 *     withdrawal, and SCALE_QUEUE=2000 open notices and as many open withdrawal requests (reserved);
 *   SCALE_AUDIT=1000000 audit events in a valid hash chain and the member notifications derived from
 *     them (tests/bench/scale-audit.ts says what and in which proportions).
 * Then checks private.ledger_mismatches() is empty (SCALE_CHECK=0 skips it) and times, each
 * SCALE_SAMPLES times (default 200):
 *   posting: a correction proposed by one admin (propose_correction, pending) and posted by a second
 *     (approve_transfer), each request; and private.record_transfer single-phase, server side;
 *   a member's balance read (rpc my_accounts, as src/lib/requests.ts);
 *   admin users: search, sort, page change (rpc admin_search_users, as src/lib/admin/users.ts calls it);
 *   member statement, first page (rpc my_ledger, as src/lib/ledger.ts; typical members and the one
 *     with 10,000 lines) and the CSV of 10,000 entries (rpc +
 *     src/lib/ledger-csv.ts);
 *   admin review queue by status (the four reads of src/lib/admin/requests.ts + the people lookup);
 *   /admin/audit as an owner (src/lib/admin/audit.ts): first page, by kind, by member, by date range,
 *     a deep page by key; and verify_audit_chain over the whole log in ranges, as the page walks it;
 *   the long-standing member's bell, /user/notifications and /user/activity (src/lib/notifications.ts,
 *     src/lib/notification-lists.ts, each with the next_notification_in read the live feed makes);
 *   admin save (a correction proposed, then approved by a second admin) → member dashboard update
 *     over realtime, with SCALE_DASHBOARDS=1000 signed-in members each subscribed to their own profile the way src/lib/profile.ts watchProfile does.
 * Prints one table (p50, p95, budget, ok) and, with SCALE_PLANS=1 (default on), the plans of the hot
 * queries as executed inside the functions (auto_explain), into .bench/scale-plans.txt; a sequential
 * scan on a big table is reported. Exit code 1 when a p95 breaks its budget or a big table is read
 * sequentially, 2 when the bench itself fails.
 * This is a benchmark, not a test: it is not part of `npm test`.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import bcrypt from 'bcryptjs';
import pg from 'pg';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { startLocalSupabase, type LocalSupabase } from '../../supabase/local/server';
import { startThrowawayPostgres } from '../../supabase/local/db/throwaway-postgres';
import { BALANCE_ACCOUNTS } from '../../src/lib/accounts';
import { idBatches } from '../../src/lib/id-batches';
import { ledgerCsv } from '../../src/lib/ledger-csv';
import { readStatement, toLedgerEntry, ROWS_PER_REQUEST } from '../../src/lib/ledger-entry';
import { totpFor } from '../support/totp';
import { walkAuditChain, VERIFY_RANGE } from '../../src/lib/admin/audit-query';
import { readAuditPage, seedAudit, STAFF_ROLES, type AuditRead } from './scale-audit';
import { seedLedger } from './scale-ledger';

const MEMBERS = Number(process.env['SCALE_MEMBERS'] ?? 100_000);
const TRANSFERS = Number(process.env['SCALE_TRANSFERS'] ?? 2_000_000);
const QUEUE = Number(process.env['SCALE_QUEUE'] ?? 2000);
const AUDIT = Number(process.env['SCALE_AUDIT'] ?? 1_000_000);
const DASHBOARDS = Math.min(Number(process.env['SCALE_DASHBOARDS'] ?? 1000), MEMBERS - 1);
const SAMPLES = Number(process.env['SCALE_SAMPLES'] ?? 200);
const WHALE_ENTRIES = Math.min(10_000, Math.floor(TRANSFERS / 4));
const PLANS = process.env['SCALE_PLANS'] !== '0';
const PASSWORD = 'scale-member-password';
const ADMIN = { email: 'scale-admin@example.com', password: 'scale-admin-password' };
// Four eyes: a balance edit is a proposal that a second admin approves.
const APPROVER = { email: 'scale-approver@example.com', password: 'scale-approver-password' };
const BIG_TABLES = [
  'profiles',
  'ledger_accounts',
  'transfers',
  'ledger_entries',
  'deposit_notices',
  'withdrawal_requests',
  'audit_events',
  'notifications',
];

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
const authOptions = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

interface Row {
  name: string;
  samples: number[];
  budgetMs: number;
  note?: string;
}

/** Member i's id and e-mail, so the generator and the bench agree without reading them back. */
const memberEmail = (i: number): string => `member${i}@example.com`;

async function seed(sql: pg.Client): Promise<Record<string, number>> {
  const times: Record<string, number> = {};
  const step = async (name: string, text: string, params: unknown[] = []): Promise<void> => {
    const started = performance.now();
    await sql.query(text, params);
    times[name] = performance.now() - started;
  };
  // Generated rows are consistent by construction (balances = sums of entries), so the row triggers
  // (sign-up → profile, ledger guard, filing caps) are bypassed for speed: replica mode skips them.
  await sql.query(`set session_replication_role = replica`);
  const hash = bcrypt.hashSync(PASSWORD, 4);
  // Sign-ups over three years, growing: member i joined at now - 3y * (1 - (i/N)^0.5)... newest last.
  await sql.query(
    `create temporary table gen_member as
    select i, md5('scale-member-' || i)::uuid as id,
      'member' || i || '@example.com' as email,
      (array['Alice','Bob','Carol','David','Emma','Farid','Grace','Hiro','Ines','Jonas','Kemi','Liam','Maya',
             'Noah','Olga','Pablo','Quinn','Rosa','Sven','Tariq','Uma','Victor','Wen','Yara','Zoe'])[1 + i % 25]
      || ' ' ||
      (array['Smith','Okafor','Müller','García','Tanaka','Rossi','Nowak','Dubois','Kowalski','Silva','Chen',
             'Johansson','Haddad','Novak','Ivanova','Murphy','Singh','Costa','Yilmaz','Berg'])[1 + (i * 7) % 20]
      as username,
      now() - make_interval(secs => (94608000 * (1 - sqrt(i::float8 / $1)))) as created_at
    from generate_series(1, $1::int) as i`,
    [MEMBERS],
  );
  await sql.query(`create unique index on gen_member (i)`);
  await step(
    'auth.users',
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
       confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current,
       email_change_confirm_status, phone_change, phone_change_token, reauthentication_token)
     select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email, $1,
       created_at, '{"provider":"email","providers":["email"]}', jsonb_build_object('username', username),
       created_at, created_at,
       -- '' where GoTrue reads a plain string (a NULL fails every sign-in), as its sign-up writes
       '', '', '', '', '', 0, '', '', ''
     from gen_member`,
    [hash],
  );
  await step(
    'profiles',
    `insert into public.profiles (id, username, email, created_at, updated_at)
     select id, username, email, created_at, created_at from gen_member`,
  );
  await seedLedger(sql, step, {
    members: MEMBERS,
    transfers: TRANSFERS,
    whaleEntries: WHALE_ENTRIES,
    queue: Math.min(QUEUE, Math.floor(MEMBERS / 10)),
  });
  await seedAudit(sql, step, AUDIT, MEMBERS);
  await sql.query(`set session_replication_role = origin`);
  // A live database is autovacuumed; a bulk load measured before autovacuum reaches it is not what
  // clients meet (without the visibility map an exact count reads the heap, so the plans would
  // depend on whether autovacuum happened to run first). Vacuum, then analyze, once.
  await step('vacuum and analyze', `vacuum (analyze)`);
  return times;
}

/** Runs `call` `count` times, one at a time, and returns the wall time of each in ms. */
async function timeEach(count: number, call: (i: number) => Promise<void>): Promise<number[]> {
  for (let i = 0; i < Math.min(5, count); i++) await call(i); // warm-up: plans, JWT cache, schema cache
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await call(i);
    out.push(performance.now() - started);
  }
  return out;
}

function must<R extends { data: unknown; error: { message: string } | null }>(
  result: R,
  what: string,
): NonNullable<R['data']> {
  if (result.error || result.data === null || result.data === undefined)
    throw new Error(`${what}: ${result.error?.message || 'no data'}`);
  return result.data as NonNullable<R['data']>;
}

async function signIn(server: LocalSupabase, email: string, password: string): Promise<SupabaseClient> {
  const c = createClient(server.url, server.anonKey, authOptions);
  must(await c.auth.signInWithPassword({ email, password }), `sign in ${email}`);
  return c;
}

/** An admin at aal2: created, granted, enrolled in TOTP and verified, as on /admin/login. */
async function adminClient(
  server: LocalSupabase,
  account: { email: string; password: string } = ADMIN,
): Promise<SupabaseClient> {
  const service = createClient(server.url, server.serviceRoleKey, authOptions);
  const created = must(
    await service.auth.admin.createUser({
      ...account,
      email_confirm: true,
      user_metadata: { username: account === ADMIN ? 'Scale Admin' : 'Scale Approver' },
    }),
    'create admin',
  );
  const granted = await service.from('admins').insert({ user_id: created.user!.id });
  if (granted.error) throw new Error(`grant admin: ${granted.error.message}`);
  const admin = await signIn(server, account.email, account.password);
  const enrolled = must(await admin.auth.mfa.enroll({ factorType: 'totp' }), 'enrol TOTP');
  const code = totpFor(enrolled.totp.secret).generate();
  must(await admin.auth.mfa.challengeAndVerify({ factorId: enrolled.id, code }), 'verify TOTP');
  return admin;
}

async function inBatches<T>(count: number, width: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await make(i);
      }
    }),
  );
  return out;
}

/** Runs `work` in a transaction (rolled back) as the signed-in user `uid`, as PostgREST would. */
async function asCaller<T>(c: pg.Client, uid: string, aal: string, work: () => Promise<T>): Promise<T> {
  await c.query('begin');
  try {
    await c.query(
      `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
      [JSON.stringify({ sub: uid, role: 'authenticated', aal })],
    );
    return await work();
  } finally {
    await c.query('rollback');
  }
}

/**
 * Runs `work` `count` times (after 5 warm-ups) inside the database as the signed-in user (`uid`, or
 * one per sample), each in its own transaction rolled back, and returns the time of `work` alone.
 */
async function serverTimes(
  c: pg.Client,
  count: number,
  uid: string | ((i: number) => string),
  aal: string,
  work: (i: number) => Promise<unknown>,
): Promise<number[]> {
  const out: number[] = [];
  for (let i = -Math.min(5, count); i < count; i++) {
    const k = Math.max(0, i);
    await asCaller(c, typeof uid === 'string' ? uid : uid(k), aal, async () => {
      const started = performance.now();
      await work(k);
      if (i >= 0) out.push(performance.now() - started);
    });
  }
  return out;
}

/** EXPLAIN of each statement the functions run, via auto_explain notices on a superuser session. */
async function plans(
  url: string,
  calls: Array<{
    name: string;
    uid: string;
    aal: string;
    sql: string;
    params: unknown[];
    /** Then, in the same transaction, as another signed-in user (a second admin). */
    next?: { uid: string; sql: string };
    /** As the database owner (private functions), not as a signed-in user. */
    owner?: boolean;
  }>,
): Promise<{ text: string; seqScans: string[] }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const notices: string[] = [];
  c.on('notice', (n) => notices.push(n.message ?? ''));
  let text = '';
  const seqScans: string[] = [];
  try {
    await c.query(`load 'auto_explain'`);
    await c.query(`set auto_explain.log_min_duration = 0`);
    await c.query(`set auto_explain.log_nested_statements = on`);
    await c.query(`set auto_explain.log_analyze = on`);
    await c.query(`set auto_explain.log_buffers = on`);
    await c.query(`set auto_explain.log_timing = on`);
    await c.query(`set client_min_messages = log`);
    for (const call of calls) {
      notices.length = 0;
      if (call.owner) {
        await c.query('begin');
        try {
          await c.query(call.sql, call.params);
        } finally {
          await c.query('rollback');
        }
      } else {
        await asCaller(c, call.uid, call.aal, async () => {
          await c.query(call.sql, call.params);
          if (call.next) {
            await c.query(`select set_config('request.jwt.claims', $1, true)`, [
              JSON.stringify({ sub: call.next.uid, role: 'authenticated', aal: call.aal }),
            ]);
            await c.query(call.next.sql);
          }
        });
      }
      // The outer statement's plan is the Function Scan itself; the nested ones are the real work.
      const nested = notices.filter(
        (n) => !/Function Scan on|Result {2}\(cost/.test(n) || /Index|Seq Scan/.test(n),
      );
      text += `### ${call.name}\n\n\`${call.sql}${call.next ? `; then ${call.next.sql}` : ''}\`\n\n${nested.map((n) => n.replace(/^duration: [\d.]+ ms {2}/, '')).join('\n\n')}\n\n`;
      for (const table of BIG_TABLES) {
        if (nested.some((n) => new RegExp(`Seq Scan on (public\\.)?${table}\\b`).test(n)))
          seqScans.push(`${call.name}: ${table}`);
      }
    }
  } finally {
    await c.end();
  }
  return { text, seqScans };
}

/**
 * The balance-column indexes question (docs/performance.md): a profile update can be HOT (no index
 * touched) only when no indexed column changes. Times the same 200 postings (private.record_transfer,
 * single phase, which writes the profile's cached cards as every posting does) and counts HOT updates with every index as migrated, without the six
 * balance indexes, and without those and the updated_at one; and the admin list sorted by a balance
 * without its index. Each variant drops indexes inside a transaction that is rolled back.
 */
async function balanceIndexCost(db: pg.Client): Promise<string> {
  const balanceIdx = BALANCE_ACCOUNTS.map((c) => `public.profiles_${c}_id_idx`);
  const variants: Array<[string, string[]]> = [
    ['all indexes (as migrated)', []],
    ['without the 6 balance indexes', balanceIdx],
    ['without those and updated_at', [...balanceIdx, 'public.profiles_updated_at_id_idx']],
  ];
  const ids = (
    await db.query<{ id: string; account_id: string }>(
      `select a.user_id as id, a.id::text as account_id from public.ledger_accounts a
       where a.purpose = 'referral' order by a.user_id limit 200`,
    )
  ).rows;
  const lines = [
    'Postings (200 of private.record_transfer, single phase, server side) and profile HOT updates:',
  ];
  for (const [name, drop] of variants) {
    await db.query('begin');
    try {
      for (const idx of drop) await db.query(`drop index ${idx}`);
      // Counters of this backend not yet flushed to the statistics: read before and after.
      const counters = async () =>
        (
          await db.query<{ upd: number; hot: number }>(
            `select pg_stat_get_xact_tuples_updated('public.profiles'::regclass)::int as upd,
                pg_stat_get_xact_tuples_hot_updated('public.profiles'::regclass)::int as hot`,
          )
        ).rows[0]!;
      const before = await counters();
      const t0 = performance.now();
      for (const { id, account_id } of ids)
        await db.query(
          `select private.record_transfer('referral_bonus:scale-hot-' || gen_random_uuid(), 'referral_bonus',
             private.firm_account('referral_paid'), $2::bigint, 0.01, $1::uuid, 'Referral bonus', null, false, '{}')`,
          [id, account_id],
        );
      const ms = performance.now() - t0;
      const after = await counters();
      const hot = { upd: after.upd - before.upd, hot: after.hot - before.hot };
      const s0 = performance.now();
      await db.query(`select * from public.profiles order by interest_wallet desc, id desc limit 25`);
      const sort = `; a page sorted by a balance: ${(performance.now() - s0).toFixed(1)} ms`;
      lines.push(
        `  ${name}: ${(ms / ids.length).toFixed(2)} ms a posting; HOT ${hot.hot} of ${hot.upd} updates${sort}`,
      );
    } finally {
      await db.query('rollback');
    }
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const started = performance.now();
  const cluster = await startThrowawayPostgres();
  const dataDir = mkdtempSync(join(tmpdir(), 'lc-scale-'));
  const superuser = new pg.Client({ connectionString: cluster.url });
  let server: LocalSupabase | undefined;
  const dashboards: SupabaseClient[] = [];
  try {
    // A thousand members sign in from one address here, where a real firm's come from a thousand:
    // the per-address auth limits are lifted for the bench.
    const lifted = 1_000_000;
    server = await startLocalSupabase({
      port: 0,
      memory: true,
      quiet: true,
      dataDir,
      databaseUrl: cluster.url,
      authOverrides: {
        rateLimit: {
          emailSent: lifted,
          anonymousUsers: lifted,
          tokenRefresh: lifted,
          signInSignUps: lifted,
          tokenVerifications: lifted,
        },
      },
    });
    await superuser.connect();
    const seeded = await seed(superuser);
    const counts = (
      await superuser.query<{ t: string; n: string }>(`
        select 'members' as t, count(*)::text as n from public.profiles
          where id not in (select user_id from public.admins) union all
        select 'staff', count(*)::text from public.admins union all
        select 'ledger accounts', count(*)::text from public.ledger_accounts union all
        select 'transfers', count(*)::text from public.transfers union all
        select 'ledger entries', count(*)::text from public.ledger_entries union all
        select 'deposit notices', count(*)::text from public.deposit_notices union all
        select 'withdrawal requests', count(*)::text from public.withdrawal_requests union all
        select 'audit events', count(*)::text from public.audit_events union all
        select 'notifications', count(*)::text from public.notifications`)
    ).rows;
    const seedMs = Object.values(seeded).reduce((a, b) => a + b, 0);
    console.log(
      `PostgreSQL 15, ${cpus().length} CPU (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GB; ` +
        `generated ${counts.map((r) => `${Number(r.n).toLocaleString('en-US')} ${r.t}`).join(', ')} in ` +
        `${(seedMs / 1000).toFixed(1)} s (${Object.entries(seeded)
          .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
          .join(', ')})`,
    );

    // The books balance: every card equals its ledger, the accounts sum to zero, the open pending
    // transfers are exactly the unresolved ones. The whole check reads every transfer of every member.
    if (process.env['SCALE_CHECK'] !== '0') {
      const checkStarted = performance.now();
      const mismatches = (
        await superuser.query<{
          user_id: string | null;
          account: string;
          balance: string;
          ledger_sum: string;
        }>(`select * from private.ledger_mismatches() limit 10`)
      ).rows;
      if (mismatches.length)
        throw new Error(`the generated ledger does not balance: ${JSON.stringify(mismatches)}`);
      console.log(
        `private.ledger_mismatches(): none (${((performance.now() - checkStarted) / 1000).toFixed(1)} s)`,
      );
    }

    const admin = await adminClient(server);
    const approver = await adminClient(server, APPROVER);
    const rows: Row[] = [];
    const [adminId, approverId] = await Promise.all(
      [ADMIN, APPROVER].map(
        async (a) =>
          (await superuser.query<{ id: string }>(`select id from auth.users where email = $1`, [a.email]))
            .rows[0]!.id,
      ),
    );
    // Each measure is printed as it completes, so a run cut short still reports what it measured.
    const record = (row: Row): void => {
      rows.push(row);
      const sorted = [...row.samples].sort((a, b) => a - b);
      console.log(
        `  ${row.name}: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`,
      );
    };
    const terms = ['smith', 'member42', 'emma', 'gar', 'example.com', 'zz-nobody'];
    const sorts = ['created_at', 'username', 'email', 'interest_wallet', 'deposit_wallet', 'total_deposit'];
    const search = (p: { search: string; sort: string; ascending: boolean; offset: number }) => async () => {
      const data = must(
        await admin.rpc('admin_search_users', {
          p_search: p.search,
          p_sort: p.sort,
          p_ascending: p.ascending,
          p_limit: 25,
          p_offset: p.offset,
        }),
        'admin_search_users',
      ) as { rows?: unknown[] };
      if (!Array.isArray(data.rows)) throw new Error('admin_search_users: no rows');
    };
    record({
      name: 'admin users: search (name or e-mail)',
      budgetMs: 100,
      samples: await timeEach(SAMPLES, (i) =>
        search({ search: terms[i % terms.length]!, sort: 'created_at', ascending: false, offset: 0 })(),
      ),
    });
    record({
      name: 'admin users: sort by a column',
      budgetMs: 100,
      samples: await timeEach(SAMPLES, (i) =>
        search({ search: '', sort: sorts[i % sorts.length]!, ascending: i % 2 === 0, offset: 0 })(),
      ),
    });
    record({
      name: 'admin users: page change (pages 2-40)',
      budgetMs: 100,
      samples: await timeEach(SAMPLES, (i) =>
        search({
          search: '',
          sort: sorts[i % sorts.length]!,
          ascending: false,
          offset: 25 * (1 + (i % 39)),
        })(),
      ),
    });

    // The review queue: exactly the reads src/lib/admin/requests.ts makes for one load.
    record({
      name: 'admin requests queue by status',
      budgetMs: 100,
      samples: await timeEach(SAMPLES, async () => {
        const reads = await Promise.all([
          admin
            .from('deposit_notices')
            .select('id, user_id, reviewed_by, status, created_at')
            .in('status', ['pending'])
            .order('created_at', { ascending: true })
            .limit(500),
          admin
            .from('deposit_notices')
            .select('id, user_id, reviewed_by, status, created_at')
            .not('status', 'in', '(pending)')
            .order('created_at', { ascending: false })
            .limit(30),
          admin
            .from('withdrawal_requests')
            .select('id, user_id, reviewed_by, status, created_at')
            .in('status', ['pending', 'approved'])
            .order('created_at', { ascending: true })
            .limit(500),
          admin
            .from('withdrawal_requests')
            .select('id, user_id, reviewed_by, status, created_at')
            .not('status', 'in', '(pending,approved)')
            .order('created_at', { ascending: false })
            .limit(30),
        ]);
        const ids = new Set<string>();
        for (const r of reads) {
          for (const row of must(r, 'queue') as Array<{ user_id: string; reviewed_by: string | null }>) {
            ids.add(row.user_id);
            if (row.reviewed_by) ids.add(row.reviewed_by);
          }
        }
        // The people lookup of src/lib/admin/people.ts, in the same URL-sized batches.
        for (const r of await Promise.all(
          idBatches([...ids]).map((batch) =>
            admin.from('profiles').select('id, email, username').in('id', batch),
          ),
        ))
          must(r, 'people');
      }),
    });

    // /admin/audit, as an owner: what the page asks for on opening, on each filter and on "Older".
    const kinds = [
      'ledger_entry',
      'withdrawal_paid',
      'deposit_notice_rejected',
      'transfer_posted',
      'address_added',
      'member_password_changed',
      'role_granted',
      'mfa_reset',
    ];
    // A filter that finds nothing is quick for the wrong reason: the rows read are checked too.
    const auditRow = async (name: string, read: (i: number) => AuditRead, note: string): Promise<void> => {
      let found = 0;
      const samples = await timeEach(SAMPLES, async (i) => {
        found += await readAuditPage(admin, read(i));
      });
      if (found === 0) throw new Error(`admin audit: ${name} found no events`);
      const perPage = (found / (SAMPLES + Math.min(5, SAMPLES))).toFixed(0);
      record({
        name: `admin audit: ${name}`,
        budgetMs: 100,
        samples,
        note: `${note}; ${perPage} rows a page on average`,
      });
    };
    await auditRow('first page', () => ({}), 'page of 50 (+1), then the people on it');
    await auditRow(
      'by kind',
      (i) => ({ kind: kinds[i % kinds.length]! }),
      `${kinds.length} kinds, common to rare`,
    );
    // The most active members first (the member filter is an e-mail: one profiles lookup more).
    const auditMembers = [1, 2, 3, 5, 8, 13, 100, 1000, Math.floor(MEMBERS / 2), MEMBERS].map(memberEmail);
    await auditRow('by member', (i) => ({ member: auditMembers[i % auditMembers.length]! }), 'by e-mail');
    const staffEmails = STAFF_ROLES.map((_, k) => `staff${k + 1}@example.com`);
    await auditRow('by staff member', (i) => ({ actor: staffEmails[i % staffEmails.length]! }), 'by e-mail');
    const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    await auditRow(
      'by date range',
      (i) => ({ from: day(30 + ((i * 37) % 1060)), to: day(30 + ((i * 37) % 1060) - (i % 31)) }),
      '1 to 31 days within the three years',
    );
    // Cursors deep in the log (the oldest tenth), as PostgREST returned them on the page before.
    const deepIds = (
      await superuser.query<{ id: string }>(
        `select id from public.audit_events where id <= (select max(id) / 10 from public.audit_events)
         order by md5(id::text) limit 20`,
      )
    ).rows.map((r) => Number(r.id));
    const cursors = (
      must(
        await admin.from('audit_events').select('id, occurred_at').in('id', deepIds),
        'audit cursors',
      ) as Array<{ id: number; occurred_at: string }>
    ).map((r) => ({ id: Number(r.id), occurred_at: r.occurred_at }));
    await auditRow(
      'deep page by key',
      (i) => ({ cursor: cursors[i % cursors.length]! }),
      'pages past 90% of the log ("Older")',
    );

    // Posting, as two staff make it: a correction proposed by one admin (a pending transfer that
    // reserves nothing from the member: it credits them), then posted by a second admin. Members
    // past the dashboards', so the statement and realtime measures below read the generated data.
    const targets = (
      await superuser.query<{ id: string }>(`select id from gen_member where i > $1 order by i limit 50`, [
        DASHBOARDS + 1,
      ])
    ).rows.map((r) => r.id);
    const proposeSamples: number[] = [];
    const approveSamples: number[] = [];
    for (let i = 0; i < SAMPLES + 5; i++) {
      const t0 = performance.now();
      const transfer = must(
        await admin.rpc('propose_correction', {
          p_user_id: targets[i % targets.length]!,
          p_account: i % 2 ? 'interest_wallet' : 'deposit_wallet',
          p_amount: '12.50',
          p_category: 'goodwill',
          p_client_text: 'Goodwill credit (scale bench)',
          p_internal_note: 'scale bench',
        }),
        'propose_correction',
      ) as { id: number; phase: string };
      const t1 = performance.now();
      if (transfer.phase !== 'pending') throw new Error(`propose_correction: ${transfer.phase}, not pending`);
      must(await approver.rpc('approve_transfer', { p_transfer_id: transfer.id }), 'approve_transfer');
      if (i >= 5) {
        proposeSamples.push(t1 - t0);
        approveSamples.push(performance.now() - t1);
      }
    }
    record({
      name: 'posting: correction proposed (propose_correction)',
      budgetMs: 20,
      samples: proposeSamples,
      note: 'a pending transfer, four-eyed; its audit event',
    });
    record({
      name: 'posting: posted by a second admin (approve_transfer)',
      budgetMs: 20,
      samples: approveSamples,
      note: 'post_pending row, both accounts, the member line, the card, the audit event and notice',
    });
    // The same two calls inside the database, as the two admins (one transaction, rolled back): what
    // the requests above cost the server, without HTTP, PostgREST and waiting for a core.
    record({
      name: 'posting, server side: propose_correction + approve_transfer',
      budgetMs: 20,
      note: 'both calls, each as its admin, in one transaction',
      samples: await serverTimes(superuser, SAMPLES, adminId!, 'aal2', async (i) => {
        const proposed = await superuser.query<{ id: string }>(
          `select (public.propose_correction($1, 'interest_wallet', '12.50', 'goodwill',
             'Goodwill credit (scale bench)') ->> 'id') as id`,
          [targets[i % targets.length]],
        );
        await superuser.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: approverId, role: 'authenticated', aal: 'aal2' }),
        ]);
        await superuser.query(`select public.approve_transfer($1)`, [proposed.rows[0]!.id]);
      }),
    });
    // The engine alone, single phase, as operators and the seed post (server side, one round trip).
    const targetAccounts = (
      await superuser.query<{ user_id: string; account_id: string }>(
        `select a.user_id, a.id::text as account_id from public.ledger_accounts a
         where a.user_id = any($1::uuid[]) and a.purpose = 'interest_wallet'`,
        [targets],
      )
    ).rows;
    record({
      name: 'posting: private.record_transfer, single phase (server side)',
      budgetMs: 20,
      note: 'a return to the Interest Wallet, as the database owner over one connection',
      samples: await timeEach(SAMPLES, async (i) => {
        const t = targetAccounts[i % targetAccounts.length]!;
        await superuser.query(
          `select private.record_transfer('return:scale-bench-' || gen_random_uuid(), 'return',
             private.firm_account('returns_paid'), $2::bigint, 3.25, $1::uuid, 'Monthly return', null, false, '{"plan": "gold"}')`,
          [t.user_id, t.account_id],
        );
      }),
    });

    // Members: the dashboards (members 2..DASHBOARDS+1, the most active ones included) sign in.
    const memberIds = (
      await superuser.query<{ i: number; id: string }>(
        `select i, id from gen_member where i between 2 and $1 order by i`,
        [DASHBOARDS + 1],
      )
    ).rows;
    const signInStarted = performance.now();
    const members = await inBatches(memberIds.length, 8, (k) =>
      signIn(server!, memberEmail(memberIds[k]!.i), PASSWORD),
    );
    dashboards.push(...members);
    console.log(
      `${members.length} members signed in in ${((performance.now() - signInStarted) / 1000).toFixed(1)} s`,
    );

    const sizes = (
      await superuser.query<{ n: string }>(
        `select count(l.id)::text as n from gen_member m left join public.ledger_entries l on l.user_id = m.id
         where m.i between 2 and $1 group by m.i order by m.i`,
        [DASHBOARDS + 1],
      )
    ).rows.map((r) => Number(r.n));
    const sorted = [...sizes].sort((a, b) => a - b);
    record({
      name: 'member statement: first page (my_ledger)',
      budgetMs: 50,
      note: `${ROWS_PER_REQUEST} rows a page; members with ${percentile(sorted, 50)} (median) to ${sorted.at(-1)} entries`,
      samples: await timeEach(SAMPLES, async (i) => {
        const member = members[(i * 7919) % members.length]!;
        must(await member.rpc('my_ledger', { p_limit: ROWS_PER_REQUEST }), 'my_ledger');
      }),
    });
    record({
      name: 'member balance read (my_accounts)',
      budgetMs: 5,
      note: 'the four accounts: balance, reserved, available',
      samples: await timeEach(SAMPLES, async (i) => {
        const member = members[(i * 7919) % members.length]!;
        const data = must(await member.rpc('my_accounts'), 'my_accounts') as unknown[];
        if (data.length !== 4) throw new Error(`my_accounts: ${data.length} accounts`);
      }),
    });
    const memberUids = memberIds.map((m) => m.id);
    record({
      name: 'member balance read, server side (my_accounts)',
      budgetMs: 5,
      samples: await serverTimes(
        superuser,
        SAMPLES,
        (i) => memberUids[(i * 7919) % memberUids.length]!,
        'aal1',
        () => superuser.query(`select * from public.my_accounts()`),
      ),
    });
    const whale = await signIn(server, memberEmail(1), PASSWORD);
    const whaleLines = Number(
      (
        await superuser.query<{ n: string }>(
          `select count(*)::text as n from public.ledger_entries where user_id = (select id from gen_member where i = 1)`,
        )
      ).rows[0]!.n,
    );
    record({
      name: 'member statement: first page, the most active member',
      budgetMs: 50,
      note: `${ROWS_PER_REQUEST} rows of ${whaleLines.toLocaleString('en-US')} entries`,
      samples: await timeEach(SAMPLES, async () => {
        must(await whale.rpc('my_ledger', { p_limit: ROWS_PER_REQUEST }), 'my_ledger');
      }),
    });
    const whaleUid = (await superuser.query<{ id: string }>(`select id from gen_member where i = 1`)).rows[0]!
      .id;
    record({
      name: 'member statement: first page, the most active member, server side',
      budgetMs: 50,
      samples: await serverTimes(superuser, SAMPLES, whaleUid, 'aal1', () =>
        superuser.query(`select * from public.my_ledger(null, null, $1)`, [ROWS_PER_REQUEST]),
      ),
    });
    let csvBytes = 0;
    const csvRow: Row = {
      name: `member statement CSV (${whaleLines.toLocaleString('en-US')} entries)`,
      budgetMs: 1000,
      // What the statement page does: every page of my_ledger (src/lib/ledger.ts), then the file.
      samples: await timeEach(Math.max(5, Math.floor(SAMPLES / 10)), async () => {
        const data = await readStatement(
          (args) => whale.rpc('my_ledger', args),
          (error) => new Error(`my_ledger: ${error.message}`),
        );
        if (data.length !== whaleLines) throw new Error(`the member has ${data.length} entries`);
        csvBytes = ledgerCsv(data.map(toLedgerEntry)).length;
      }),
    };
    csvRow.note = `${(csvBytes / 1024).toFixed(0)} KB, ${Math.ceil(whaleLines / ROWS_PER_REQUEST)} requests`;
    record(csvRow);

    // The same member's bell and lists: each read of the live feed also asks when the next notice is due.
    const [whaleEvents, whaleUnread] = (
      await superuser.query<{ n: string }>(
        `select count(*)::text as n from public.audit_events where member_id = (select id from gen_member where i = 1)
         union all select count(*)::text from public.notifications
         where user_id = (select id from gen_member where i = 1) and read_at is null`,
      )
    ).rows.map((r) => Number(r.n));
    const withNextDue =
      (read: PromiseLike<{ error: { message: string } | null }>, what: string) => async () => {
        const [page, due] = await Promise.all([read, whale.rpc('next_notification_in')]);
        if (page.error || due.error) throw new Error(`${what}: ${(page.error ?? due.error)!.message}`);
      };
    const busy = `a member with ${(whaleEvents ?? 0).toLocaleString('en-US')} events`;
    record({
      name: 'member bell: unread count',
      budgetMs: 50,
      note: `${busy}, ${whaleUnread} unread`,
      samples: await timeEach(SAMPLES, () =>
        withNextDue(whale.rpc('unread_notification_count'), 'unread_notification_count')(),
      ),
    });
    record({
      name: 'member notifications: first page',
      budgetMs: 50,
      note: `${busy}; 20 of the newest 500 kept`,
      samples: await timeEach(SAMPLES, () =>
        withNextDue(whale.rpc('my_notifications', { p_limit: 20 }), 'my_notifications')(),
      ),
    });
    record({
      name: 'member activity: first page',
      budgetMs: 50,
      note: `${busy}; 25 a page`,
      samples: await timeEach(SAMPLES, () =>
        withNextDue(whale.rpc('my_activity', { p_limit: 25 }), 'my_activity')(),
      ),
    });

    // Realtime: every dashboard listens to its own profile row, as watchProfile does.
    const arrivals = new Map<string, (t: number) => void>();
    let live = 0;
    members.forEach((c, k) => {
      const uid = memberIds[k]!.id;
      c.channel(`dashboard-${k}`)
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'profiles', filter: `id=eq.${uid}` },
          () => arrivals.get(uid)?.(performance.now()),
        )
        .on('system', {}, (m: { extension?: string; status?: string }) => {
          if (m.extension === 'postgres_changes' && m.status === 'ok') live++;
        })
        .subscribe();
    });
    const deadline = Date.now() + 120_000;
    while (live < members.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if (live < members.length) throw new Error(`only ${live}/${members.length} dashboards live`);
    const saves = Math.max(10, Math.floor(SAMPLES / 4));
    let lost = 0;
    record({
      name: `admin save → dashboard (${members.length} live)`,
      budgetMs: 250,
      samples: await timeEach(saves, async (i) => {
        const k = (i * 104729) % members.length;
        const uid = memberIds[k]!.id;
        // A message that never comes counts as 10 s (and as lost) rather than ending the bench.
        const arrived = new Promise<number>((resolve) => {
          const timer = setTimeout(() => {
            lost += 1;
            resolve(performance.now());
          }, 10_000);
          arrivals.set(uid, (t) => {
            clearTimeout(timer);
            resolve(t);
          });
        });
        const proposal = must(
          await admin.rpc('propose_correction', {
            p_user_id: uid,
            p_account: 'referral',
            p_amount: '1.00',
            p_category: 'goodwill',
            p_client_text: 'Goodwill credit (scale bench)',
          }),
          'propose_correction',
        ) as { id: number };
        const sent = performance.now();
        must(await approver.rpc('approve_transfer', { p_transfer_id: proposal.id }), 'approve_transfer');
        const t = await arrived;
        arrivals.delete(uid);
        // Time from the second admin pressing approve (request sent) to the member's page hearing of it.
        if (t < sent) throw new Error('arrival before approval');
      }),
      note: 'approval request sent → message at the member (the balance moves on approval)',
    });
    rows.at(-1)!.note += lost ? `; ${lost} lost` : '';

    // The audit page's "Verify" walks and hashes every event, one range of VERIFY_RANGE events per
    // request (walkAuditChain, as the page calls it): a few whole walks, not SCALE_SAMPLES. Each
    // request runs under the authenticated role's statement_timeout (8 s, as hosted), so the budget
    // is per range; one pass over the whole log in one request is timed beside it for comparison.
    const rangeSamples: number[] = [];
    const walkSeconds: number[] = [];
    // Every walk's answer counts: one cancelled by the timeout among intact ones must show.
    const verdicts = new Map<string, number>();
    for (let k = 0; k < 3; k++) {
      const timed: Pick<SupabaseClient, 'rpc'> = {
        rpc: ((...args: Parameters<SupabaseClient['rpc']>) => {
          const t = performance.now();
          const call = admin.rpc(...args);
          return call.then((answer) => {
            rangeSamples.push(performance.now() - t);
            return answer;
          });
        }) as SupabaseClient['rpc'],
      };
      const started = performance.now();
      let said: string;
      try {
        const v = await walkAuditChain(timed);
        if (!v.intact) throw new Error(`the generated chain is broken: ${JSON.stringify(v)}`);
        said = `intact, ${v.checked.toLocaleString('en-US')} events`;
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('the generated chain')) throw error;
        said = error instanceof Error ? error.message : String(error);
      }
      walkSeconds.push((performance.now() - started) / 1000);
      verdicts.set(said, (verdicts.get(said) ?? 0) + 1);
    }
    const verdict = [...verdicts].map(([said, n]) => `${n}× ${said}`).join('; ');
    const onePass = performance.now();
    await asCaller(superuser, adminId!, 'aal2', async () => {
      await superuser.query(`set local statement_timeout = 0`);
      await superuser.query(`select public.verify_audit_chain()`);
    });
    record({
      name: `admin audit: verify the chain, per range of ${VERIFY_RANGE.toLocaleString('en-US')}`,
      budgetMs: 8000,
      samples: rangeSamples,
      note: `${verdict}; whole walk ${walkSeconds.map((x) => x.toFixed(1)).join(' / ')} s; one pass in one request ${((performance.now() - onePass) / 1000).toFixed(1)} s; budget = statement_timeout`,
    });

    let seqScans: string[] = [];
    if (PLANS) {
      const [whaleId, typicalId] = (
        await superuser.query<{ id: string }>(
          `select id from gen_member where i = 1 union all select id from gen_member where i = $1`,
          [Math.floor(MEMBERS / 2)],
        )
      ).rows.map((r) => r.id);
      const adminCall = (name: string, sql: string, params: unknown[] = []) => ({
        name,
        uid: adminId!,
        aal: 'aal2',
        sql,
        params,
      });
      const auditCols = 'id, occurred_at, actor_id, actor_role, member_id, kind, before, after, reason';
      const found = await plans(cluster.url, [
        adminCall(
          'admin audit: first page',
          `select ${auditCols} from public.audit_events order by occurred_at desc, id desc limit 51`,
        ),
        adminCall(
          'admin audit: by a rare kind',
          `select ${auditCols} from public.audit_events where kind = 'mfa_reset'
           order by occurred_at desc, id desc limit 51`,
        ),
        adminCall(
          'admin audit: by member (the most active)',
          `select ${auditCols} from public.audit_events where member_id = $1
           order by occurred_at desc, id desc limit 51`,
          [whaleId],
        ),
        adminCall(
          'admin audit: a member filter, the e-mail to an id',
          `select id from public.profiles where email = 'member1@example.com' limit 1`,
        ),
        adminCall(
          'admin audit: by staff member (finance)',
          `select ${auditCols} from public.audit_events where actor_id = md5('scale-staff-3')::uuid
           order by occurred_at desc, id desc limit 51`,
        ),
        adminCall(
          'admin audit: by date range (a week a year ago)',
          `select ${auditCols} from public.audit_events
           where occurred_at >= now() - interval '365 days' and occurred_at < now() - interval '358 days'
           order by occurred_at desc, id desc limit 51`,
        ),
        adminCall(
          'admin audit: deep page by key',
          `select ${auditCols} from public.audit_events
           where occurred_at <= $1 and (occurred_at < $1 or (occurred_at = $1 and id < $2))
           order by occurred_at desc, id desc limit 51`,
          [cursors[0]!.occurred_at, cursors[0]!.id],
        ),
        {
          name: 'member bell: unread count (the most active member)',
          uid: whaleId!,
          aal: 'aal1',
          sql: `select public.unread_notification_count()`,
          params: [],
        },
        {
          name: 'member notifications: first page (the most active member)',
          uid: whaleId!,
          aal: 'aal1',
          sql: `select * from public.my_notifications(null, 20)`,
          params: [],
        },
        {
          name: 'member activity: first page (the most active member)',
          uid: whaleId!,
          aal: 'aal1',
          sql: `select * from public.my_activity(null, 25)`,
          params: [],
        },
        adminCall(
          'admin users: first page, newest first',
          `select public.admin_search_users('', 'created_at', false, 25, 0)`,
        ),
        adminCall(
          'admin users: search',
          `select public.admin_search_users('smith', 'created_at', false, 25, 0)`,
        ),
        adminCall(
          'admin users: sort by balance',
          `select public.admin_search_users('', 'interest_wallet', false, 25, 0)`,
        ),
        adminCall(
          'admin users: sort by name, page 40',
          `select public.admin_search_users('', 'username', true, 25, 975)`,
        ),
        adminCall(
          'admin queue: pending notices',
          `select id from public.deposit_notices where status in ('pending') order by created_at asc limit 500`,
        ),
        adminCall(
          'admin queue: recently decided requests',
          `select id from public.withdrawal_requests where not (status in ('pending','approved')) order by created_at desc limit 30`,
        ),
        {
          name: 'member statement (typical member)',
          uid: typicalId!,
          aal: 'aal1',
          sql: `select * from public.my_ledger()`,
          params: [],
        },
        {
          name: 'member statement (the most active member, every entry)',
          uid: whaleId!,
          aal: 'aal1',
          sql: `select * from public.my_ledger()`,
          params: [],
        },
        {
          name: 'member statement: first page (the most active member)',
          uid: whaleId!,
          aal: 'aal1',
          sql: `select * from public.my_ledger(null, null, $1)`,
          params: [ROWS_PER_REQUEST],
        },
        {
          name: 'member balance read (my_accounts)',
          uid: typicalId!,
          aal: 'aal1',
          sql: `select * from public.my_accounts()`,
          params: [],
        },
        {
          name: 'member balance read: ledger_accounts under RLS (the realtime re-read)',
          uid: typicalId!,
          aal: 'aal1',
          sql: `select * from public.ledger_accounts where user_id = $1`,
          params: [typicalId],
        },
        {
          ...adminCall(
            'posting: propose_correction, then approve_transfer by a second admin',
            `select public.propose_correction($1, 'interest_wallet', '12.50', 'goodwill', 'Goodwill credit (scale bench)')`,
            [targets[0]],
          ),
          next: {
            uid: approverId!,
            sql: `select public.approve_transfer((select max(id) from public.transfers where phase = 'pending'))`,
          },
        },
        {
          name: 'posting: private.record_transfer, single phase (as the owner)',
          uid: '',
          aal: '',
          owner: true,
          sql: `select private.record_transfer('return:scale-plan', 'return', private.firm_account('returns_paid'),
                  $2::bigint, 3.25, $1::uuid, 'Monthly return', null, false, '{"plan": "gold"}')`,
          params: [targetAccounts[0]!.user_id, targetAccounts[0]!.account_id],
        },
      ]);
      seqScans = found.seqScans;
      mkdirSync('.bench', { recursive: true });
      writeFileSync('.bench/scale-plans.txt', found.text);
    }

    // Printed beside the table; a failure here must not lose the measures above.
    console.log(
      await balanceIndexCost(superuser).catch((e: unknown) => `balance index measure failed: ${String(e)}`),
    );

    const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
    const table = rows.map((r) => {
      const s = [...r.samples].sort((a, b) => a - b);
      const p95 = percentile(s, 95);
      return {
        cells: [
          r.name,
          String(s.length),
          fmt(percentile(s, 50)),
          fmt(p95),
          `≤ ${r.budgetMs}`,
          p95 <= r.budgetMs ? 'ok' : 'OVER',
          r.note ?? '',
        ],
        over: p95 > r.budgetMs,
      };
    });
    const header = ['measure (through the API)', 'n', 'p50 ms', 'p95 ms', 'budget', '', 'note'];
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t.cells[i]!.length)));
    const line = (cells: string[]) =>
      cells.map((c, i) => (i === 0 || i === 6 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
    for (const t of table) console.log(line(t.cells));
    console.log(
      PLANS
        ? `\nQuery plans: .bench/scale-plans.txt; sequential scans on big tables: ${seqScans.length ? seqScans.join('; ') : 'none'}`
        : '',
    );
    console.log(`Total ${((performance.now() - started) / 1000).toFixed(0)} s`);
    if (process.env['BENCH_RESULT_FILE']) {
      writeFileSync(
        process.env['BENCH_RESULT_FILE'],
        JSON.stringify({
          metrics: rows.map((r) => ({
            name: `${r.name} p95`,
            value: Number(
              percentile(
                [...r.samples].sort((a, b) => a - b),
                95,
              ).toFixed(1),
            ),
            unit: 'ms',
          })),
        }),
      );
    }
    if (table.some((t) => t.over) || seqScans.length) process.exitCode = 1;
  } finally {
    for (const c of dashboards) await c.removeAllChannels().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    await superuser.end().catch(() => undefined);
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
