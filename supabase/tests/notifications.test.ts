/**
 * Notifications and /user/activity (issues 22 and 23), both derived from the audit log by one
 * mapping (private.member_event_words). Every kind the database can write is checked for words; real
 * flows (a balance change approved by a second admin, a withdrawal review) produce notices without
 * staff e-mail addresses; the kinds other features write are fed to private.audit directly; the
 * available_at boundary, the owner-only mark-as-read and keyset paging of my_activity. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../local/db/engine';
import {
  addActiveAddress,
  adminAtAal2,
  asCaller,
  becomeCaller,
  createUser,
  engines,
  createStaff,
  makeAdmin,
  outcome,
  probe,
  type Caller,
  type Engine,
} from './helpers/db';

interface Notice {
  id: string;
  kind: string;
  title: string;
  body: string;
  read_at: string | null;
}

interface Activity {
  id: string;
  kind: string;
  actor: string;
  title: string;
  body: string;
}

/** Kinds that features built beside this one write with private.audit (common brief, session 4). */
const KINDS_FROM_OTHER_FEATURES: Record<string, Record<string, unknown>> = {
  address_added: {
    id: 1,
    asset: 'XRP',
    network: 'ripple',
    label: 'Cold wallet',
    address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
    destination_tag: '12345',
    usable_from: '2030-01-02T03:04:00Z',
  },
  address_removed: {
    id: 1,
    asset: 'BTC',
    network: 'bitcoin',
    label: 'Old',
    address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
  },
  withdrawals_frozen: { frozen_by_member: true },
  withdrawals_unfrozen: { proposal_id: 4 },
  member_password_changed: {},
  member_factor_enrolled: { factor_id: 'f1', friendly_name: 'Phone' },
  member_factor_removed: { factor_id: 'f1', friendly_name: 'Phone' },
  statement_published: {
    statement: 3,
    reference: 'LC10000001-2026-10-v1',
    period_label: 'October 2026',
    version: 1,
  },
};

/** The address of the address_added fixture: its notices are found by it among the member's others. */
const FIXTURE_XRP_ADDRESS = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';

/** Kinds that are staff's internal review: the member hears of the outcome through other events. */
const SILENT = /^(staff_proposal|transfer)_|^statement_(issued|failed)$/;

describe.each(engines)('notifications on %s', (_name, open) => {
  let engine: Engine;
  let owner: Caller;
  let finance: Caller;
  let member: { id: string; email: string };
  let other: { id: string; email: string };
  let ownerUser: { id: string; email: string };
  let financeUser: { id: string; email: string };
  const SERVICE: Caller = { role: 'service_role' };
  const asMember = (): Caller => ({ role: 'authenticated', uid: member.id });
  const asOther = (): Caller => ({ role: 'authenticated', uid: other.id });

  const one = async <T>(caller: Caller, sql: string, params: unknown[] = []): Promise<T> =>
    asCaller(engine.db, caller, async (tx) => {
      const { rows } = await tx.query<{ r: T }>(sql, params);
      return rows[0]!.r;
    });
  /**
   * The notices `caller` can see in the table (its policy decides), each with its words as the
   * member reads them (private.notice_words, read with the owner's rights once the rows are known).
   */
  const notices = (caller: Caller, tx?: Queryable) => {
    const read = async (q: Queryable) => {
      const visible = await q.query<{ id: string }>(
        `select id::text from public.notifications order by available_at desc, id desc`,
      );
      await q.query('reset role');
      const { rows } = await q.query<Notice>(
        `select n.id::text, n.kind, w.title, w.body, n.read_at
         from unnest($1::bigint[]) with ordinality as v(id, at)
         join public.notifications n on n.id = v.id
         cross join lateral private.notice_words(n.event_id, n.kind, 'en') w
         order by v.at`,
        [visible.rows.map((r) => r.id)],
      );
      return rows;
    };
    return tx ? read(tx) : asCaller(engine.db, caller, read);
  };
  const audit = (
    q: Queryable,
    kind: string,
    memberId: string,
    after: unknown,
    reason: string | null = null,
  ) =>
    q.query(`select private.audit($1, $2, null, $3::jsonb, $4)`, [
      kind,
      memberId,
      JSON.stringify(after),
      reason,
    ]);

  beforeAll(async () => {
    engine = await open();
    const db = engine.db;
    ownerUser = await createUser(db, { email: 'owner@notify.test' });
    financeUser = await createUser(db, { email: 'finance@notify.test' });
    member = await createUser(db, { email: 'member@notify.test' });
    other = await createUser(db, { email: 'other@notify.test' });
    await makeAdmin(db, ownerUser.id);
    await makeAdmin(db, financeUser.id, 'finance');
    [owner, finance] = [adminAtAal2(ownerUser.id), adminAtAal2(financeUser.id)];

    await asCaller(db, SERVICE, (tx) =>
      tx.query(`select public.operator_post_correction($1, 'interest_wallet', '100.00', 'opening')`, [
        member.id,
      ]),
    );
    const proposal = await one<number>(
      finance,
      `select (public.propose_correction($1, 'interest_wallet', '15.00', 'goodwill', 'loyalty bonus') ->> 'id')::int as r`,
      [member.id],
    );
    await asCaller(db, owner, (tx) => tx.query('select public.approve_transfer($1)', [proposal]));
    // Money leaves only to an active address-book entry.
    await addActiveAddress(db, member.id, 1, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
    const request = await one<number>(
      asMember(),
      `select (public.file_withdrawal_request(1::smallint, 'interest_wallet', '30.00', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa') ->> 'id')::int as r`,
    );
    await asCaller(db, finance, (tx) =>
      tx.query(`select public.review_withdrawal_request($1, 'approve', null)`, [request]),
    );
  });

  afterAll(async () => {
    await engine?.close();
  });

  it('has words for every kind of event the database can write about a member', async () => {
    const db = engine.db;
    // Kinds named literally in a call to private.audit anywhere in the database's functions.
    const { rows: sources } = await db.query<{ src: string }>(
      `select p.prosrc as src from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'private') and p.prosrc like '%private.audit(%'`,
    );
    const literal = new Set<string>();
    for (const { src } of sources) {
      for (const m of src.matchAll(/private\.audit\(\s*'([a-z_]+)'/g)) literal.add(m[1]!);
    }
    // Kinds built from a status column ('proposal_' || status, …): every status its check allows.
    const statuses = async (table: string) => {
      const { rows } = await db.query<{ def: string }>(
        `select pg_get_constraintdef(c.oid) as def from pg_constraint c
         where c.conrelid = $1::regclass and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%status = ANY%'`,
        [`public.${table}`],
      );
      return [...(rows[0]?.def ?? '').matchAll(/'([a-z]+)'::text/g)].map((m) => m[1]!);
    };
    const built = [
      ...(await statuses('staff_proposals')).map((s) => `staff_proposal_${s}`),
      // The phases of a transfer (private.audit_transfer picks one by a case expression).
      'transfer_pending',
      'transfer_posted',
      'transfer_voided',
      ...(await statuses('withdrawal_requests')).map((s) => `withdrawal_${s}`),
      ...(await statuses('deposit_notices')).map((s) => `deposit_notice_${s}`),
    ];
    const kinds = [...new Set([...literal, ...built, ...Object.keys(KINDS_FROM_OTHER_FEATURES)])].sort();
    // The scan found the writers it should (so it cannot pass by finding nothing).
    expect(kinds).toEqual(
      expect.arrayContaining([
        'ledger_entry',
        'mfa_reset',
        'role_granted',
        'withdrawal_paid',
        'transfer_pending',
        'deposit_notice_valued',
      ]),
    );
    for (const kind of kinds) {
      const { rows } = await db.query<{ variant: string; title: string; body: string }>(
        `select w.variant, w.title, w.body from private.member_event_words(
           row(1, now(), $1, 'finance', $2, $3, '{"role":"support","email":"old@notify.test"}'::jsonb,
               $4::jsonb, 'a reason', 'p', 'h')::public.audit_events) w`,
        [
          financeUser.id,
          member.id,
          kind,
          JSON.stringify(
            KINDS_FROM_OTHER_FEATURES[kind] ?? {
              account: 'interest_wallet',
              balance_before: '10.00',
              balance_after: '15.00',
              source: 'admin_edit',
              status: kind.split('_').pop(),
              id: 7,
              amount: '30.00',
              quantity: '0.5',
              asset: 'BTC',
              role: 'finance',
              email: 'new@notify.test',
            },
          ),
        ],
      );
      if (
        SILENT.test(kind) ||
        [
          'address_edit',
          'firm_settings_changed',
          'plan_terms_changed',
          'statement_run_started',
          'statement_run_finished',
        ].includes(kind)
      ) {
        // address_edit names no member (a deposit wallet), nor do the firm's settings or a plan's
        // terms; proposals are staff's review.
        if (SILENT.test(kind) || kind !== 'address_edit') expect(rows, kind).toEqual([]);
        continue;
      }
      expect(rows.length, kind).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.variant, `${kind} has no words in private.member_event_words`).not.toBe('unknown');
        expect(row.title.length, kind).toBeGreaterThan(3);
        expect(row.body, kind).not.toMatch(/%s|null|undefined|notify\.test.*finance/);
      }
    }
    // The guard itself: a kind nobody mapped is still announced, and the loop above would catch it.
    const { rows } = await db.query<{ variant: string }>(
      `select w.variant from private.member_event_words(
         row(1, now(), null, 'system', $1, 'brand_new_kind', null, null, null, 'p', 'h')::public.audit_events) w`,
      [member.id],
    );
    expect(rows).toEqual([{ variant: 'unknown' }]);
  });

  it('announces a balance change approved by a second admin in words, with the reason, without staff e-mails', async () => {
    const mine = await notices(asMember());
    const bodies = mine.map((n) => n.body);
    expect(bodies).toContain('Liquid Capital changed your Interest Wallet from $0.00 to $100.00: opening');
    expect(bodies).toContain(
      'An administrator changed your Interest Wallet from $100.00 to $115.00: loyalty bonus',
    );
    expect(mine.map((n) => n.kind)).not.toContain('transfer_pending');
    expect(mine.map((n) => n.kind)).not.toContain('transfer_posted');
    expect(mine.find((n) => n.kind === 'withdrawal_approved')?.body).toMatch(
      /^Our finance team approved your withdrawal request #\d+ for \$30\.00\.$/,
    );
    // Amounts read as everywhere else in the portal: dollars, thousands separated, always two decimals.
    const usd = async (amount: string) =>
      (await engine.db.query<{ w: string }>(`select private.usd_words($1) as w`, [amount])).rows[0]!.w;
    expect(await usd('1234567.5')).toBe('$1,234,567.50');
    expect(await usd('0')).toBe('$0.00');
    expect(await usd('-12.345')).toBe('-$12.35');
    expect(await usd('not a number')).toBe('not a number');
    for (const n of mine) {
      expect(n.body).not.toContain(ownerUser.email);
      expect(n.body).not.toContain(financeUser.email);
      expect(n.body).not.toContain(financeUser.id);
    }
    // Nobody else sees them: another member, the staff who acted.
    for (const caller of [asOther(), owner, finance]) {
      const seen = await notices(caller);
      expect(seen.some((n) => n.body.includes('loyalty bonus'))).toBe(false);
    }
  });

  it('address_added gives "added" now and "usable" exactly from usable_from', async () => {
    const ROLLBACK = Symbol('rollback');
    await engine.db
      .transaction(async (tx) => {
        // In one transaction now() is fixed: usable_from = now() is visible, one microsecond later is not.
        await audit(tx, 'address_added', member.id, {
          ...KINDS_FROM_OTHER_FEATURES.address_added,
          label: 'Boundary now',
          usable_from: (await tx.query<{ t: string }>(`select now()::text as t`)).rows[0]!.t,
        });
        await audit(tx, 'address_added', member.id, {
          ...KINDS_FROM_OTHER_FEATURES.address_added,
          label: 'Boundary later',
          usable_from: (await tx.query<{ t: string }>(`select (now() + interval '1 microsecond')::text as t`))
            .rows[0]!.t,
        });
        await becomeCaller(tx, asMember());
        const seen = await notices(asMember(), tx);
        const about = (label: string) => seen.filter((n) => n.body.includes(label)).map((n) => n.kind);
        expect(about('Boundary now').sort()).toEqual(['address_added', 'address_added_usable']);
        expect(about('Boundary later')).toEqual(['address_added']);
        expect(seen.find((n) => n.kind === 'address_added_usable')?.body).toBe(
          'The XRP address "Boundary now" on the XRP Ledger network (rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe, tag 12345) can now be used for withdrawals.',
        );
        throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
    // Written with the row: the future notice exists but the member cannot read or mark it.
    await audit(engine.db, 'address_added', member.id, KINDS_FROM_OTHER_FEATURES.address_added);
    const stored = await engine.db.query<{ kind: string; available_at: string }>(
      `select kind, available_at::text from public.notifications n
       cross join lateral private.notice_words(n.event_id, n.kind, 'en') w
       where user_id = $1 and kind like 'address_added%' and w.body like '%' || $2 || '%' order by id`,
      [member.id, FIXTURE_XRP_ADDRESS],
    );
    expect(stored.rows.map((r) => r.kind)).toEqual(['address_added', 'address_added_usable']);
    const future = await engine.db.query<{ ok: boolean }>(
      `select available_at = '2030-01-02T03:04:00Z'::timestamptz as ok from public.notifications n
       cross join lateral private.notice_words(n.event_id, n.kind, 'en') w
       where user_id = $1 and kind = 'address_added_usable' and w.body like '%' || $2 || '%'`,
      [member.id, FIXTURE_XRP_ADDRESS],
    );
    expect(future.rows).toEqual([{ ok: true }]);
    const seen = await notices(asMember());
    // (The active address written in beforeAll is announced as usable already; this one is not yet.)
    expect(
      seen.filter((n) => n.kind === 'address_added_usable' && n.body.includes(FIXTURE_XRP_ADDRESS)),
    ).toEqual([]);
    // The browser learns when to look again: the seconds until 2030-01-02 03:04, for the member only.
    const wait = await one<number>(asMember(), `select public.next_notification_in() as r`);
    const expected = (Date.parse('2030-01-02T03:04:00Z') - Date.now()) / 1000;
    expect(Math.abs(wait - expected)).toBeLessThan(120);
    expect(await one<number | null>(asOther(), `select public.next_notification_in() as r`)).toBeNull();
  });

  it('writes a notice for each kind other features add, in words', async () => {
    await engine.db.transaction(async (tx) => {
      for (const [kind, after] of Object.entries(KINDS_FROM_OTHER_FEATURES)) {
        if (kind !== 'address_added')
          await audit(
            tx,
            kind,
            member.id,
            after,
            kind === 'withdrawals_unfrozen' ? 'checked with the member by phone' : null,
          );
      }
    });
    const byKind = new Map((await notices(asMember())).map((n) => [n.kind, n]));
    expect(byKind.get('withdrawals_frozen')?.body).toMatch(/^You froze withdrawals from your account\./);
    expect(byKind.get('withdrawals_unfrozen')?.body).toContain('checked with the member by phone');
    expect(byKind.get('member_factor_removed')?.title).toBe('Authenticator removed');
    expect(byKind.get('member_password_changed')?.title).toBe('Password changed');
    expect(byKind.get('address_removed')?.body).toContain('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
  });

  it('my_notifications pages the visible list by key, newest first, for the caller only', async () => {
    const all = await notices(asMember());
    expect(all.length).toBeGreaterThan(4);
    const page = (caller: Caller, before: string | null) =>
      asCaller(
        engine.db,
        caller,
        async (tx) =>
          (await tx.query<{ id: string }>(`select id::text from public.my_notifications($1, 3)`, [before]))
            .rows,
      );
    const walked: string[] = [];
    let cursor: string | null = null;
    for (;;) {
      const rows = await page(asMember(), cursor);
      if (rows.length === 0) break;
      walked.push(...rows.map((r) => r.id));
      cursor = rows[rows.length - 1]!.id;
    }
    expect(walked).toEqual(all.map((n) => n.id));
    // The member's cursor means nothing to another member.
    await expect(page(asOther(), all[0]!.id)).rejects.toMatchObject({ code: '22023' });
  });

  it('marks read only the caller’s own notices, one or all', async () => {
    const unread = (caller: Caller) => one<number>(caller, `select public.unread_notification_count() as r`);
    const before = await unread(asMember());
    expect(before).toBeGreaterThan(2);
    const [first] = await notices(asMember());
    // Another member and an admin naming the member's notice change nothing.
    expect(
      await one<number>(asOther(), `select public.mark_notifications_read($1) as r`, [[first!.id]]),
    ).toBe(0);
    expect(await one<number>(owner, `select public.mark_notifications_read($1) as r`, [[first!.id]])).toBe(0);
    expect(await unread(asMember())).toBe(before);
    expect(
      await outcome(() =>
        probe(engine.db, { role: 'anon' }, (tx) => tx.query(`select public.mark_notifications_read()`)),
      ),
    ).toBe('42501');
    // Nobody writes the table directly, the member included.
    expect(
      await outcome(() =>
        probe(engine.db, asMember(), (tx) => tx.query(`update public.notifications set read_at = now()`)),
      ),
    ).toBe('42501');

    expect(
      await one<number>(asMember(), `select public.mark_notifications_read($1) as r`, [[first!.id]]),
    ).toBe(1);
    expect(await unread(asMember())).toBe(before - 1);
    expect(await one<number>(asMember(), `select public.mark_notifications_read() as r`)).toBe(before - 1);
    expect(await unread(asMember())).toBe(0);
    // The future "usable" notice stays unread and unseen until its time.
    const hidden = await engine.db.query(
      `select 1 from public.notifications where user_id = $1 and kind = 'address_added_usable' and read_at is null`,
      [member.id],
    );
    expect(hidden.rows.length).toBe(1);
    await expect(
      one(
        asMember(),
        `select public.mark_notifications_read(array(select generate_series(1, 501))::bigint[]) as r`,
      ),
    ).rejects.toMatchObject({ code: '22023' });
  });

  it('my_activity: the caller’s own events in the same words, staff as a role word, paged by key', async () => {
    const page = (caller: Caller, before: string | null, limit: number) =>
      asCaller(
        engine.db,
        caller,
        async (tx) =>
          (
            await tx.query<Activity>(
              `select id::text, kind, actor, title, body from public.my_activity($1, $2)`,
              [before, limit],
            )
          ).rows,
      );
    const all = await page(asMember(), null, 100);
    expect(all.map((a) => a.body)).toContain(
      'An administrator changed your Interest Wallet from $100.00 to $115.00: loyalty bonus',
    );
    expect(all.find((a) => a.kind === 'withdrawal_approved')?.actor).toBe('Our finance team');
    expect(all.some((a) => a.kind.startsWith('transfer_'))).toBe(false);
    for (const a of all) expect(JSON.stringify(a)).not.toMatch(/owner@notify|finance@notify/);
    // The same words as the notice for the same event.
    const notice = await engine.db.query<{ body: string }>(
      `select w.body from public.notifications n cross join lateral private.notice_words(n.event_id, n.kind, 'en') w
       where n.event_id = $1 and n.kind not like '%_usable'`,
      [all[0]!.id],
    );
    expect(notice.rows[0]?.body).toBe(all[0]!.body);

    // Pages of 2 walk the same list with no gaps or repeats.
    const walked: string[] = [];
    let cursor: string | null = null;
    for (;;) {
      const rows = await page(asMember(), cursor, 2);
      if (rows.length === 0) break;
      walked.push(...rows.map((r) => r.id));
      cursor = rows[rows.length - 1]!.id;
    }
    expect(walked).toEqual(all.map((a) => a.id));

    // Another member sees none of it, and cannot page from the member's cursor.
    expect(await page(asOther(), null, 100)).toEqual([]);
    await expect(page(asOther(), all[0]!.id, 10)).rejects.toMatchObject({ code: '22023' });
    await expect(page(asMember(), null, 0)).rejects.toMatchObject({ code: '22023' });
    expect(
      await outcome(() =>
        probe(engine.db, { role: 'anon' }, (tx) => tx.query(`select * from public.my_activity()`)),
      ),
    ).toBe('42501');
  });

  it('deleting a staff account (its role revoked on the way) still works', async () => {
    const leaver = await createStaff(engine.db, { role: 'support', email: 'leaver@notify.test' });
    await engine.db.query('delete from auth.users where id = $1', [leaver.id]);
    const left = await engine.db.query(`select 1 from public.notifications where user_id = $1`, [leaver.id]);
    expect(left.rows).toEqual([]);
  });

  it('keeps at most 500 notices per member, dropping the oldest', async () => {
    await engine.db.transaction(async (tx) => {
      for (let i = 0; i < 505; i += 1) await audit(tx, 'member_password_changed', other.id, {});
    });
    const { rows } = await engine.db.query<{ n: string; oldest: string; newest: string }>(
      `select count(*)::text as n, min(e.id)::text as oldest, max(e.id)::text as newest
       from public.notifications n join public.audit_events e on e.id = n.event_id where n.user_id = $1`,
      [other.id],
    );
    const events = await engine.db.query<{ ids: string[] }>(
      `select array_agg(id::text order by id) as ids from public.audit_events where member_id = $1`,
      [other.id],
    );
    const ids = events.rows[0]!.ids;
    expect(rows[0]).toEqual({ n: '500', oldest: ids[ids.length - 500], newest: ids[ids.length - 1] });
  });
});
