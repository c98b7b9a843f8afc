/**
 * The admin work queue (issue 35): public.admin_work_queue() counts what waits for staff, for the top
 * of /admin/home and the sidebar's badges; public.mark_messages_seen() clears one person's unread
 * messages. Every role on both engines: anon, a member, an admin at aal1, the service role, and each
 * staff role at aal2 (whose "awaiting me" differs: only proposals they may approve).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DEPOSIT_ADDRESSES } from '../../tests/support/test-wallets';
import {
  addActiveAddress,
  adminAtAal2,
  asCaller,
  callAs,
  createUser,
  engines,
  createStaff,
  outcome,
  testTxId,
  type Caller,
  type Engine,
} from './helpers/db';

interface Queue {
  awaiting_me: number;
  withdrawal_requests: number;
  deposit_notices: number;
  unread_messages: number;
  frozen_accounts: number;
}

const QUEUE_SQL = 'select row_to_json(q) as r from public.admin_work_queue() q';
const SERVICE: Caller = { role: 'service_role' };

describe.each(engines)('admin work queue on %s', (_name, open) => {
  let engine: Engine;
  const staff: Record<'owner' | 'finance' | 'finance2' | 'support' | 'auditor', Caller> = {} as never;
  const ids: Record<string, string> = {};
  let member: Caller;
  let adminAal1: Caller;
  /** What the seed already holds (a notice, a request, a message): the counts below add to it. */
  let seed: Queue;

  const queue = (caller: Caller) => callAs<Queue>(engine.db, caller, QUEUE_SQL);
  const rpc = (caller: Caller, sql: string, params: unknown[] = []) =>
    asCaller(engine.db, caller, (tx) => tx.query(sql, params));
  const message = (text: string) =>
    engine.db.query(
      `insert into public.contact_messages (name, email, message) values ('Visitor', 'visitor@queue.test', $1)`,
      [text],
    );

  beforeAll(async () => {
    engine = await open();
    for (const [key, role] of [
      ['owner', 'owner'],
      ['finance', 'finance'],
      ['finance2', 'finance'],
      ['support', 'support'],
      ['auditor', 'auditor'],
    ] as const) {
      const u = await createStaff(engine.db, { role, email: `${key}@queue.test` });
      ids[key] = u.id;
      staff[key] = adminAtAal2(u.id);
    }
    adminAal1 = { role: 'authenticated', uid: ids.owner!, aal: 'aal1' };
    const m = await createUser(engine.db, { email: 'member@queue.test' });
    const frozen = await createUser(engine.db, { email: 'frozen@queue.test' });
    await createUser(engine.db, { email: 'newcomer@queue.test' });
    ids.member = m.id;
    member = { role: 'authenticated', uid: m.id };
    const frozenMember: Caller = { role: 'authenticated', uid: frozen.id };

    seed = await queue(staff.auditor);
    // What waits: one deposit notice to value, one withdrawal request, two messages, one freeze.
    await rpc(SERVICE, `select public.operator_post_correction($1, 'interest_wallet', '100.00', 'opening')`, [
      m.id,
    ]);
    await rpc(member, `select public.file_deposit_notice(1::smallint, '5.00', $1)`, [testTxId('queue-1')]);
    await addActiveAddress(engine.db, m.id, 1, TEST_DEPOSIT_ADDRESSES[1]!);
    await rpc(member, `select public.file_withdrawal_request(1::smallint, 'interest_wallet', '10.00', $1)`, [
      TEST_DEPOSIT_ADDRESSES[1]!,
    ]);
    await message('First question');
    await message('Second question');
    await rpc(frozenMember, `select public.freeze_withdrawals('Lost my phone')`);

    // Proposals: a correction and an unfreeze by finance (finance or owner decides), a correction on
    // finance2's own account (finance2 may not approve it), a new staff role by the owner (owners decide).
    await rpc(
      staff.finance,
      `select public.propose_correction($1, 'referral', '25.00', 'goodwill', 'queue test')`,
      [m.id],
    );
    await rpc(
      staff.finance,
      `select public.propose_correction($1, 'referral', '5.00', 'goodwill', 'queue test')`,
      [ids.finance2],
    );
    await rpc(staff.finance, `select public.propose_staff_change('unfreeze', $1, '{}', 'queue test')`, [
      frozen.id,
    ]);
    await rpc(
      staff.owner,
      `select public.propose_staff_change('staff_role', null, '{"email":"newcomer@queue.test","role":"support"}', 'queue test')`,
    );
  });

  afterAll(async () => {
    await engine?.close();
  });

  it('counts, for each staff role, only the proposals that person may approve', async () => {
    const waiting = {
      withdrawal_requests: seed.withdrawal_requests + 1,
      deposit_notices: seed.deposit_notices + 1,
      unread_messages: seed.unread_messages + 2,
      frozen_accounts: seed.frozen_accounts + 1,
    };
    expect(seed.awaiting_me).toBe(0);
    // The owner: both corrections, the unfreeze (not their own staff-role proposal).
    expect(await queue(staff.owner)).toEqual({ awaiting_me: 3, ...waiting });
    // The proposer: none of their own; the owner's staff-role change is not a finance decision.
    expect(await queue(staff.finance)).toEqual({ awaiting_me: 0, ...waiting });
    // Another finance admin: the member's correction and the unfreeze, not the one on their own money.
    expect(await queue(staff.finance2)).toEqual({ awaiting_me: 2, ...waiting });
    // Support and auditors approve nothing, and see the rest of the queue.
    expect(await queue(staff.support)).toEqual({ awaiting_me: 0, ...waiting });
    expect(await queue(staff.auditor)).toEqual({ awaiting_me: 0, ...waiting });
  });

  it('refuses everyone who is not staff at aal2, and the service role (no grant)', async () => {
    expect(await outcome(() => queue({ role: 'anon' }))).toBe('42501');
    expect(await outcome(() => queue(member))).toBe('42501');
    expect(await outcome(() => queue(adminAal1))).toBe('42501');
    expect(await outcome(() => queue(SERVICE))).toBe('42501');
    for (const caller of [{ role: 'anon' } as const, member, adminAal1, SERVICE])
      expect(await outcome(() => rpc(caller, 'select public.mark_messages_seen()'))).toBe('42501');
    const grants = await engine.db.query<{ fn: string; grantee: string }>(
      `select p.proname as fn, r.rolname as grantee
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace,
            lateral aclexplode(p.proacl) a join pg_roles r on r.oid = a.grantee
       where n.nspname = 'public' and p.proname in ('admin_work_queue', 'mark_messages_seen')
         and a.privilege_type = 'EXECUTE' and r.rolname <> 'postgres'
       order by 1, 2`,
    );
    expect(grants.rows).toEqual([
      { fn: 'admin_work_queue', grantee: 'authenticated' },
      { fn: 'mark_messages_seen', grantee: 'authenticated' },
    ]);
  });

  it('drops an expired proposal and a reviewed notice from the counts', async () => {
    const before = (await queue(staff.owner)).awaiting_me;
    await engine.db.query(
      `update private.open_pending_transfers set expires_at = now() - interval '1 minute'
      where user_id = $1`,
      [ids.finance2],
    );
    expect((await queue(staff.owner)).awaiting_me).toBe(before - 1);
    await engine.db.query(
      `update public.deposit_notices set status = 'rejected', reviewed_at = now(),
      review_note = 'test' where user_id = $1`,
      [ids.member],
    );
    expect((await queue(staff.support)).deposit_notices).toBe(seed.deposit_notices);
  });

  it('unread messages are per person: opening Messages clears them for that person only', async () => {
    await rpc(staff.support, 'select public.mark_messages_seen()');
    expect((await queue(staff.support)).unread_messages).toBe(0);
    expect((await queue(staff.auditor)).unread_messages).toBe(seed.unread_messages + 2);
    await message('Third question');
    expect((await queue(staff.support)).unread_messages).toBe(1);
    expect((await queue(staff.auditor)).unread_messages).toBe(seed.unread_messages + 3);
  });
});
