/**
 * The audit log (issue 22): the database writes a hash-chained event for every privileged change,
 * nobody can change or delete one through any role, and an edit or deletion made around the API (as
 * the table owner, with the guard triggers disabled) is found by verify_audit_chain. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addVerifiedFactor,
  adminAtAal2,
  addActiveAddress,
  callAs,
  createUser,
  engines,
  makeAdmin,
  outcome,
  probe,
  payoutArgs,
  type Caller,
  type Engine,
} from './helpers/db';

interface Verdict {
  intact: boolean;
  /** Whether the walk is over: a break was found or the end of the log was reached. */
  done: boolean;
  checked: number;
  intact_through: number | null;
  broken_at: number | null;
  problem: string | null;
}

describe.each(engines)('audit log on %s', (_name, open) => {
  let engine: Engine;
  let owner: Caller;
  let finance: Caller;
  let auditor: Caller;
  let member: { id: string; email: string };
  const SERVICE: Caller = { role: 'service_role' };

  const rpc = <T>(caller: Caller, sql: string, params: unknown[] = []) =>
    callAs<T>(engine.db, caller, sql, params);
  const verify = (caller: Caller = auditor) =>
    rpc<Verdict>(caller, 'select public.verify_audit_chain() as r');

  /**
   * The walk as the browser makes it: ranges of `size` events, each after the last one checked,
   * until one says it is done. Answers the last range's verdict with `checked` summed, and how many
   * calls it took.
   */
  const walkInRanges = async (
    size: number,
    call: (after: number | null, limit: number) => Promise<Verdict>,
  ): Promise<Verdict & { calls: number }> => {
    let after: number | null = null;
    let checked = 0;
    for (let calls = 1; ; calls += 1) {
      const range = await call(after, size);
      checked += range.checked;
      if (range.done) return { ...range, checked, calls };
      expect(range).toMatchObject({ intact: true, broken_at: null, problem: null, checked: size });
      // Each range moves on, or the walk would never end.
      expect(range.intact_through).toBeGreaterThan(after ?? 0);
      after = range.intact_through;
    }
  };
  const rangeAs =
    (caller: Caller) =>
    (after: number | null, limit: number): Promise<Verdict> =>
      rpc<Verdict>(caller, 'select public.verify_audit_chain($1, $2) as r', [after, limit]);

  beforeAll(async () => {
    engine = await open();
    const db = engine.db;
    const o = await createUser(db, { email: 'owner@audit.test' });
    const f = await createUser(db, { email: 'finance@audit.test' });
    const a = await createUser(db, { email: 'auditor@audit.test' });
    member = await createUser(db, { email: 'member@audit.test' });
    await addActiveAddress(db, member.id, 1, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
    await makeAdmin(db, o.id);
    await makeAdmin(db, f.id, 'finance');
    await makeAdmin(db, a.id, 'auditor');
    [owner, finance, auditor] = [adminAtAal2(o.id), adminAtAal2(f.id), adminAtAal2(a.id)];

    // A day's privileged work: a correction proposed and approved, a withdrawal approved by one
    // admin and paid by another, an address edit, a role change, an authenticator reset.
    await rpc(
      SERVICE,
      `select public.operator_post_correction($1, 'interest_wallet', '100.00', 'opening') as r`,
      [member.id],
    );
    const proposal = await rpc<{ id: number }>(
      finance,
      `select public.propose_correction($1, 'referral', '7.00', 'goodwill', 'loyalty bonus') as r`,
      [member.id],
    );
    await rpc(owner, 'select public.approve_transfer($1) as r', [proposal.id]);
    const request = await rpc<{ id: number }>(
      { role: 'authenticated', uid: member.id },
      `select public.file_withdrawal_request(1::smallint, 'interest_wallet', '30.00', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa') as r`,
    );
    await rpc(finance, `select public.review_withdrawal_request($1, 'approve', null) as r`, [request.id]);
    await rpc(owner, `select public.review_withdrawal_request($1, 'pay', null, $2, $3, $4, $5) as r`, [
      request.id,
      ...payoutArgs('30.00'),
    ]);
    // Addresses and roles change by proposal (staff-proposals.test.ts); the operator path is the service role's.
    await rpc(
      SERVICE,
      `select public.update_deposit_wallet(1::smallint, '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', true, 'new cold wallet') as r`,
    );
    await rpc(SERVICE, `select public.set_staff_role('finance@audit.test', 'support') as r`);
    await rpc(SERVICE, `select public.set_staff_role('finance@audit.test', 'finance') as r`);
    await addVerifiedFactor(db, member.id);
    await rpc(owner, `select public.admin_reset_mfa($1, 'lost phone') as r`, [member.id]);
  });

  afterAll(async () => {
    await engine?.close();
  });

  it('records every privileged event with actor, role, member, before/after and reason', async () => {
    const { rows } = await engine.db.query<{
      kind: string;
      actor_role: string;
      member_id: string | null;
      reason: string | null;
    }>(`select kind, actor_role, member_id, reason from public.audit_events order by id`);
    const kinds = rows.map((r) => r.kind);
    for (const kind of [
      'role_granted',
      'ledger_entry',
      'transfer_pending',
      'transfer_posted',
      'withdrawal_approved',
      'withdrawal_paid',
      'address_edit',
      'role_changed',
      'mfa_reset',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    expect(rows.find((r) => r.kind === 'transfer_pending' && r.member_id === member.id)).toMatchObject({
      actor_role: 'finance',
      member_id: member.id,
      reason: 'loyalty bonus',
    });
    expect(rows.find((r) => r.kind === 'transfer_posted' && r.reason === 'loyalty bonus')).toMatchObject({
      actor_role: 'owner',
      member_id: member.id,
    });
    // The last one: the test database's own wallets were opened by address edits before this suite.
    expect(rows.filter((r) => r.kind === 'address_edit').at(-1)).toMatchObject({
      reason: 'new cold wallet',
      member_id: null,
    });
    // The approval's ledger entry comes after the proposal and names the approver's role.
    const bonus = rows.filter((r) => r.kind === 'ledger_entry' && r.reason === 'loyalty bonus');
    expect(bonus).toEqual([
      { kind: 'ledger_entry', actor_role: 'owner', member_id: member.id, reason: 'loyalty bonus' },
    ]);
  });

  it('the chain verifies, for auditors and owners only', async () => {
    const verdict = await verify();
    expect(verdict).toMatchObject({ intact: true, broken_at: null });
    expect(verdict.checked).toBeGreaterThan(10);
    expect(await outcome(() => verify(finance))).toBe('42501');
    expect(await outcome(() => verify({ role: 'authenticated', uid: member.id }))).toBe('42501');
    for (const caller of [finance, { role: 'authenticated', uid: member.id } as Caller]) {
      expect(await outcome(() => rangeAs(caller)(null, 5))).toBe('42501');
    }
  });

  it('walks in ranges to the same verdict as one pass, whatever the range size', async () => {
    const whole = await verify(owner);
    expect(whole).toMatchObject({ intact: true, done: true });
    const events = whole.checked;
    for (const size of [1, 2, 3, 7, events - 1, events, events + 1, 500_000]) {
      const walked = await walkInRanges(size, rangeAs(auditor));
      expect(walked, `ranges of ${size}`).toEqual({
        ...whole,
        // A range exactly as long as the log ends with an empty one that checks the head.
        calls: Math.floor(events / size) + 1,
      });
    }
    // After the last event: nothing left to check, and the end still matches the head.
    expect(await rangeAs(auditor)(whole.intact_through, 10)).toEqual({ ...whole, checked: 0 });
  });

  it('refuses a range of no events or of more than 500,000', async () => {
    for (const limit of [0, -1, 500_001]) {
      await expect(rangeAs(auditor)(null, limit)).rejects.toMatchObject({
        code: '22023',
        message: 'A range of the audit log is 1 to 500000 events.',
      });
    }
  });

  it('verifies with the very hash the writer computes (verify_audit_chain inlines private.audit_hash)', async () => {
    // The walk writes the hash expression inline for speed (migration 20261124007400); a change to
    // one without the other would report every event as changed, or miss an edit.
    const { rows } = await engine.db.query<{ name: string; src: string }>(
      `select p.proname as name, p.prosrc as src from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where (n.nspname, p.proname) in (('private', 'audit_hash'), ('public', 'verify_audit_chain'))`,
    );
    const expression = (name: string) => {
      const src = rows.find((r) => r.name === name)!.src.replace(/\s+/g, ' ');
      return src.slice(src.indexOf("encode(sha256(convert_to(concat_ws('|',"), src.indexOf("'hex')") + 6);
    };
    expect(expression('audit_hash')).toContain('e.prev_hash');
    expect(expression('verify_audit_chain')).toBe(expression('audit_hash'));
  });

  it('no role can change or delete an event, not even the table owner through the API path', async () => {
    for (const caller of [
      owner,
      auditor,
      finance,
      SERVICE,
      { role: 'authenticated', uid: member.id } as Caller,
    ]) {
      for (const sql of [
        `update public.audit_events set reason = 'rewritten'`,
        `delete from public.audit_events`,
        `insert into public.audit_events (actor_role, kind, prev_hash, hash) values ('owner', 'forged', 'x', 'y')`,
      ]) {
        expect(await outcome(() => probe(engine.db, caller, (tx) => tx.query(sql))), sql).toBe('42501');
      }
    }
    await expect(engine.db.query(`update public.audit_events set reason = 'x'`)).rejects.toMatchObject({
      code: '42501',
    });
    // Notifications reference events, so a plain truncate already fails on the foreign key; with
    // cascade it reaches the table's own guard, which must refuse it too.
    await expect(engine.db.query(`truncate public.audit_events`)).rejects.toThrow();
    await expect(engine.db.query(`truncate public.audit_events cascade`)).rejects.toMatchObject({
      code: '42501',
    });
    expect(
      Number(
        (await engine.db.query<{ n: string }>(`select count(*) as n from public.audit_events`)).rows[0]!.n,
      ),
    ).toBeGreaterThan(0);
  });

  /**
   * What `read` finds, as the service role, after the table owner ran `sql` with the guard trigger
   * off, all in one transaction that is rolled back, so the real chain is untouched. `read` gets a
   * caller of one jsonb-answering function (`select … as v`).
   */
  const afterTamper = async <T>(
    sql: string,
    params: unknown[],
    read: (call: <R>(query: string, args: unknown[]) => Promise<R>) => Promise<T>,
  ): Promise<T> => {
    const ROLLBACK = new Error('rollback');
    let seen: { value: T } | undefined;
    await engine.db
      .transaction(async (tx) => {
        await tx.query('alter table public.audit_events disable trigger audit_events_no_update_delete');
        await tx.query(sql, params);
        await tx.query('alter table public.audit_events enable trigger audit_events_no_update_delete');
        await tx.query(
          `select set_config('role', 'service_role', true), set_config('request.jwt.claims', '{"role":"service_role"}', true)`,
        );
        const call = async <R>(query: string, args: unknown[]): Promise<R> => {
          const v = (await tx.query<{ v: R | string }>(query, args)).rows[0]!.v;
          return (typeof v === 'string' ? JSON.parse(v) : v) as R;
        };
        seen = { value: await read(call) };
        throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
    return seen!.value;
  };

  /** verify_audit_chain after the tamper: one pass, or walked in ranges of `rangeSize`. */
  const verifyAfterTamper = (sql: string, params: unknown[], rangeSize: number | null = null) =>
    afterTamper(sql, params, async (call) => {
      const range = (after: number | null, limit: number | null) =>
        call<Verdict>('select public.verify_audit_chain($1, $2) as v', [after, limit]);
      if (rangeSize === null) return range(null, null);
      const { calls: _calls, ...walked } = await walkInRanges(rangeSize, range);
      return walked as Verdict;
    });

  it('detects an event edited or deleted around the API by the table owner', async () => {
    const { rows } = await engine.db.query<{ id: string }>(
      `select id::text from public.audit_events where kind = 'transfer_posted' and reason = 'loyalty bonus'`,
    );
    const target = Number(rows[0]!.id);
    const tampered = (sql: string) => verifyAfterTamper(sql, [target]);
    // Someone makes the approval look like someone else's.
    const edited = await tampered(`update public.audit_events set actor_role = 'support' where id = $1`);
    expect(edited).toMatchObject({
      intact: false,
      broken_at: target,
      intact_through: target - 1,
      problem: 'This event was changed after it was written.',
    });
    // Someone removes the approval from the record.
    const removed = await tampered(`delete from public.audit_events where id = $1`);
    expect(removed).toMatchObject({ intact: false, intact_through: target - 1 });
    expect(removed.broken_at).toBeGreaterThan(target);
    expect(removed.problem).toMatch(/^The link to the previous event does not match/);
    // Rolled back: the real chain is whole again.
    expect(await verify()).toMatchObject({ intact: true });
  });

  it('detects a tamper of every column in turn, the columns read from the catalogue', async () => {
    // A new column is covered the day it is added: its type must have a tamper below, or this fails.
    const tamperOf: Record<string, (column: string) => string> = {
      identity: (c) => `${c} = default`,
      bigint: (c) => `${c} = ${c} + 1000000`,
      text: (c) => `${c} = coalesce(${c}, '') || 'x'`,
      jsonb: (c) => `${c} = coalesce(${c}, '{}'::jsonb) || '{"tampered":true}'::jsonb`,
      uuid: (c) => `${c} = gen_random_uuid()`,
      'timestamp with time zone': (c) => `${c} = ${c} + interval '1 microsecond'`,
    };
    const { rows: columns } = await engine.db.query<{ name: string; type: string }>(
      // An identity column (generated always) can only be set to its next value: that is its tamper.
      `select a.attname as name,
         case when a.attidentity = 'a' then 'identity' else format_type(a.atttypid, a.atttypmod) end as type
       from pg_attribute a
       where a.attrelid = 'public.audit_events'::regclass and a.attnum > 0 and not a.attisdropped
       order by a.attnum`,
    );
    expect(columns.map((c) => c.name)).toEqual(
      expect.arrayContaining(['id', 'occurred_at', 'reason', 'hash']),
    );
    const { rows } = await engine.db.query<{ id: string }>(
      `select id::text from public.audit_events where kind = 'transfer_posted' and reason = 'loyalty bonus'`,
    );
    const target = Number(rows[0]!.id);
    for (const { name, type } of columns) {
      const tamper = tamperOf[type];
      expect(tamper, `no tamper written for ${name} (${type})`).toBeDefined();
      const verdict = await verifyAfterTamper(
        `update public.audit_events set ${tamper!(`"${name}"`)} where id = $1`,
        [target],
      );
      expect(verdict, name).toMatchObject({ intact: false, intact_through: target - 1 });
      // Walked in ranges, the same verdict.
      expect(
        await verifyAfterTamper(
          `update public.audit_events set ${tamper!(`"${name}"`)} where id = $1`,
          [target],
          2,
        ),
        name,
      ).toEqual(verdict);
    }
  });

  it('finds every edited or deleted event in ranges, at and across range edges, as one pass does', async () => {
    const { rows } = await engine.db.query<{ id: string }>(
      `select id::text from public.audit_events order by id`,
    );
    const ids = rows.map((r) => Number(r.id));
    for (const target of ids) {
      for (const [what, sql] of [
        ['edited', `update public.audit_events set reason = 'rewritten' where id = $1`],
        [
          'deleted',
          `with gone as (delete from public.notifications where event_id = $1) delete from public.audit_events where id = $1`,
        ],
      ] as const) {
        const whole = await verifyAfterTamper(sql, [target]);
        // The newest event deleted is a truncated tail (the test below); any other is a break.
        expect(whole.intact, `event ${target} ${what}`).toBe(false);
        for (const size of [1, 2, 3, 4]) {
          expect(
            await verifyAfterTamper(sql, [target], size),
            `event ${target} ${what}, ranges of ${size}`,
          ).toEqual(whole);
        }
      }
    }
  }, 180_000);

  interface Anchor {
    event_id: number;
    hash: string;
  }
  interface AnchorCheck {
    matches: boolean;
    event_id: number;
    problem: string | null;
  }
  const takeAnchor = (caller: Caller = auditor) =>
    rpc<Anchor>(caller, 'select public.audit_chain_anchor() as r');
  const checkAnchor = (anchor: { event_id: number | null; hash: string | null }, caller: Caller = auditor) =>
    rpc<AnchorCheck>(caller, 'select public.check_audit_anchor($1, $2) as r', [anchor.event_id, anchor.hash]);

  /** What verify_audit_chain and check_audit_anchor say of `anchor` after the tamper. */
  const afterRewrite = (sql: string, params: unknown[], anchor: Anchor) =>
    afterTamper(sql, params, async (call) => ({
      verdict: await call<Verdict>('select public.verify_audit_chain() as v', []),
      check: await call<AnchorCheck>('select public.check_audit_anchor($1, $2) as v', [
        anchor.event_id,
        anchor.hash,
      ]),
    }));

  it('hands out an anchor (the newest event and its hash) that checks out, to auditors and owners only', async () => {
    const anchor = await takeAnchor();
    const { rows } = await engine.db.query<{ id: string; hash: string }>(
      'select e.id::text as id, e.hash from public.audit_events e order by e.id desc limit 1',
    );
    expect(anchor).toMatchObject({ event_id: Number(rows[0]!.id), hash: rows[0]!.hash });
    expect(await checkAnchor(anchor)).toEqual({ matches: true, event_id: anchor.event_id, problem: null });
    // Kept in capitals, or with the spaces a copy picks up, it is the same anchor.
    expect(await checkAnchor({ ...anchor, hash: ` ${anchor.hash.toUpperCase()} ` })).toMatchObject({
      matches: true,
    });
    expect(await takeAnchor(owner)).toMatchObject({ event_id: anchor.event_id });
    for (const caller of [finance, { role: 'authenticated', uid: member.id } as Caller]) {
      expect(await outcome(() => takeAnchor(caller))).toBe('42501');
      expect(await outcome(() => checkAnchor(anchor, caller))).toBe('42501');
    }
    expect(await outcome(() => takeAnchor({ role: 'anon' }))).toBe('42501');
  });

  it('refuses an anchor that is not an event number and a 64-character hash', async () => {
    const anchor = await takeAnchor();
    for (const bad of [
      { event_id: null, hash: anchor.hash },
      { event_id: 0, hash: anchor.hash },
      { event_id: anchor.event_id, hash: null },
      { event_id: anchor.event_id, hash: anchor.hash.slice(1) },
      { event_id: anchor.event_id, hash: `${anchor.hash.slice(1)}g` },
    ]) {
      await expect(checkAnchor(bad), JSON.stringify(bad)).rejects.toMatchObject({
        code: '22023',
        message: 'An anchor is an event number and the 64-character hash kept with it.',
      });
    }
  });

  it('an anchor kept outside catches a log rewritten whole, which the chain alone calls intact', async () => {
    const anchor = await takeAnchor();
    const { rows } = await engine.db.query<{ id: string }>(
      `select id::text from public.audit_events where kind = 'transfer_posted' and reason = 'loyalty bonus'`,
    );
    const target = Number(rows[0]!.id);
    // The table owner edits the approval, recomputes every hash from it on and moves the head to match.
    const rewrite = `do $$
      declare e public.audit_events; prev text;
      begin
        update public.audit_events set actor_role = 'support' where id = ${target};
        select hash into prev from public.audit_events where id < ${target} order by id desc limit 1;
        for e in select * from public.audit_events where id >= ${target} order by id loop
          e.prev_hash := coalesce(prev, repeat('0', 64));
          e.hash := private.audit_hash(e);
          update public.audit_events set prev_hash = e.prev_hash, hash = e.hash where id = e.id;
          prev := e.hash;
        end loop;
        update private.audit_chain_head set last_hash = prev where singleton;
      end $$`;
    const rewritten = await afterRewrite(rewrite, [], anchor);
    expect(rewritten.verdict).toMatchObject({ intact: true });
    expect(rewritten.check).toEqual({
      matches: false,
      event_id: anchor.event_id,
      problem: `Event #${anchor.event_id} no longer has the hash you kept: the log up to it was rewritten.`,
    });
    // The log cut back to before the anchor, head and all.
    const cut = await afterRewrite(
      `with gone as (delete from public.notifications where event_id >= $1) delete from public.audit_events where id >= $1`,
      [anchor.event_id],
      anchor,
    );
    expect(cut.check.problem).toBe(
      `Event #${anchor.event_id} is not in the log: it, or the log up to it, was removed.`,
    );
    // The anchored event itself edited, its hash left as it was.
    const edited = await afterRewrite(
      `update public.audit_events set reason = 'rewritten' where id = $1`,
      [anchor.event_id],
      anchor,
    );
    expect(edited.check.problem).toBe(`Event #${anchor.event_id} was changed after it was written.`);
    // Rolled back: the anchor checks out again.
    expect(await checkAnchor(anchor)).toMatchObject({ matches: true });
  });

  it('detects the newest events deleted by the table owner (a truncated tail)', async () => {
    const { rows } = await engine.db.query<{ id: string }>(
      `select e.id::text as id from public.audit_events e order by e.id desc limit 3`,
    );
    const newest = Number(rows[0]!.id);
    const keptThrough = Number(rows[2]!.id) - 1;
    // The owner removes the notifications that name those events first (their foreign key), then the events.
    const verdict = await verifyAfterTamper(
      'with gone as (delete from public.notifications where event_id > $1) delete from public.audit_events where id > $1',
      [keptThrough],
    );
    // Every remaining link still matches; only the head kept beside the log tells.
    expect(verdict).toMatchObject({ intact: false, intact_through: keptThrough, broken_at: newest });
    for (const size of [1, 2, 5]) {
      expect(
        await verifyAfterTamper(
          'with gone as (delete from public.notifications where event_id > $1) delete from public.audit_events where id > $1',
          [keptThrough],
          size,
        ),
        `ranges of ${size}`,
      ).toEqual(verdict);
    }
    expect(verdict.problem).toMatch(
      /^The newest events were removed: the log ends at event \d+, but \d+ events were written, the last being event \d+\.$/,
    );
    // The head itself is out of reach of every API role and only moves forward, even for its owner.
    for (const caller of [owner, auditor, SERVICE]) {
      expect(
        await outcome(() =>
          probe(engine.db, caller, (tx) => tx.query('update private.audit_chain_head set events = 0')),
        ),
      ).toBe('42501');
    }
    await expect(engine.db.query('update private.audit_chain_head set events = 0')).rejects.toMatchObject({
      code: '42501',
    });
    expect(await verify()).toMatchObject({ intact: true });
  });

  it('detects the newest event rewritten with its hash recomputed: the head kept the hash it wrote', async () => {
    // The newest event has no successor whose link would break, so only the head beside the log tells.
    const { rows } = await engine.db.query<{ id: string }>(
      `select max(id)::text as id from public.audit_events`,
    );
    const newest = Number(rows[0]!.id);
    const rewrite = `do $$ begin
      update public.audit_events set reason = 'rewritten' where id = ${newest};
      update public.audit_events a set hash = private.audit_hash(a) where id = ${newest};
    end $$`;
    const { rows: before } = await engine.db.query<{ id: string }>(
      `select max(id)::text as id from public.audit_events where id < $1`,
      [newest],
    );
    const verdict = await verifyAfterTamper(rewrite, []);
    // Said as a change, not as removed events: every event is still there.
    expect(verdict).toMatchObject({
      intact: false,
      intact_through: Number(before[0]!.id),
      broken_at: newest,
      problem:
        'This event was changed after it was written: its hash is not the one the chain head recorded.',
    });
    for (const size of [1, 2, 5]) {
      expect(await verifyAfterTamper(rewrite, [], size), `ranges of ${size}`).toEqual(verdict);
    }
    expect(await verify()).toMatchObject({ intact: true });
  });

  it('names the actor of an event the service role wrote "service", and of one the database wrote alone "system"', async () => {
    const latest = async () =>
      (
        await engine.db.query<{ actor_role: string; actor_id: string | null }>(
          `select actor_role, actor_id from public.audit_events where member_id = $1 order by id desc limit 1`,
          [member.id],
        )
      ).rows[0];
    await rpc(
      SERVICE,
      `select public.operator_post_correction($1, 'referral', '1.00', 'by the service role') as r`,
      [member.id],
    );
    expect(await latest()).toEqual({ actor_role: 'service', actor_id: null });
    await engine.db.query(
      `select public.operator_post_correction($1, 'referral', '1.00', 'by the table owner')`,
      [member.id],
    );
    expect(await latest()).toEqual({ actor_role: 'system', actor_id: null });
  });
});
