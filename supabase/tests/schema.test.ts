/**
 * Behaviour of the schema beyond the RLS matrix: sign-up trigger, seed, contact rate limit, deposit
 * and withdrawal rules, wallet audit, admin search on 10,000 users, realtime publication, and the
 * structural rules every table follows (RLS on, comment, no default grants).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asCaller,
  callAs,
  valueNotice,
  addActiveAddress,
  createUser,
  engines,
  testTxId,
  createStaff,
  adminAtAal2,
  outcome,
  pgError,
  payoutArgs,
  type Caller,
  type Engine,
} from './helpers/db';

describe.each(engines)('schema on %s', (_name, open) => {
  let engine: Engine;
  let admin: Caller;
  let admin2: Caller;
  const SERVICE: Caller = { role: 'service_role' };

  beforeAll(async () => {
    engine = await open();
    const a = await createStaff(engine.db, { email: 'admin@schema.test', username: 'Schema Admin' });
    admin = adminAtAal2(a.id);
    const b = await createStaff(engine.db, {
      role: 'finance',
      email: 'admin2@schema.test',
      username: 'Schema Finance',
    });
    admin2 = adminAtAal2(b.id);
  });

  afterAll(async () => {
    await engine?.close();
  });

  const q = async <T = Record<string, string>>(sql: string, params: unknown[] = []) =>
    (await engine.db.query<T>(sql, params)).rows;

  it('creates a profile for every sign-up, whatever the metadata', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ username: '  Ada   Lovelace  ' }, 'ada@schema.test', 'Ada Lovelace'],
      [{ username: 'x'.repeat(80) }, 'long@schema.test', 'x'.repeat(40)],
      [{ username: '\u0007\u001b\t' }, 'ctrl.name@schema.test', 'ctrl.name'],
      [{}, 'nometa@schema.test', 'nometa'],
      [null, 'null-meta@schema.test', 'null-meta'],
      [['a', 'b'], 'array@schema.test', 'array'],
      [{ username: 42 }, 'number@schema.test', 'number'],
      [{ username: '' }, `${'l'.repeat(60)}@schema.test`, 'l'.repeat(40)],
      [{ username: '   ' }, '@schema.test', 'member'],
    ];
    const tags = new Set<string>();
    for (const [meta, email, username] of cases) {
      const user = await createUser(engine.db, { email, meta });
      const rows = await q(
        `select username, email, version::text, xrp_destination_tag::text as tag,
        interest_wallet::text as iw from public.profiles where id = $1`,
        [user.id],
      );
      expect(rows[0]).toMatchObject({ username, email, version: '1', iw: '0.00' });
      expect(Number(rows[0]!.tag)).toBeGreaterThanOrEqual(100000);
      tags.add(rows[0]!.tag!);
    }
    expect(tags.size).toBe(cases.length);
  });

  it('keeps the profile e-mail in step with auth.users', async () => {
    const user = await createUser(engine.db, { email: 'before@schema.test' });
    await engine.db.query(`update auth.users set email = 'after@schema.test' where id = $1`, [user.id]);
    expect((await q(`select email from public.profiles where id = $1`, [user.id]))[0]!.email).toBe(
      'after@schema.test',
    );
  });

  it('seeds demo members whose balances equal their ledger, and no admin', async () => {
    const members = await q(
      `select email, interest_wallet::text as iw from public.profiles where email like '%@example.com' order by email`,
    );
    expect(members.map((m) => m.email)).toEqual([
      'alice@example.com',
      'bob@example.com',
      'carol@example.com',
    ]);
    expect(members[0]!.iw).toBe('1250.75');
    expect(await q(`select * from private.ledger_mismatches()`)).toEqual([]);
    expect(
      await q(
        `select 1 from public.admins a join public.profiles p on p.id = a.user_id where p.email like '%@example.com'`,
      ),
    ).toEqual([]);
    const identities =
      await q(`select count(*)::text as n from auth.identities i join auth.users u on u.id = i.user_id
      where u.email like '%@example.com' and u.encrypted_password like '$2%'`);
    expect(identities[0]!.n).toBe('3');
  });

  it('limits contact messages per client address per hour (PT429), whatever e-mail is typed', async () => {
    // The address the edge saw (request.headers cf-connecting-ip); abuse-limits.test.ts has the rest.
    const send = (email: string, client = '192.0.2.80') =>
      outcome(() =>
        asCaller(engine.db, { role: 'anon' }, async (tx) => {
          await tx.query(`select set_config('request.headers', $1, true)`, [
            JSON.stringify({ 'cf-connecting-ip': client }),
          ]);
          await tx.query(
            `insert into public.contact_messages (name, email, message, identity) values ('Visitor', $1, 'Hello there', null)`,
            [email],
          );
        }),
      );
    for (let i = 0; i < 5; i++) expect(await send(`flood-${i}@schema.test`)).toBe('ok');
    let error: unknown;
    await asCaller(engine.db, { role: 'anon' }, async (tx) => {
      await tx.query(`select set_config('request.headers', '{"cf-connecting-ip":"192.0.2.80"}', true)`);
      await tx.query(
        `insert into public.contact_messages (name, email, message) values ('Visitor', 'new@schema.test', 'Again')`,
      );
    }).catch((e: unknown) => (error = e));
    expect(pgError(error)).toEqual({
      code: 'PT429',
      message: 'You have sent too many messages. Please try again in an hour.',
    });
    expect(await send('flood-0@schema.test', '192.0.2.81')).toBe('ok');
    // The limit counts the last hour only.
    await engine.db.query(
      `update public.contact_messages set created_at = now() - interval '61 minutes' where client_address = '192.0.2.80'`,
    );
    expect(await send('flood-0@schema.test')).toBe('ok');
  });

  it("lets a rejected notice's transaction id be claimed again, but not a pending one", async () => {
    const m = await createUser(engine.db, { email: 'notices@schema.test' });
    const member: Caller = { role: 'authenticated', uid: m.id };
    const file = (tx: string) =>
      asCaller(
        engine.db,
        member,
        async (t) =>
          (
            await t.query<{ id: string }>(
              `select (public.file_deposit_notice(1::smallint, '10', $1) ->> 'id') as id`,
              [tx],
            )
          ).rows[0]!.id,
      );
    const tx = testTxId('schema-claim');
    const first = await file(tx.toUpperCase());
    expect(await outcome(() => file(` ${tx} `))).toBe('23505');
    await asCaller(engine.db, admin, (t) =>
      t.query(`select public.review_deposit_notice($1, 'reject', 'wrong amount')`, [first]),
    );
    const second = await file(tx);
    // Confirming only values it and records a pending credit: nothing moves until a second admin
    // approves that transfer.
    const pending = await valueNotice(engine.db, second, (admin as { uid: string }).uid);
    const before = await q(
      `select deposit_wallet::text as d, status from public.profiles p, public.deposit_notices n where p.id = $1 and n.id = $2`,
      [m.id, second],
    );
    expect(before[0]).toEqual({ d: '0.00', status: 'valued' });
    await asCaller(engine.db, admin2, (t) => t.query(`select public.approve_transfer($1)`, [pending]));
    const p = await q(
      `select deposit_wallet::text as d, total_deposit::text as t from public.profiles where id = $1`,
      [m.id],
    );
    expect(p[0]).toEqual({ d: '10.00', t: '10.00' });
    expect(
      (
        await q(`select status, credited_amount::text as c from public.deposit_notices where id = $1`, [
          second,
        ])
      )[0],
    ).toEqual({ status: 'confirmed', c: '10.00' });
  });

  it('holds pending and approved withdrawals, releases rejected ones, pays from the Interest Wallet', async () => {
    const m = await createUser(engine.db, { email: 'withdraw@schema.test' });
    await addActiveAddress(engine.db, m.id, 1, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
    await addActiveAddress(engine.db, m.id, 5, 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', 4294967295);
    const member: Caller = { role: 'authenticated', uid: m.id };
    await asCaller(engine.db, SERVICE, (t) =>
      t.query(`select public.operator_post_correction($1, 'interest_wallet', '100.00', 'opening')`, [m.id]),
    );
    const withdrawable = async () =>
      asCaller(
        engine.db,
        member,
        async (t) => (await t.query<{ w: string }>(`select public.withdrawable_balance() as w`)).rows[0]!.w,
      );
    const file = (
      amount: string,
      wallet = 1,
      address = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      tag: string | null = null,
    ) =>
      asCaller(
        engine.db,
        member,
        async (t) =>
          (
            await t.query<{ id: string }>(
              `select (public.file_withdrawal_request($1::smallint, 'interest_wallet', $2, $3, $4) ->> 'id') as id`,
              [wallet, amount, address, tag],
            )
          ).rows[0]!.id,
      );
    // Four eyes: a second admin marks paid what the first approved; rejecting takes a reason.
    const review = (id: string, action: string, by: Caller = admin) =>
      asCaller(engine.db, by, (t) =>
        t.query(`select public.review_withdrawal_request($1, $2, $3, $4, $5, $6, $7)`, [
          id,
          action,
          action === 'reject' ? 'wrong address' : null,
          // Only r1 ($30.00) is paid.
          ...(action === 'pay' ? payoutArgs('30.00') : [null, null, null, null]),
        ]),
      );
    const r1 = await file('30.00');
    const r2 = await file('20.00', 5, 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', '4294967295');
    expect(await withdrawable()).toBe('50.00');
    expect(await outcome(() => file('50.01'))).toBe('22023');
    await review(r1, 'approve');
    expect(await withdrawable()).toBe('50.00');
    await review(r2, 'reject');
    expect(await withdrawable()).toBe('70.00');
    expect(await outcome(() => review(r1, 'pay'))).toBe('42501');
    await review(r1, 'pay', admin2);
    const p = await q(
      `select interest_wallet::text as i, total_withdraw::text as w from public.profiles where id = $1`,
      [m.id],
    );
    expect(p[0]).toEqual({ i: '70.00', w: '30.00' });
    expect(await withdrawable()).toBe('70.00');
    expect(await outcome(() => review(r1, 'pay', admin2))).toBe('PT409');
    // The payout's record stays reconciled with its amount, even for a write that skips the function.
    await expect(
      engine.db.query(`update public.withdrawal_requests set quantity = quantity + 0.0000002 where id = $1`, [
        r1,
      ]),
    ).rejects.toThrow(/withdrawal_requests_payout_reconciles/);
    await expect(
      engine.db.query(`update public.withdrawal_requests set network_fee = 0.001 where id = $1`, [r1]),
    ).rejects.toThrow(/withdrawal_requests_payout_reconciles/);
    const tag = await q(`select destination_tag::text as t from public.withdrawal_requests where id = $1`, [
      r2,
    ]);
    expect(tag[0]!.t).toBe('4294967295');
  });

  it('records a double-submitted correction once (its request key) and refuses the key reused for another', async () => {
    const m = await createUser(engine.db, { email: 'noop@schema.test' });
    const save = (amount: string, key = 'schema-key-0001') =>
      callAs<Record<string, unknown>>(
        engine.db,
        admin,
        `select public.propose_correction($1, 'total_invest', $2, 'opening_balance', 'Opening balance', null, $3, 'gold') as r`,
        [m.id, amount, key],
      );
    const first = await save('12.50');
    expect(first).toMatchObject({ phase: 'pending', amount: '12.50' });
    const same = await save('12.5');
    expect(same.id).toBe(first.id);
    expect(
      (await q(`select count(*)::text as n from public.transfers where user_id = $1`, [m.id]))[0]!.n,
    ).toBe('1');
    expect(await outcome(() => save('13.00'))).toBe('PT409');
    expect(await outcome(() => save('12.50', 'bad key!'))).toBe('22023');
  });

  it('audits every deposit wallet change with its reason and actor', async () => {
    const before = Number((await q(`select count(*)::text as n from public.deposit_wallet_changes`))[0]!.n);
    const result = await asCaller(
      engine.db,
      // Staff change addresses by proposal (staff-proposals.test.ts); this is the operator path.
      { role: 'service_role' },
      async (t) =>
        JSON.parse(
          (
            await t.query<{ r: string }>(
              `select public.update_deposit_wallet(6::smallint, ' TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7 ', true, 'New TRON wallet') as r`,
            )
          ).rows[0]!.r,
        ) as Record<string, unknown>,
    );
    expect(result).toMatchObject({
      id: 6,
      address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      enabled: true,
      updated_by: null,
    });
    const changes =
      await q(`select old_address, new_address, old_enabled::text, new_enabled::text, reason, actor_id::text
      from public.deposit_wallet_changes order by id desc limit 1`);
    expect(changes[0]).toEqual({
      old_address: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
      new_address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      old_enabled: 'false',
      new_enabled: 'true',
      reason: 'New TRON wallet',
      actor_id: null,
    });
    expect(Number((await q(`select count(*)::text as n from public.deposit_wallet_changes`))[0]!.n)).toBe(
      before + 1,
    );
    // A service_role edit is validated and audited too.
    await expect(
      asCaller(engine.db, { role: 'service_role' }, (t) =>
        t.query(`update public.deposit_wallets set address = 'nope' where id = 1`),
      ),
    ).rejects.toMatchObject({ code: '22023' });
  });

  it('starts with the seven wallets of the spec, placeholders valid for their networks, USDC on TRON off', async () => {
    const wallets = await q(`select id::text, wallet_name, network, address, enabled::text,
      private.is_valid_address(network, address)::text as valid from public.deposit_wallets order by id`);
    expect(wallets.map((w) => [w.id, w.wallet_name, w.network])).toEqual([
      ['1', 'Bitcoin', 'bitcoin'],
      ['2', 'Ethereum', 'ethereum'],
      ['3', 'Tether (ETH)', 'ethereum'],
      ['4', 'Tether (TRX-USDT)', 'tron'],
      ['5', 'Ripple', 'ripple'],
      ['6', 'USDC (TRX)', 'tron'],
      ['7', 'USDC (ETH)', 'ethereum'],
    ]);
    expect(wallets.every((w) => w.valid === 'true')).toBe(true);
    const initial = await q(
      `select distinct on (wallet_id) wallet_id::text, new_address, new_enabled::text from public.deposit_wallet_changes order by wallet_id, id`,
    );
    const address = Object.fromEntries(initial.map((c) => [c.wallet_id, c.new_address]));
    expect(new Set([address['2'], address['3'], address['7']]).size).toBe(1);
    expect(address['4']).toBe(address['6']);
    expect(initial.find((c) => c.wallet_id === '6')!.new_enabled).toBe('false');
  });

  it('searches 10,000 users quickly by name or e-mail, with a whitelisted sort and paging', async () => {
    await engine.db.query(`
      insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
      select gen_random_uuid(), 'authenticated', 'authenticated', 'bulk' || g || '@search.test',
             jsonb_build_object('username', 'Bulk User ' || g), now(), now()
      from generate_series(1, 10000) g`);
    const search = async (term: string, sort: string, asc: boolean, limit: number, offset: number) => {
      const started = performance.now();
      const r = await asCaller(
        engine.db,
        admin,
        async (t) =>
          (
            await t.query<{ r: string }>(`select public.admin_search_users($1, $2, $3, $4, $5) as r`, [
              term,
              sort,
              asc,
              limit,
              offset,
            ])
          ).rows[0]!.r,
      );
      return {
        ms: performance.now() - started,
        ...(JSON.parse(r) as { total: number; rows: Array<Record<string, string>> }),
      };
    };
    const byName = await search('bulk user 999', 'username', true, 5, 0);
    expect(byName.total).toBe(11); // 999 and 9990..9999
    expect(byName.rows.map((r) => r.username)).toEqual([
      'Bulk User 999',
      'Bulk User 9990',
      'Bulk User 9991',
      'Bulk User 9992',
      'Bulk User 9993',
    ]);
    const byEmail = await search('BULK42@', 'email', false, 50, 0);
    expect(byEmail.total).toBe(1);
    const page = await search('', 'created_at', false, 50, 9950);
    expect(page.total).toBeGreaterThan(10000);
    expect(page.rows).toHaveLength(50);
    const literal = await search('100%', 'email', true, 10, 0);
    expect(literal.total).toBe(0);
    const timings = [byName.ms, byEmail.ms, page.ms].map((ms) => Math.round(ms));
    console.log(`admin_search_users on 10,000 users (${engine.name}): ${timings.join(' / ')} ms`);
    // Generous: the point is "interactive", on a shared CI machine.
    expect(Math.max(...timings)).toBeLessThan(3000);
    // The setup signs up 10,000 users, each opening four ledger accounts: the time is the setup's.
  }, 90_000);

  it('publishes the live tables to supabase_realtime', async () => {
    const rows = await q(
      `select tablename from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' order by 1`,
    );
    expect(rows.map((r) => r.tablename)).toEqual([
      'contact_messages',
      'deposit_notices',
      'deposit_wallets',
      'ledger_accounts',
      'ledger_entries',
      'notifications',
      'profiles',
      'security_holds',
      'staff_proposals',
      'transfers',
      'withdrawal_addresses',
      'withdrawal_freezes',
      'withdrawal_requests',
    ]);
  });

  it('follows the house rules on every public table and function', async () => {
    const tables =
      await q(`select c.relname as name, c.relrowsecurity::text as rls, coalesce(obj_description(c.oid, 'pg_class'), '') as comment
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' order by 1`);
    expect(tables.length).toBe(23);
    for (const t of tables) {
      expect(t.rls, `${t.name} has RLS`).toBe('true');
      expect(t.comment, `${t.name} says who may read and write`).toMatch(/Read:/);
    }
    // No grant to PUBLIC on any table, and none to anon except inserting contact messages.
    const anon = await q(`select table_name, privilege_type from information_schema.role_table_grants
      where table_schema = 'public' and grantee in ('anon', 'PUBLIC') order by 1, 2`);
    expect(anon).toEqual([]);
    const anonColumns =
      await q(`select distinct table_name, privilege_type from information_schema.column_privileges
      where table_schema = 'public' and grantee = 'anon' order by 1, 2`);
    expect(anonColumns).toEqual([{ table_name: 'contact_messages', privilege_type: 'INSERT' }]);
    const functions =
      await q(`select p.proname as name, p.prosecdef::text as definer, coalesce(array_to_string(p.proconfig, ','), '') as config,
      has_function_privilege('anon', p.oid, 'execute')::text as anon
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('public', 'private') order by 1`);
    for (const f of functions) {
      expect(f.config, `${f.name} pins search_path`).toMatch(/search_path=""/);
      expect(f.anon, `${f.name} is not executable by anon`).toBe('false');
    }
  });

  it('names the staff roles in every admin function, except the few that serve every role by design', async () => {
    // A function that checks only require_admin() lets any staff role in. Each one here was chosen:
    // the users list and the authenticator list are for all staff. (Withdrawing a proposal names finance
    // and owner, the roles that propose, so other staff learn nothing of a proposal by guessing its id.)
    const bare =
      await q(`select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prosrc like '%private.require_admin()%'
        and p.prosrc not like '%private.require_role(%' and p.prosrc not like '%private.has_role(%'
      order by 1`);
    expect(bare.map((f) => f.name)).toEqual(['admin_authenticators', 'admin_search_users']);
  });

  it('is clean under the Supabase advisor (splinter) lints that apply to a schema', async () => {
    // 0001 unindexed_foreign_keys: every foreign key in public has an index led by its columns.
    const unindexed = await q(`select c.conrelid::regclass::text as tbl, c.conname as fk
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'
        and not exists (select 1 from pg_index i where i.indrelid = c.conrelid
          and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] = c.conkey)
      order by 1, 2`);
    expect(unindexed).toEqual([]);
    // 0003 auth_rls_initplan: auth.*() and current_setting() in policies are wrapped in a select, so
    // Postgres evaluates them once per statement, not once per row.
    const policies = await q(`select tablename || '.' || policyname as name,
      coalesce(qual, '') || ' ' || coalesce(with_check, '') as expr from pg_policies where schemaname = 'public'`);
    expect(policies.length).toBeGreaterThan(0);
    for (const p of policies) {
      const bare = (p.expr ?? '')
        .replace(/\(\s*select\s+(auth\.\w+\(\)|current_setting\([^)]*\))[^)]*\)/gi, '')
        .match(/auth\.\w+\(\)|current_setting\(/gi);
      expect(bare, `${p.name} calls ${bare?.join(', ')} per row`).toBeNull();
    }
    // 0008 rls_enabled_no_policy: a table with RLS on but no policy at all is usually a mistake.
    const noPolicy =
      await q(`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.relrowsecurity
        and not exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname)`);
    expect(noPolicy).toEqual([]);
    // 0011 function_search_path_mutable and 0013 rls_disabled_in_public: the house rules above.
  });
});
