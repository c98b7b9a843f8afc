/**
 * Caps and their cleanup stay within one member: filling one member to, and past, a cap touches no
 * other member's rows and no other member's allowance. The notices cap (500 a member, the oldest
 * dropped) at 499, 500 and 501 with another member's older, unread and not-yet-due notices beside
 * it; the filing caps (pending and hourly, deposit notices and withdrawal requests) with another
 * member filing at once. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../local/db/engine';
import {
  adminAtAal2,
  createStaff,
  addActiveAddress,
  asCaller,
  createUser,
  engines,
  testTxId,
  type Caller,
  type Engine,
} from './helpers/db';

const CAP = 500;
const BTC = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const SERVICE: Caller = { role: 'service_role' };

describe.each(engines)('caps scoped per member on %s', (_name, open) => {
  let engine: Engine;

  /** Every column of a member's notices, in order: what "untouched" means. */
  const noticesOf = async (userId: string) =>
    (
      await engine.db.query<Record<string, unknown>>(
        `select to_jsonb(n) as row from public.notifications n where user_id = $1 order by id`,
        [userId],
      )
    ).rows;
  // One notice per event and nothing else: a credential change would also start a security hold
  // (a second notice), so the events here are lifted freezes.
  const audit = (q: Queryable, memberId: string, times: number) =>
    q.query(
      `select private.audit('withdrawals_unfrozen', $1, null, '{}'::jsonb, null) from generate_series(1, $2::int)`,
      [memberId, times],
    );
  const count = async (userId: string) =>
    Number(
      (
        await engine.db.query<{ n: string }>(
          `select count(*)::text as n from public.notifications where user_id = $1`,
          [userId],
        )
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    engine = await open();
  });
  afterAll(async () => {
    await engine?.close();
  });

  it('the notices cap trims only the member who passed it, at 499, 500 and 501', async () => {
    const bystander = await createUser(engine.db, { email: 'bystander@caps.test' });
    const filled = await createUser(engine.db, { email: 'filled@caps.test' });
    // The bystander's notices are the oldest in the table: one read, one unread, one due in 2030.
    await audit(engine.db, bystander.id, 2);
    await engine.db.query(`select private.audit('address_added', $1, null, $2::jsonb, null)`, [
      bystander.id,
      JSON.stringify({
        asset: 'BTC',
        network: 'bitcoin',
        label: 'Later',
        address: BTC,
        usable_from: '2030-01-01T00:00:00Z',
      }),
    ]);
    await engine.db.query(
      `update public.notifications set read_at = now() where id = (select min(id) from public.notifications where user_id = $1)`,
      [bystander.id],
    );
    const untouched = await noticesOf(bystander.id);
    expect(untouched.length).toBe(4);

    const filledEvents = async () =>
      (
        await engine.db.query<{ event: string }>(
          `select id::text as event from public.audit_events where member_id = $1 order by audit_events.id`,
          [filled.id],
        )
      ).rows.map((r) => r.event);
    const filledNoticeEvents = async () =>
      (
        await engine.db.query<{ id: string }>(
          `select event_id::text as id from public.notifications where user_id = $1 order by event_id`,
          [filled.id],
        )
      ).rows.map((r) => r.id);

    await engine.db.transaction((tx) => audit(tx, filled.id, CAP - 1));
    expect(await count(filled.id)).toBe(CAP - 1);
    await audit(engine.db, filled.id, 1);
    expect(await count(filled.id), 'at the cap nothing is dropped').toBe(CAP);
    expect(await filledNoticeEvents()).toEqual(await filledEvents());
    await audit(engine.db, filled.id, 1);
    expect(await count(filled.id), 'past it, the oldest one goes').toBe(CAP);
    expect(await filledNoticeEvents()).toEqual((await filledEvents()).slice(1));
    // Far past it, in one transaction: still the newest 500 of the filled member's only.
    await engine.db.transaction((tx) => audit(tx, filled.id, 30));
    expect(await filledNoticeEvents()).toEqual((await filledEvents()).slice(-CAP));

    expect(await noticesOf(bystander.id), 'the other member’s notices, every column').toEqual(untouched);
    // And the bystander's next notice does not trim the filled member.
    await audit(engine.db, bystander.id, 1);
    expect(await count(bystander.id)).toBe(5);
    expect(await count(filled.id)).toBe(CAP);
  });

  it('filing caps count each member’s own filings only', async () => {
    const members: Caller[] = [];
    for (const tag of ['a', 'b']) {
      const m = await createUser(engine.db, { email: `filer-${tag}@caps.test` });
      await asCaller(engine.db, SERVICE, (tx) =>
        tx.query(`select public.operator_post_correction($1, 'interest_wallet', '1000.00', 'caps')`, [m.id]),
      );
      await addActiveAddress(engine.db, m.id, 1, BTC);
      members.push({ role: 'authenticated', uid: m.id });
    }
    const [a, b] = members as [Caller, Caller];
    // Notices and requests are reviewed by a signed-in finance admin (issue 32).
    const reviewer = await createStaff(engine.db, { role: 'finance', email: 'reviewer@caps.test' });
    let tx = 0;
    const fileNotice = (who: Caller) =>
      asCaller(engine.db, who, (q) =>
        q.query(`select public.file_deposit_notice(1::smallint, '5.00', $1)`, [
          testTxId(`caps-${(tx += 1)}`),
        ]),
      );
    const fileRequest = (who: Caller) =>
      asCaller(engine.db, who, (q) =>
        q.query(`select public.file_withdrawal_request(1::smallint, 'interest_wallet', '1.00', $1)`, [BTC]),
      );
    const rejectAll = (table: string, review: string, who: Caller) =>
      engine.db
        .query<{ id: string }>(
          `select id::text from public.${table} where user_id = $1 and status = 'pending'`,
          [who.role === 'authenticated' ? who.uid : ''],
        )
        .then(async ({ rows }) => {
          for (const { id } of rows)
            await asCaller(engine.db, adminAtAal2(reviewer.id), (q) =>
              q.query(`select public.${review}($1, 'reject', 'caps limit test')`, [id]),
            );
        });

    // A at the pending caps (5 notices, 3 requests): A refused, B files.
    for (let i = 0; i < 5; i += 1) await fileNotice(a);
    for (let i = 0; i < 3; i += 1) await fileRequest(a);
    await expect(fileNotice(a)).rejects.toMatchObject({ code: 'PT429' });
    await expect(fileRequest(a)).rejects.toMatchObject({ code: 'PT429' });
    await fileNotice(b);
    await fileRequest(b);
    // A at the hourly caps (10 notices, 5 requests, the pending ones reviewed): A refused, B files.
    await rejectAll('deposit_notices', 'review_deposit_notice', a);
    await rejectAll('withdrawal_requests', 'review_withdrawal_request', a);
    for (let i = 0; i < 5; i += 1) await fileNotice(a);
    for (let i = 0; i < 2; i += 1) await fileRequest(a);
    await rejectAll('deposit_notices', 'review_deposit_notice', a);
    await rejectAll('withdrawal_requests', 'review_withdrawal_request', a);
    await expect(fileNotice(a)).rejects.toMatchObject({ code: 'PT429' });
    await expect(fileRequest(a)).rejects.toMatchObject({ code: 'PT429' });
    await fileNotice(b);
    await fileRequest(b);
  });
});
