/**
 * Monthly statements (issue 34, docs/statements.md), on both engines: the data a month's run stores
 * for each member who had an account, its arithmetic, the month boundaries in Hong Kong time, the
 * refusal of an open month, idempotent runs, immutability, corrections as new versions, the hash in
 * the audit chain, the member's notice, and who may read what.
 *
 * The months are September and October 2026 (closed): postings are made now through the engine and
 * then moved back in time (the test's superuser connection, triggers off for that one statement),
 * so the boundaries can be placed to the millisecond.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStatementArithmetic } from '../../src/lib/statement-check';
import statementWordsEn from '../../src/i18n/statement/en';
import type { StatementData } from '../../src/lib/statement-data';
import {
  addVerifiedFactor,
  adminAtAal2,
  callAs,
  createUser,
  engines,
  makeAdmin,
  pgError,
  postCorrection,
  type Caller,
  type Engine,
} from './helpers/db';

const SERVICE: Caller = { role: 'service_role' };
const ANON: Caller = { role: 'anon' };
const member = (uid: string): Caller => ({ role: 'authenticated', uid });
const FIRM = {
  name: 'Liquid Capital',
  legal_name: 'Liquid Capital Limited',
  address_lines: ['Level 19, Two International Finance Centre', '8 Finance Street, Central', 'Hong Kong'],
  complaints_email: 'complaints@liquidcapital.example',
  complaints_text: 'Write to complaints@liquidcapital.example.',
};
const VALUATION = { source: 'Ledger (USD)', text: 'Balances are held in US dollars.' };

/** Hong Kong time (UTC+8) to an ISO instant. */
const hkt = (local: string) => new Date(`${local}+08:00`).toISOString();

interface StatementRow {
  id: number;
  user_id: string;
  month: string;
  version: number;
  reference: string;
  replaces_id: number | null;
  data: StatementData;
  sha256: string;
  data_text: string;
}

describe.each(engines)('monthly statements on %s', (_name, open) => {
  let engine: Engine;
  let alice: string; // had money in both months
  let bruno: string; // joined in October
  let carla: string; // joined after both months
  let auditor: string;
  let owner: string;
  let finance: string;
  let support: string;

  const rpc = <T>(caller: Caller, sql: string, params: unknown[] = []) =>
    callAs<T>(engine.db, caller, sql, params);

  /** Moves the latest postings of a member (made in the last minute) to `at`. */
  async function moveRecent(uid: string, at: string) {
    await engine.db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(
        `update public.ledger_entries set created_at = $2
         where user_id = $1 and created_at > now() - interval '1 minute'`,
        [uid, at],
      );
      await tx.query(
        `update public.transfers set created_at = $2
         where user_id = $1 and created_at > now() - interval '1 minute'`,
        [uid, at],
      );
    });
  }
  async function joinedAt(uid: string, at: string) {
    await engine.db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(`update public.profiles set created_at = $2 where id = $1`, [uid, at]);
    });
  }
  async function postAt(
    uid: string,
    account: Parameters<typeof postCorrection>[2],
    amount: string,
    at: string,
  ) {
    await postCorrection(engine.db, uid, account, amount, `Correction ${amount}`);
    await moveRecent(uid, at);
  }
  /** jsonb comes back as text from one driver and parsed from the other. */
  const json = <T>(value: unknown): T =>
    typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);
  const statements = async (uid: string) =>
    (
      await engine.db.query<StatementRow>(
        `select id, user_id, to_char(month, 'YYYY-MM') as month, version, reference, replaces_id, sha256,
           data::text as data_text
         from public.statements where user_id = $1 order by month, version`,
        [uid],
      )
    ).rows.map((r) => ({
      ...r,
      id: Number(r.id),
      replaces_id: r.replaces_id === null ? null : Number(r.replaces_id),
      data: json<StatementData>(r.data_text),
    }));
  const runMonth = async (month: string) => {
    const run = await rpc<{ run: number; members: number; issued: number }>(
      SERVICE,
      'select public.start_statement_run($1, $2, $3) as r',
      [month, JSON.stringify(FIRM), JSON.stringify(VALUATION)],
    );
    let remaining = 1;
    let made = 0;
    while (remaining > 0) {
      const step = await rpc<{ made: number; remaining: number }>(
        SERVICE,
        'select public.issue_statements($1, 2) as r',
        [run.run],
      );
      remaining = step.remaining;
      made += step.made;
    }
    return { ...run, made };
  };
  const attach = (s: Pick<StatementRow, 'id' | 'user_id' | 'reference'>) =>
    rpc(SERVICE, 'select public.attach_statement_files($1, $2, $3, 1000, $4, $5, 200) as r', [
      s.id,
      `${s.user_id}/${s.reference}.pdf`,
      'a'.repeat(64),
      `${s.user_id}/${s.reference}.csv`,
      'b'.repeat(64),
    ]);

  beforeAll(async () => {
    engine = await open();
    const db = engine.db;
    alice = (await createUser(db, { username: 'Alice Statement' })).id;
    bruno = (await createUser(db, { username: 'Bruno October' })).id;
    carla = (await createUser(db, { username: 'Carla Later' })).id;
    auditor = (await createUser(db, { username: 'auditor' })).id;
    owner = (await createUser(db, { username: 'owner' })).id;
    finance = (await createUser(db, { username: 'finance' })).id;
    support = (await createUser(db, { username: 'support' })).id;
    await makeAdmin(db, auditor, 'auditor');
    await makeAdmin(db, owner, 'owner');
    await makeAdmin(db, finance, 'finance');
    await makeAdmin(db, support, 'support');
    for (const staff of [auditor, owner, finance, support]) await joinedAt(staff, hkt('2026-01-01T00:00:00'));
    await joinedAt(alice, hkt('2026-08-15T10:00:00'));
    await joinedAt(bruno, hkt('2026-10-05T10:00:00'));

    await postAt(alice, 'deposit_wallet', '1000.00', hkt('2026-09-10T09:00:00'));
    await postAt(alice, 'total_invest', '500.00', hkt('2026-09-11T09:00:00'));
    // The last millisecond of September and the first of October, Hong Kong time.
    await postAt(alice, 'interest_wallet', '200.00', hkt('2026-09-30T23:59:59.999'));
    await postAt(alice, 'interest_wallet', '-50.00', hkt('2026-10-01T00:00:00.000'));
    // An investment instruction given in September, accepted only now (November): pending at both ends.
    const pending = await rpc<{ id: number }>(
      member(alice),
      'select public.subscribe_to_plan($1, $2, $3) as r',
      ['silver', '600.00', randomUUID()],
    );
    await moveRecent(alice, hkt('2026-09-20T12:00:00'));
    await rpc(adminAtAal2(finance), 'select public.approve_transfer($1) as r', [pending.id]);

    await postAt(bruno, 'deposit_wallet', '75.50', hkt('2026-10-06T08:00:00'));
    await postCorrection(db, carla, 'deposit_wallet', '10.00');

    await runMonth('2026-09');
    await runMonth('2026-10');
  });
  afterAll(async () => {
    await engine?.close();
  });

  it('a month that has not closed is refused: the current one, and the last one until an hour after it ends', async () => {
    const now = new Date();
    const current = now.toISOString().slice(0, 7);
    const error = await rpc(SERVICE, 'select public.start_statement_run($1, $2, $3) as r', [
      current,
      JSON.stringify(FIRM),
      JSON.stringify(VALUATION),
    ]).catch((e: unknown) => e);
    // Word for word: the month by name, then the first of the next month at 01:00, Hong Kong time.
    const [year, month] = current.split('-').map(Number) as [number, number];
    const next = new Date(Date.UTC(year, month, 1));
    const monthName = (d: Date) => d.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
    expect(pgError(error).message).toBe(
      `${monthName(new Date(Date.UTC(year, month - 1, 1)))} ${year} is not closed: its statements can be made from ` +
        `1 ${monthName(next).slice(0, 3)} ${next.getUTCFullYear()}, 01:00 HKT.`,
    );
    expect((error as { hint?: string }).hint).toBe('month_open');
    const { rows } = await engine.db.query<{ closes: string; starts: string }>(
      `select private.statement_month_closed_at('2026-11-01') as closes,
              private.statement_month_start('2026-12-01') as starts`,
    );
    expect(new Date(rows[0]!.starts).toISOString()).toBe(hkt('2026-12-01T00:00:00'));
    expect(new Date(rows[0]!.closes).toISOString()).toBe(hkt('2026-12-01T01:00:00'));
    for (const bad of ['2026-13', '26-11', '2019-12', '', 'November']) {
      await expect(
        rpc(SERVICE, 'select public.start_statement_run($1, $2, $3) as r', [
          bad,
          JSON.stringify(FIRM),
          JSON.stringify(VALUATION),
        ]),
      ).rejects.toThrow(/YYYY-MM|2020-01 or later/);
    }
  });

  it('one statement per member who had an account by the month end, none for a member who joined later', async () => {
    const all = await engine.db.query<{ user_id: string; month: string }>(
      `select user_id, to_char(month, 'YYYY-MM') as month from public.statements where version = 1`,
    );
    const months = (uid: string) =>
      all.rows
        .filter((r) => r.user_id === uid)
        .map((r) => r.month)
        .sort();
    expect(months(alice)).toEqual(['2026-09', '2026-10']);
    expect(months(bruno)).toEqual(['2026-10']);
    expect(months(carla)).toEqual([]);
    // Staff accounts are member accounts too: they get statements.
    expect(months(auditor)).toEqual(['2026-09', '2026-10']);
  });

  it('a posting at 23:59:59.999 on the last day is in that month, one at 00:00 on the first in the next', async () => {
    const [sep, oct] = await statements(alice);
    const sepInterest = sep!.data.lines.filter((l) => l.account === 'interest_wallet');
    const octInterest = oct!.data.lines.filter((l) => l.account === 'interest_wallet');
    expect(sepInterest.map((l) => [l.date, l.amount])).toEqual([[hkt('2026-09-30T23:59:59.999'), '200.00']]);
    expect(octInterest.map((l) => [l.date, l.amount])).toEqual([[hkt('2026-10-01T00:00:00.000'), '-50.00']]);
    expect(sep!.data.period).toMatchObject({
      from: hkt('2026-09-01T00:00:00'),
      to: hkt('2026-10-01T00:00:00'),
      time_zone: 'Asia/Hong_Kong',
      label: 'September 2026',
    });
  });

  it('opening + credits - debits = closing for every account; a month opens where the last closed', async () => {
    const [sep, oct] = await statements(alice);
    for (const s of [sep!, oct!]) expect(checkStatementArithmetic(s.data)).toEqual([]);
    expect(oct!.data.accounts.map((a) => a.opening)).toEqual(sep!.data.accounts.map((a) => a.closing));
    const byAccount = Object.fromEntries(sep!.data.accounts.map((a) => [a.account, a]));
    expect(byAccount.deposit_wallet).toMatchObject({
      opening: '0.00',
      credits: '1000.00',
      debits: '0.00',
      closing: '1000.00',
    });
    expect(byAccount.interest_wallet!.closing).toBe('200.00');
    expect(byAccount.total_invest).toMatchObject({ label: 'Total Invest', closing: '500.00' });
    expect(Object.fromEntries(oct!.data.accounts.map((a) => [a.account, a.closing]))).toMatchObject({
      interest_wallet: '150.00',
    });
    expect(sep!.data.totals).toEqual({ opening: '0.00', closing: '1700.00' });
    expect(sep!.data.member).toMatchObject({ name: 'Alice Statement' });
    expect(sep!.data.member.account_number).toMatch(/^LC[0-9]{8}$/);
    expect(sep!.reference).toBe(`${sep!.data.member.account_number}-2026-09-v1`);
    expect(sep!.data.firm).toEqual(FIRM);
    expect(sep!.data.valuation).toEqual(VALUATION);
    // The arithmetic check catches a statement that does not add up.
    const broken = structuredClone(sep!.data);
    broken.accounts[0]!.closing = '999.00';
    expect(checkStatementArithmetic(broken)).not.toEqual([]);
  });

  it('what was waiting at month end is listed, and returns and plan principal are shown per plan', async () => {
    const [sep, oct] = await statements(alice);
    for (const s of [sep!, oct!]) {
      expect(s.data.pending).toEqual([
        expect.objectContaining({
          kind: 'subscription',
          kind_label: 'Investment',
          amount: '600.00',
          account: 'deposit_wallet',
        }),
      ]);
    }
    expect(sep!.data.returns.plans).toEqual([
      expect.objectContaining({
        plan: 'gold',
        name: 'Gold',
        principal: '500.00',
        in_period: '0.00',
        to_date: '0.00',
      }),
    ]);
  });

  it('a second run of a month makes nothing new', async () => {
    const before = (await engine.db.query(`select id from public.statements order by id`)).rows;
    const again = await runMonth('2026-09');
    expect(again.made).toBe(0);
    expect(again.issued).toBeGreaterThan(0);
    expect((await engine.db.query(`select id from public.statements order by id`)).rows).toEqual(before);
  });

  it('the statement hash is the SHA-256 of its data and is in the audit chain', async () => {
    const [sep] = await statements(alice);
    expect(sep!.sha256).toBe(createHash('sha256').update(sep!.data_text, 'utf8').digest('hex'));
    const { rows } = await engine.db.query<{ after: { sha256: string; reference: string } }>(
      `select after from public.audit_events where kind = 'statement_issued' and member_id = $1 and after ->> 'statement' = $2`,
      [alice, String(sep!.id)],
    );
    expect(rows).toHaveLength(1);
    expect(json(rows[0]!.after)).toMatchObject({ sha256: sep!.sha256, reference: sep!.reference });
  });

  it('nobody changes or deletes a statement or its files, not even the service role or the owner of the tables', async () => {
    const [sep] = await statements(alice);
    await attach(sep!);
    for (const caller of [SERVICE, adminAtAal2(owner), member(alice)]) {
      for (const sql of [
        `update public.statements set data = '{}' where id = ${sep!.id}`,
        `delete from public.statements where id = ${sep!.id}`,
        `update public.statement_files set sha256 = '${'c'.repeat(64)}' where statement_id = ${sep!.id}`,
        `delete from public.statement_files where statement_id = ${sep!.id}`,
        `delete from public.statement_failures`,
        `update public.statement_runs set status = 'completed', finished_at = now()`,
      ]) {
        const outcome = await engine.db
          .transaction(async (tx) => {
            await tx.query(
              `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`,
              [
                caller.role,
                JSON.stringify(
                  caller.role === 'authenticated'
                    ? { sub: caller.uid, role: 'authenticated', aal: caller.aal ?? 'aal1' }
                    : { role: caller.role },
                ),
              ],
            );
            const r = await tx.query(sql);
            return r.affectedRows ?? 0;
          })
          .catch((e: unknown) => pgError(e).code);
        // Refused outright (no privilege, or the trigger), or matched no row it may see.
        expect([`42501`, 0]).toContain(outcome);
      }
    }
    const asPostgres = await engine.db
      .transaction(async (tx) => {
        await tx.query(`set local role postgres`);
        await tx.query(`update public.statements set data = '{}' where id = $1`, [sep!.id]);
      })
      .catch((e: unknown) => pgError(e).message);
    expect(asPostgres).toMatch(/Statements are permanent/);
    const [again] = await statements(alice);
    expect(again!.data_text).toBe(sep!.data_text);
  });

  it("storing the files tells the member, without figures; files are recorded once, under the member's folder", async () => {
    const [, oct] = await statements(alice);
    // The CSV is checked as the PDF is: the right PDF does not carry a CSV in another member's folder.
    await expect(
      rpc(SERVICE, 'select public.attach_statement_files($1, $2, $3, 1, $4, $5, 1) as r', [
        oct!.id,
        `${alice}/${oct!.reference}.pdf`,
        'a'.repeat(64),
        `${bruno}/${oct!.reference}.csv`,
        'b'.repeat(64),
      ]),
    ).rejects.toThrow(/files are named/);
    await expect(
      rpc(SERVICE, 'select public.attach_statement_files($1, $2, $3, 1, $4, $5, 1) as r', [
        oct!.id,
        `${bruno}/${oct!.reference}.pdf`,
        'a'.repeat(64),
        `${bruno}/${oct!.reference}.csv`,
        'b'.repeat(64),
      ]),
    ).rejects.toThrow(/files are named/);
    await attach(oct!);
    await expect(attach(oct!)).rejects.toThrow(/already has its files/);
    const { rows } = await engine.db.query<{ title: string; body: string }>(
      `select w.title, w.body from public.notifications n cross join lateral private.notice_words(n.event_id, n.kind, 'en') w
       where n.user_id = $1 and n.kind = 'statement_published' order by n.id`,
      [alice],
    );
    expect(rows.map((r) => r.title)).toEqual(['Statement ready', 'Statement ready']);
    expect(rows[1]!.body).toBe('Your October 2026 statement is ready. Download it on your Statement page.');
    expect(rows.map((r) => r.body).join(' ')).not.toMatch(/\$|[0-9]+\.[0-9]{2}/);
    // statement_issued is the staff's record: no notice of its own.
    expect(
      (
        await engine.db.query(
          `select 1 from public.notifications where user_id = $1 and kind = 'statement_issued'`,
          [alice],
        )
      ).rows,
    ).toEqual([]);
  });

  it('a correction is a new version naming the one it replaces; the first stays as it was', async () => {
    const [sep] = await statements(alice);
    const out = await rpc<{ reference: string; replaces: string }>(
      SERVICE,
      'select public.reissue_statement($1, $2, $3) as r',
      [sep!.data.member.account_number, '2026-09', 'Member name corrected'],
    );
    expect(out.replaces).toBe(sep!.reference);
    expect(out.reference).toBe(sep!.reference.replace(/-v1$/, '-v2'));
    const versions = (await statements(alice)).filter((s) => s.month === '2026-09');
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    expect(versions[0]!.data_text).toBe(sep!.data_text);
    expect(versions[1]!.replaces_id).toBe(sep!.id);
    expect(versions[1]!.data.replaces).toBe(sep!.reference);
    expect(versions[1]!.data.lines).toEqual(sep!.data.lines);
    await attach(versions[1]!);
    const { rows } = await engine.db.query<{ title: string; body: string }>(
      `select w.title, w.body from public.notifications n cross join lateral private.notice_words(n.event_id, n.kind, 'en') w
       where n.user_id = $1 and n.kind = 'statement_published' order by n.id desc limit 1`,
      [alice],
    );
    expect(rows[0]).toEqual({
      title: 'Corrected statement ready',
      body: `Your September 2026 statement is ready (version 2, replacing ${sep!.reference}). Download it on your Statement page.`,
    });
    for (const [args, message] of [
      [[sep!.data.member.account_number, '2026-09', ' '], /Say why/],
      [['LC00000000', '2026-09', 'x'], /No member has the account number/],
      [[sep!.data.member.account_number, '2026-08', 'x'], /no statement for August 2026/],
    ] as const) {
      await expect(
        rpc(SERVICE, 'select public.reissue_statement($1, $2, $3) as r', [...args]),
      ).rejects.toThrow(message);
    }
  });

  it('a run ends completed only when every statement of it has its files, and keeps its failures', async () => {
    const { rows } = await engine.db.query<{ id: number; month: string }>(
      `select id, to_char(month, 'YYYY-MM') as month from public.statement_runs where status = 'running' order by id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const oct = rows.find((r) => r.month === '2026-10')!;
    const unfiled = (
      await engine.db.query<{ id: number }>(
        `select s.id from public.statements s where s.run_id = $1
         and not exists (select 1 from public.statement_files f where f.statement_id = s.id) limit 1`,
        [oct.id],
      )
    ).rows[0]!;
    await rpc(SERVICE, 'select public.record_statement_failure($1, $2, $3) as r', [
      oct.id,
      unfiled.id,
      'Chromium crashed',
    ]);
    const finished = await rpc<{ status: string; missing: number }>(
      SERVICE,
      'select public.finish_statement_run($1) as r',
      [oct.id],
    );
    expect(finished.status).toBe('failed');
    expect(finished.missing).toBeGreaterThan(0);
    const failures = await engine.db.query<{ error: string; statement_id: string }>(
      `select error, statement_id::text from public.statement_failures where run_id = $1`,
      [oct.id],
    );
    expect(failures.rows).toEqual([{ error: 'Chromium crashed', statement_id: String(unfiled.id) }]);
    const events = await engine.db.query<{ kind: string }>(
      `select kind from public.audit_events where kind in ('statement_failed', 'statement_run_finished')
         and (after ->> 'run')::bigint = $1 order by id`,
      [oct.id],
    );
    expect(events.rows.map((e) => e.kind)).toEqual(['statement_failed', 'statement_run_finished']);
    await expect(rpc(SERVICE, 'select public.finish_statement_run($1) as r', [oct.id])).rejects.toThrow(
      /is not running/,
    );
  });

  it('members read their own statements and files; auditors and owners read all; other staff, anon and aal1 do not', async () => {
    const count = (caller: Caller, table: string, where = 'true') =>
      rpc<number>(caller, `select count(*)::int as r from public.${table} where ${where}`);
    const own = await count(member(alice), 'statements');
    expect(own).toBe((await statements(alice)).length);
    expect(await count(member(alice), 'statements', `user_id <> '${alice}'`)).toBe(0);
    expect(await count(member(alice), 'statement_files', `path not like '${alice}/%'`)).toBe(0);
    expect(await count(member(alice), 'statement_files')).toBeGreaterThan(0);
    expect(await count(member(alice), 'statement_runs')).toBe(0);
    expect(await count(member(bruno), 'statements', `user_id = '${alice}'`)).toBe(0);
    const total = Number(
      (await engine.db.query<{ n: string }>(`select count(*) as n from public.statements`)).rows[0]!.n,
    );
    for (const staff of [auditor, owner]) {
      expect(await count(adminAtAal2(staff), 'statements')).toBe(total);
      expect(await count(adminAtAal2(staff), 'statement_runs')).toBeGreaterThan(0);
      // At aal1 staff are members: their own statements only.
      expect(await count(member(staff), 'statements', `user_id <> '${staff}'`)).toBe(0);
    }
    for (const staff of [finance, support]) {
      expect(await count(adminAtAal2(staff), 'statements', `user_id <> '${staff}'`)).toBe(0);
      expect(await count(adminAtAal2(staff), 'statement_runs')).toBe(0);
    }
    await expect(count(ANON, 'statements')).rejects.toThrow(/permission denied/);
    // A member with an authenticator reads nothing at aal1.
    await addVerifiedFactor(engine.db, bruno);
    expect(await count(member(bruno), 'statements')).toBe(0);
    expect(await count({ role: 'authenticated', uid: bruno, aal: 'aal2' }, 'statements')).toBe(1);
    // Nor his statement's files: their rows name the member's folder and the files' hashes.
    const [october] = await statements(bruno);
    await attach(october!);
    expect(await count(member(bruno), 'statement_files')).toBe(0);
    expect(await count({ role: 'authenticated', uid: bruno, aal: 'aal2' }, 'statement_files')).toBe(2);
  });

  it('auditors and owners see each run with its totals and failures; nobody else does', async () => {
    const overview = await rpc<
      Array<{ month: string; status: string; made: number; published: number; failures: unknown[] }>
    >(adminAtAal2(auditor), `select json_agg(o) as r from public.statement_runs_overview() o`);
    const october = overview.find((r) => r.month === '2026-10' && r.status === 'failed')!;
    expect(october.made).toBeGreaterThan(october.published);
    expect(october.failures).toEqual([expect.objectContaining({ error: 'Chromium crashed' })]);
    for (const caller of [member(alice), adminAtAal2(finance), adminAtAal2(support), member(auditor)]) {
      await expect(
        rpc(caller, `select json_agg(o) as r from public.statement_runs_overview() o`),
      ).rejects.toThrow();
    }
  });

  it('the statements bucket: a member reads only their own folder, auditors and owners all, nobody else anything, and only the job writes', async () => {
    const names = [`${alice}/a.pdf`, `${bruno}/b.pdf`];
    await engine.db.transaction(async (tx) => {
      await tx.query(`select set_config('role', 'service_role', true)`);
      for (const name of names)
        await tx.query(
          `insert into storage.objects (bucket_id, name, owner_id) values ('statements', $1, null)`,
          [name],
        );
    });
    const visible = (caller: Caller) =>
      rpc<string[]>(
        caller,
        `select coalesce(json_agg(name order by name), '[]') as r from storage.objects where bucket_id = 'statements'`,
      );
    expect(await visible(member(alice))).toEqual([`${alice}/a.pdf`]);
    // Bruno has an authenticator (above): nothing at aal1, his own folder at aal2.
    expect(await visible(member(bruno))).toEqual([]);
    expect(await visible({ role: 'authenticated', uid: bruno, aal: 'aal2' })).toEqual([`${bruno}/b.pdf`]);
    expect(await visible(member(carla))).toEqual([]);
    for (const staff of [auditor, owner])
      expect(await visible(adminAtAal2(staff))).toEqual([...names].sort());
    for (const staff of [finance, support]) expect(await visible(adminAtAal2(staff))).toEqual([]);
    expect(await visible(ANON)).toEqual([]);
    // No policy lets a member or staff write: inserts and updates are refused, deletes match nothing.
    for (const caller of [member(alice), adminAtAal2(owner), adminAtAal2(auditor)]) {
      const insert = await rpc(
        caller,
        `insert into storage.objects (bucket_id, name) values ('statements', $1) returning 1 as r`,
        [`${alice}/forged.pdf`],
      ).then(
        () => 'ok',
        (e: unknown) => pgError(e).code,
      );
      expect(insert).toBe('42501');
      const updated = await rpc<number>(
        caller,
        `with u as (update storage.objects set name = name || '.x' where bucket_id = 'statements' returning 1) select count(*)::int as r from u`,
      );
      expect(updated).toBe(0);
    }
  });

  it('only the statement job makes, files, fails, finishes or corrects statements', async () => {
    const [sep] = await statements(alice);
    const calls: Array<[string, unknown[]]> = [
      [
        'select public.start_statement_run($1, $2, $3) as r',
        ['2026-09', JSON.stringify(FIRM), JSON.stringify(VALUATION)],
      ],
      ['select public.issue_statements($1, 1) as r', [1]],
      ['select public.record_statement_failure($1, $2, $3) as r', [1, sep!.id, 'x']],
      ['select public.finish_statement_run($1) as r', [1]],
      ['select public.reissue_statement($1, $2, $3) as r', [sep!.data.member.account_number, '2026-09', 'x']],
      ['select public.attach_statement_files($1, $2, $3, 1, $4, $5, 1) as r', [sep!.id, 'a', 'a', 'b', 'b']],
    ];
    for (const caller of [ANON, member(alice), adminAtAal2(owner), adminAtAal2(auditor)]) {
      for (const [sql, params] of calls) {
        const code = await rpc(caller, sql, params).then(
          () => 'ok',
          (e: unknown) => pgError(e).code,
        );
        expect(code, `${caller.role} ${sql}`).toBe('42501');
      }
    }
  });

  it("records the member's language when made: a later change leaves that version as it was; a correction reads it anew", async () => {
    const [oct] = await statements(bruno);
    expect(oct!.month).toBe('2026-10');
    expect(oct!.data.locale).toBe('en');
    // The names the database writes are the English statement words the other languages translate.
    for (const a of oct!.data.accounts) expect(a.label).toBe(statementWordsEn.accounts[a.account]);
    for (const line of oct!.data.lines)
      expect(line.kind_label).toBe(statementWordsEn.kinds[line.kind as keyof typeof statementWordsEn.kinds]);
    await engine.db.query(`update public.profiles set locale = 'ar' where id = $1`, [bruno]);
    await rpc(SERVICE, 'select public.reissue_statement($1, $2, $3) as r', [
      oct!.data.member.account_number,
      '2026-10',
      'Language changed',
    ]);
    const [first, second] = (await statements(bruno)).filter((s) => s.month === '2026-10');
    expect(first!.data_text).toBe(oct!.data_text);
    expect(first!.data.locale).toBe('en');
    expect(second!.data.locale).toBe('ar');
    expect(second!.data.lines).toEqual(oct!.data.lines);
    await expect(
      engine.db.query(`update public.profiles set locale = 'fr' where id = $1`, [bruno]),
    ).rejects.toThrow(/locale/);
  });

  it('a second correction replaces the latest version, not the first', async () => {
    const september = (await statements(alice)).filter((s) => s.month === '2026-09');
    const latest = september[september.length - 1]!;
    expect(latest.version).toBeGreaterThan(1);
    const out = await rpc<{ reference: string; replaces: string }>(
      SERVICE,
      'select public.reissue_statement($1, $2, $3) as r',
      [latest.data.member.account_number, '2026-09', 'Address corrected'],
    );
    expect(out.replaces).toBe(latest.reference);
    expect(out.reference).toBe(latest.reference.replace(/-v\d+$/, `-v${latest.version + 1}`));
  });
});
