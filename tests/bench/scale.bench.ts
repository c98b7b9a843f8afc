/**
 * `npm run bench:scale`: the database at a real firm's size, on a throwaway PostgreSQL 15, measured
 * through the local Supabase's HTTP API with supabase-js, signed in as the roles that make each call.
 *
 * Generates (one SQL statement per table, generate_series; sizes from the environment):
 *   SCALE_MEMBERS=100000 members (sign-ups spread over three years, more recently),
 *   SCALE_LEDGER=1000000 ledger entries (one long-standing member with 10,000, the rest skewed: a few
 *     very active members, most with a handful), consistent running balances and profile totals,
 *   SCALE_REQUESTS=200000 deposit notices and as many withdrawal requests (mostly decided, a small
 *     recent queue of pending and approved ones),
 *   SCALE_AUDIT=1000000 audit events in a valid hash chain and the member notifications derived from
 *     them (tests/bench/scale-audit.ts says what and in which proportions).
 * Then times, each SCALE_SAMPLES times (default 200):
 *   admin users: search, sort, page change (rpc admin_search_users, as src/lib/admin/users.ts calls it);
 *   member statement (rpc my_ledger, as src/lib/ledger.ts) and the CSV of 10,000 entries (rpc +
 *     src/lib/ledger-csv.ts);
 *   admin review queue by status (the four reads of src/lib/admin/requests.ts + the people lookup);
 *   /admin/audit as an owner (src/lib/admin/audit.ts): first page, by kind, by member, by date range,
 *     a deep page by key; and verify_audit_chain over the whole log in ranges, as the page walks it;
 *   the long-standing member's bell, /user/notifications and /user/activity (src/lib/notifications.ts,
 *     src/lib/notification-lists.ts, each with the next_notification_in read the live feed makes);
 *   admin save → member dashboard update over realtime, with SCALE_DASHBOARDS=1000 signed-in members
 *     each subscribed to their own profile the way src/lib/profile.ts watchProfile does.
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

const MEMBERS = Number(process.env['SCALE_MEMBERS'] ?? 100_000);
const LEDGER = Number(process.env['SCALE_LEDGER'] ?? 1_000_000);
const REQUESTS = Number(process.env['SCALE_REQUESTS'] ?? 200_000);
const AUDIT = Number(process.env['SCALE_AUDIT'] ?? 1_000_000);
const DASHBOARDS = Math.min(Number(process.env['SCALE_DASHBOARDS'] ?? 1000), MEMBERS - 1);
const SAMPLES = Number(process.env['SCALE_SAMPLES'] ?? 200);
const WHALE_ENTRIES = Math.min(10_000, Math.floor(LEDGER / 2));
const PLANS = process.env['SCALE_PLANS'] !== '0';
const PASSWORD = 'scale-member-password';
const ADMIN = { email: 'scale-admin@example.com', password: 'scale-admin-password' };
// Four eyes: a balance edit is a proposal that a second admin approves.
const APPROVER = { email: 'scale-approver@example.com', password: 'scale-approver-password' };
const BIG_TABLES = [
  'profiles',
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
  // Member 1 (the oldest) has WHALE_ENTRIES entries; the others follow a power law: member
  // 2 + (N-2)·u³ for uniform u, so a few early members have thousands and most a handful.
  await step(
    'ledger_entries',
    `insert into public.ledger_entries (user_id, account, delta, balance_before, balance_after, reason,
       actor_id, source, source_id, created_at)
     select e.id, e.account, e.delta,
       sum(e.delta) over w - e.delta, sum(e.delta) over w,
       e.reason, null, e.source, null, e.created_at
     from (
       select m.id, (array['interest_wallet','deposit_wallet','total_invest','total_deposit','total_withdraw',
                           'referral'])[1 + (j * 7) % 6] as account,
         round((5 + random() * 2500)::numeric, 2) as delta,
         (array['Monthly interest','Deposit confirmed','Investment','Referral bonus','Correction'])[1 + j % 5]
           as reason,
         (array['admin_edit','deposit_notice','admin_edit','admin_edit','admin_edit'])[1 + j % 5] as source,
         m.created_at + (now() - m.created_at) * random() as created_at, j
       from (select j, case when j <= $2 then 1
                            else 2 + floor(($1 - 2) * power(random(), 3))::int end as i
             from generate_series(1, $3::int) as j) s
       join gen_member m using (i)
     ) e
     window w as (partition by e.id, e.account order by e.created_at, e.j rows unbounded preceding)`,
    [MEMBERS, WHALE_ENTRIES, LEDGER],
  );
  await step(
    'profile balances',
    `update public.profiles p set
       interest_wallet = s.interest_wallet, deposit_wallet = s.deposit_wallet, total_invest = s.total_invest,
       total_deposit = s.total_deposit, total_withdraw = s.total_withdraw, referral = s.referral,
       version = 1 + s.entries
     from (select user_id, count(*) as entries,
             coalesce(sum(delta) filter (where account = 'interest_wallet'), 0) as interest_wallet,
             coalesce(sum(delta) filter (where account = 'deposit_wallet'), 0) as deposit_wallet,
             coalesce(sum(delta) filter (where account = 'total_invest'), 0) as total_invest,
             coalesce(sum(delta) filter (where account = 'total_deposit'), 0) as total_deposit,
             coalesce(sum(delta) filter (where account = 'total_withdraw'), 0) as total_withdraw,
             coalesce(sum(delta) filter (where account = 'referral'), 0) as referral
           from public.ledger_entries group by user_id) s
     where s.user_id = p.id`,
  );
  // Filed over three years, j ascending in time; the newest 1% still pending, 8% rejected.
  await step(
    'deposit_notices',
    `insert into public.deposit_notices (user_id, wallet_id, amount, tx_id, status, reviewed_by, reviewed_at,
       review_note, credited_amount, created_at)
     select m.id, 1 + j % 7, a.amount, md5('scale-tx-' || j), st.status,
       null, case when st.status = 'pending' then null else t.created_at + interval '3 hours' end,
       case when st.status = 'rejected' then 'Transaction not found on chain' end,
       case when st.status = 'confirmed' then a.amount end, t.created_at
     from (select j, 2 + floor(($1 - 2) * power(random(), 2))::int as i
           from generate_series(1, $2::int) as j) s
     join gen_member m using (i)
     cross join lateral (select now() - make_interval(secs => 94608000 * (1 - j::float8 / $2)) as created_at) t
     cross join lateral (select case when j > $2 * 0.99 then 'pending' when j % 12 = 0 then 'rejected'
                                     else 'confirmed' end as status) st
     cross join lateral (select round((50 + random() * 20000)::numeric, 2) as amount) a`,
    [MEMBERS, REQUESTS],
  );
  await step(
    'withdrawal_requests',
    `insert into public.withdrawal_requests (user_id, wallet_id, amount, destination_address, status,
       reviewed_by, reviewed_at, review_note, paid_at, created_at)
     select m.id, 1 + j % 7, round((50 + random() * 10000)::numeric, 2),
       '0x' || md5('scale-dest-' || j) || 'abcdefab', st.status, null,
       case when st.status = 'pending' then null else t.created_at + interval '5 hours' end,
       case when st.status = 'rejected' then 'Address could not be verified' end,
       case when st.status = 'paid' then t.created_at + interval '1 day' end, t.created_at
     from (select j, 2 + floor(($1 - 2) * power(random(), 2))::int as i
           from generate_series(1, $2::int) as j) s
     join gen_member m using (i)
     cross join lateral (select now() - make_interval(secs => 94608000 * (1 - j::float8 / $2)) as created_at) t
     cross join lateral (select case when j > $2 * 0.995 then 'pending' when j > $2 * 0.99 then 'approved'
                                     when j % 20 = 0 then 'rejected' else 'paid' end as status) st`,
    [MEMBERS, REQUESTS],
  );
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

/** EXPLAIN of each statement the functions run, via auto_explain notices on a superuser session. */
async function plans(
  url: string,
  calls: Array<{ name: string; uid: string; aal: string; sql: string; params: unknown[] }>,
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
      await asCaller(c, call.uid, call.aal, () => c.query(call.sql, call.params));
      // The outer statement's plan is the Function Scan itself; the nested ones are the real work.
      const nested = notices.filter(
        (n) => !/Function Scan on|Result {2}\(cost/.test(n) || /Index|Seq Scan/.test(n),
      );
      text += `### ${call.name}\n\n\`${call.sql}\`\n\n${nested.map((n) => n.replace(/^duration: [\d.]+ ms {2}/, '')).join('\n\n')}\n\n`;
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
 * touched) only when no indexed column changes. Times the same 200 ledger postings (private.post_ledger,
 * as an approved proposal runs it) and counts HOT updates with every index as migrated, without the six
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
  const ids = (await db.query<{ id: string }>(`select id from public.profiles order by id limit 200`)).rows;
  const lines = ['Balance edits (200 postings of private.post_ledger, server side) and profile HOT updates:'];
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
      for (const { id } of ids)
        await db.query(
          `select private.post_ledger($1, '{"referral":"0.01"}', 'bench', null, 'admin_edit', null)`,
          [id],
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

    const admin = await adminClient(server);
    const approver = await adminClient(server, APPROVER);
    const rows: Row[] = [];
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
      'proposal_open',
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
    const whale = await signIn(server, memberEmail(1), PASSWORD);
    let csvBytes = 0;
    const csvRow: Row = {
      name: `member statement CSV (${WHALE_ENTRIES.toLocaleString('en-US')} entries)`,
      budgetMs: 1000,
      // What the statement page does: every page of my_ledger (src/lib/ledger.ts), then the file.
      samples: await timeEach(Math.max(5, Math.floor(SAMPLES / 10)), async () => {
        const data = await readStatement(
          (args) => whale.rpc('my_ledger', args),
          (error) => new Error(`my_ledger: ${error.message}`),
        );
        if (data.length !== WHALE_ENTRIES) throw new Error(`the member has ${data.length} entries`);
        csvBytes = ledgerCsv(data.map(toLedgerEntry)).length;
      }),
    };
    csvRow.note = `${(csvBytes / 1024).toFixed(0)} KB, ${Math.ceil(WHALE_ENTRIES / ROWS_PER_REQUEST)} requests`;
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
        const profile = must(
          await admin.from('profiles').select('version, referral::text').eq('id', uid).single(),
          'profile',
        ) as { version: number; referral: string };
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
          await admin.rpc('propose_balances', {
            p_user_id: uid,
            p_expected_version: profile.version,
            p_balances: { referral: (Number(profile.referral) + 1).toFixed(2) },
            p_reason: 'Scale bench',
          }),
          'propose_balances',
        ) as { id: number };
        const sent = performance.now();
        must(
          await approver.rpc('approve_balance_proposal', { p_proposal_id: proposal.id }),
          'approve_balance_proposal',
        );
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
    const adminId = (
      await superuser.query<{ id: string }>(`select id from auth.users where email = $1`, [ADMIN.email])
    ).rows[0]!.id;
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
    await asCaller(superuser, adminId, 'aal2', async () => {
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
          name: 'member statement (10,000 entries)',
          uid: whaleId!,
          aal: 'aal1',
          sql: `select * from public.my_ledger()`,
          params: [],
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
