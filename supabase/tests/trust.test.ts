/**
 * Trust holds (issue 30, docs/address-book.md and docs/four-eyes.md), on PGlite and PostgreSQL 15,
 * written as the attacker would try it: a thief with one member's password, and one staff member
 * alone. Each rule is enforced in Postgres; these tests go through the same functions and tables the
 * API exposes, plus the table owner's direct writes where a rule must hold for every path.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../local/db/engine';
import {
  addActiveAddress,
  adminAtAal2,
  asCaller,
  callAs,
  createUser,
  engines,
  createStaff,
  enrolFactor,
  inSession,
  startSession,
  testTxId,
  payoutArgs,
  type Caller,
  type Engine,
} from './helpers/db';

const BTC = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const BTC_2 = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';
const SERVICE: Caller = { role: 'service_role' };

/** 'ok', or 'SQLSTATE hint: message' of the error `fn` failed with. */
async function attempt(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
    return 'ok';
  } catch (error) {
    const e = error as { code?: string; hint?: string; message?: string };
    return `${e.code ?? ''}${e.hint ? ' ' + e.hint : ''}: ${e.message ?? String(error)}`;
  }
}

describe.each(engines)('trust holds on %s', (_name, open) => {
  let engine: Engine;
  let seq = 0;
  const staffIds: Record<'owner' | 'finance1' | 'finance2', string> = {
    owner: '',
    finance1: '',
    finance2: '',
  };

  beforeAll(async () => {
    engine = await open();
    for (const [who, role] of [
      ['owner', 'owner'],
      ['finance1', 'finance'],
      ['finance2', 'finance'],
    ] as const) {
      const u = await createStaff(engine.db, { role, email: `${who}@trust.test` });
      staffIds[who] = u.id;
    }
  });
  afterAll(async () => {
    await engine?.close();
  });

  const member = async (): Promise<string> =>
    (await createUser(engine.db, { email: `member-${++seq}@trust.test` })).id;
  const rpc = <T = Record<string, unknown>>(caller: Caller, sql: string, params: unknown[] = []) =>
    callAs<T>(engine.db, caller, sql, params);
  const one = async <T>(sql: string, params: unknown[] = []): Promise<T> =>
    (await engine.db.query<T>(sql, params)).rows[0]!;
  const addAddress = (caller: Caller, address = BTC, wallet = 1) =>
    rpc(caller, `select public.add_withdrawal_address($1::smallint, $2, 'Cold wallet') as r`, [
      wallet,
      address,
    ]);
  const fund = (uid: string, amount = '500.00') =>
    rpc(SERVICE, `select public.operator_post_correction($1, 'interest_wallet', $2, 'opening') as r`, [
      uid,
      amount,
    ]);
  const file = (uid: string, amount = '10.00', address = BTC) =>
    rpc<{ id: number }>(
      { role: 'authenticated', uid },
      `select public.file_withdrawal_request(1::smallint, 'interest_wallet', $1, $2) as r`,
      [amount, address],
    );
  const endHolds = (uid: string) =>
    asCaller(engine.db, SERVICE, (tx) =>
      tx.query(`update public.security_holds set hold_until = started_at where user_id = $1`, [uid]),
    );
  const changePassword = async (uid: string) => {
    await engine.db.query(
      `update auth.users set encrypted_password = 'first-' || id where id = $1 and encrypted_password = ''`,
      [uid],
    );
    await engine.db.query(
      `update auth.users set encrypted_password = gen_random_uuid()::text where id = $1`,
      [uid],
    );
  };
  const kinds = async (uid: string) =>
    (
      await engine.db.query<{ kind: string }>(
        `select kind from public.audit_events where member_id = $1 order by id`,
        [uid],
      )
    ).rows.map((r) => r.kind);
  const notices = async (uid: string) =>
    (
      await engine.db.query<{ kind: string; title: string; body: string }>(
        `select n.kind, w.title, w.body from public.notifications n
         cross join lateral private.notice_words(n.event_id, n.kind, 'en') w where n.user_id = $1 order by n.id`,
        [uid],
      )
    ).rows;

  describe('a thief with the password only', () => {
    it('enrols an authenticator: the session is aal2 with a fresh totp, yet adding an address is held, then needs the mailed code', async () => {
      const uid = await member();
      const thief = await startSession(engine.db, uid);
      await enrolFactor(engine.db, uid, thief);
      const caller = inSession(uid, thief, 'aal2', ['password', 'totp']);
      const held = await attempt(() => addAddress(caller));
      expect(held).toMatch(
        /^42501 security_hold: A security hold is on your account until \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d HKT because an authenticator app was added: new withdrawal addresses and withdrawal requests wait until then\. If this was not you, freeze withdrawals now\.$/,
      );
      // The hold ends 48 hours after the change, to the second.
      const hold = await one<{ hours: string }>(
        `select extract(epoch from hold_until - started_at) / 3600 as hours from public.security_holds where user_id = $1`,
        [uid],
      );
      expect(Number(hold.hours)).toBe(48);
      // Past the hold, the same session's authenticator still proves nothing beyond the password.
      await endHolds(uid);
      expect(await attempt(() => addAddress(caller))).toMatch(/^42501 step_up_mail_required: /);
      expect(
        await one(`select count(*)::int as n from public.withdrawal_addresses where user_id = $1`, [uid]),
      ).toEqual({
        n: 0,
      });
      // The owner was told: a notice and a mail, in the same transaction as the change.
      expect((await notices(uid)).map((n) => n.title)).toEqual([
        'Authenticator added',
        'Security hold on withdrawals',
        'Security hold changed',
      ]);
      expect(
        await one(`select kind, params ->> 'change' as change from private.mail_outbox where user_id = $1`, [
          uid,
        ]),
      ).toEqual({ kind: 'security_hold', change: 'factor_enrolled' });
    });

    it('changes the password: new addresses and new withdrawals wait until the hold ends, not a second less', async () => {
      const uid = await member();
      await fund(uid);
      await addActiveAddress(engine.db, uid, 1, BTC);
      await changePassword(uid);
      expect(await attempt(() => file(uid))).toMatch(
        /^42501 security_hold: .* because your password was changed:/,
      );
      expect(
        await attempt(() => addAddress(inSession(uid, randomUUID(), 'aal1', ['password', 'otp']), BTC_2)),
      ).toMatch(/^42501 security_hold:/);
      // One second before the end: still held. At the end: free.
      await asCaller(engine.db, SERVICE, (tx) =>
        tx.query(
          `update public.security_holds set hold_until = now() + interval '1 second' where user_id = $1`,
          [uid],
        ),
      );
      expect(await attempt(() => file(uid))).toMatch(/^42501 security_hold:/);
      await asCaller(engine.db, SERVICE, (tx) =>
        tx.query(`update public.security_holds set hold_until = now() where user_id = $1`, [uid]),
      );
      expect(await attempt(() => file(uid))).toBe('ok');
      // Each service-key move of the hold's end is in the audit log and told to the member.
      expect((await kinds(uid)).filter((k) => k === 'security_hold_changed')).toHaveLength(2);
    });

    it('the hold is on the tables: a direct write by the table owner adds no address and files no request', async () => {
      const uid = await member();
      await fund(uid);
      const address = await addActiveAddress(engine.db, uid, 1, BTC);
      await changePassword(uid);
      expect(
        await attempt(() =>
          engine.db.query(
            `insert into public.withdrawal_requests (user_id, wallet_id, account, amount, destination_address, address_id)
             values ($1, 1, 'interest_wallet', 5, $2, $3)`,
            [uid, BTC, address],
          ),
        ),
      ).toMatch(/^42501 security_hold: .* because your password was changed:/);
      expect(await attempt(() => addActiveAddress(engine.db, uid, 1, BTC_2))).toMatch(
        /^42501 security_hold: .* because your password was changed:/,
      );
    });

    it('an e-mail change and a staff reset of the authenticator start holds too; the hold is a firm setting', async () => {
      const uid = await member();
      await engine.db.query(`update auth.users set email = $2 where id = $1`, [
        uid,
        `moved-${uid}@trust.test`,
      ]);
      expect(await one(`select change from public.security_holds where user_id = $1`, [uid])).toEqual({
        change: 'email_changed',
      });
      await engine.db.query(`update public.firm_settings set security_hold = interval '72 hours'`);
      try {
        const other = await member();
        await changePassword(other);
        const h = await one<{ hours: string }>(
          `select extract(epoch from hold_until - started_at) / 3600 as hours from public.security_holds where user_id = $1`,
          [other],
        );
        expect(Number(h.hours)).toBe(72);
      } finally {
        await engine.db.query(`update public.firm_settings set security_hold = interval '48 hours'`);
      }
    });
  });

  it("the owner's older authenticator does not vouch for one the thief added in this session", async () => {
    const uid = await member();
    // The owner's authenticator, verified in a session long ago.
    const old = await startSession(engine.db, uid, "now() - interval '30 days'");
    await enrolFactor(engine.db, uid, old);
    await endHolds(uid);
    // The thief signs in with the password and adds their own, which raises the session.
    const thief = await startSession(engine.db, uid);
    await enrolFactor(engine.db, uid, thief);
    await endHolds(uid);
    expect(await attempt(() => addAddress(inSession(uid, thief, 'aal2', ['password', 'totp'])))).toMatch(
      /^42501 step_up_mail_required: /,
    );
  });

  describe('the owner can always freeze', () => {
    it('from a password-only session after the thief enrolled an authenticator, and reads why', async () => {
      const uid = await member();
      const thief = await startSession(engine.db, uid);
      await enrolFactor(engine.db, uid, thief);
      const owner = inSession(uid, await startSession(engine.db, uid), 'aal1', ['password']);
      // The member area refuses aal1 for a factor holder ...
      expect(await attempt(() => rpc(owner, 'select public.withdrawable_balance() as r'))).toMatch(
        /^42501 aal2_required/,
      );
      // ... but the freeze and the freeze page's status do not.
      const status = await rpc<{
        frozen_at: string | null;
        hold: { change: string };
        notices: Array<{ title: string }>;
      }>(owner, 'select public.my_security_status() as r');
      expect(status.frozen_at).toBeNull();
      expect(status.hold.change).toBe('factor_enrolled');
      expect(status.notices.map((n) => n.title)).toEqual([
        'Security hold on withdrawals',
        'Authenticator added',
      ]);
      expect(await attempt(() => rpc(owner, `select public.freeze_withdrawals('not me') as r`))).toBe('ok');
      expect(
        (await rpc<{ frozen_at: string | null }>(owner, 'select public.my_security_status() as r')).frozen_at,
      ).not.toBeNull();
    });

    it('from the session the password-recovery link opens, after the thief changed the password', async () => {
      const uid = await member();
      await changePassword(uid);
      const recovery = inSession(uid, await startSession(engine.db, uid), 'aal1', ['recovery']);
      expect(await attempt(() => rpc(recovery, 'select public.freeze_withdrawals() as r'))).toBe('ok');
      expect(await kinds(uid)).toContain('withdrawals_frozen');
      // Anonymous callers cannot freeze anyone, nor read anyone's status.
      expect(await attempt(() => rpc({ role: 'anon' }, 'select public.my_security_status() as r'))).toMatch(
        /^42501/,
      );
    });
  });

  describe('staff never act on their own money', () => {
    const own =
      /^42501 own_account: This is your own account: staff never act on their own money\. Two other staff members must handle it\.$/;

    it('refuses a staff member on their own account through every function, and lets two others do it', async () => {
      const me = staffIds.finance1;
      const other = staffIds.finance2;
      const f1 = adminAtAal2(me);
      const f2 = adminAtAal2(other);
      const boss = adminAtAal2(staffIds.owner);
      // Corrections: proposing, approving, rejecting.
      const propose = (caller: Caller, uid: string, referral = '5.00') =>
        rpc<{ id: number }>(
          caller,
          `select public.propose_correction($1, 'referral', $2, 'goodwill', 'own money test') as r`,
          [uid, referral],
        );
      expect(await attempt(() => propose(f1, me))).toMatch(own);
      const p = await propose(f2, me);
      expect(await attempt(() => rpc(f1, 'select public.approve_transfer($1) as r', [p.id]))).toMatch(own);
      expect(await attempt(() => rpc(f1, `select public.reject_transfer($1, 'nope') as r`, [p.id]))).toMatch(
        own,
      );
      expect(await attempt(() => rpc(boss, 'select public.approve_transfer($1) as r', [p.id]))).toBe('ok');
      // The small-edit exemption posts at once, alone: not on one's own account either.
      await engine.db.query(`update public.firm_settings set small_edit_threshold = 100`);
      try {
        expect(await attempt(() => propose(f1, me, '6.00'))).toMatch(own);
        // The same small edit by someone else posts at once.
        expect(await attempt(() => propose(f2, me, '6.00'))).toBe('ok');
      } finally {
        await engine.db.query(`update public.firm_settings set small_edit_threshold = null`);
      }
      // Withdrawals: approving, rejecting, paying their own.
      await fund(me);
      await addActiveAddress(engine.db, me, 1, BTC);
      const req = await file(me);
      const review = (caller: Caller, action: string) =>
        rpc(
          caller,
          `select public.review_withdrawal_request($1, $2, 'own money test', $3, $4, $5, $6) as r`,
          [req.id, action, ...(action === 'pay' ? payoutArgs('10.00') : [null, null, null, null])],
        );
      expect(await attempt(() => review(f1, 'approve'))).toMatch(own);
      expect(await attempt(() => review(f1, 'reject'))).toMatch(own);
      expect(await attempt(() => review(f2, 'approve'))).toBe('ok');
      expect(await attempt(() => review(f1, 'pay'))).toMatch(own);
      expect(await attempt(() => review(boss, 'pay'))).toBe('ok');
      // Deposit notices: confirming (proposing the credit), approving it, rejecting.
      const notice = await rpc<{ id: number }>(
        { role: 'authenticated', uid: me },
        `select public.file_deposit_notice(1::smallint, '25.00', $1) as r`,
        [testTxId(`own-${me}`)],
      );
      const confirm = (caller: Caller) =>
        rpc<{ transfer_id: number }>(
          caller,
          `select public.review_deposit_notice($1, 'confirm', null, '25.00', '1', 'Test rate') as r`,
          [notice.id],
        );
      expect(await attempt(() => confirm(f1))).toMatch(own);
      expect(
        await attempt(() =>
          rpc(f1, `select public.review_deposit_notice($1, 'reject', 'not mine') as r`, [notice.id]),
        ),
      ).toMatch(own);
      const credit = await confirm(f2);
      expect(
        await attempt(() => rpc(f1, 'select public.approve_transfer($1) as r', [credit.transfer_id])),
      ).toMatch(own);
      expect(
        await attempt(() => rpc(f1, `select public.reject_transfer($1, 'nope') as r`, [credit.transfer_id])),
      ).toMatch(own);
      expect(
        await attempt(() => rpc(boss, 'select public.approve_transfer($1) as r', [credit.transfer_id])),
      ).toBe('ok');
      // Unfreezing their own account.
      await rpc({ role: 'authenticated', uid: me }, 'select public.freeze_withdrawals() as r');
      const unfreeze = (caller: Caller) =>
        rpc<{ id: number }>(
          caller,
          `select public.propose_staff_change('unfreeze', $1, '{}', 'own money test') as r`,
          [me],
        );
      expect(await attempt(() => unfreeze(f1))).toMatch(own);
      const u = await unfreeze(f2);
      expect(await attempt(() => rpc(f1, 'select public.approve_staff_change($1) as r', [u.id]))).toMatch(
        own,
      );
      // Nor turns it down: deciding it either way is acting on their own account.
      expect(
        await attempt(() => rpc(f1, `select public.reject_staff_change($1, 'not now') as r`, [u.id])),
      ).toMatch(own);
      expect(await attempt(() => rpc(boss, 'select public.approve_staff_change($1) as r', [u.id]))).toBe(
        'ok',
      );
      // No row anywhere names the same person as member and as the staff who acted.
      expect(
        await one(
          `select (select count(*) from public.ledger_entries where actor_id = user_id)
                + (select count(*) from public.withdrawal_requests where reviewed_by = user_id or approved_by = user_id)
                + (select count(*) from public.deposit_notices where reviewed_by = user_id)
                + (select count(*) from public.transfers where (created_by = user_id or proposed_by = user_id)
                     and not (kind = 'withdrawal' and initiated_by = user_id and phase in ('pending', 'void_pending'))) as n`,
        ),
      ).toEqual({ n: '0' });
    });

    it('holds for direct writes by the table owner too (the rule is on the tables)', async () => {
      const me = staffIds.finance1;
      expect(
        await attempt(() =>
          engine.db.query(
            `insert into public.ledger_entries (user_id, account, delta, balance_before, balance_after, reason, actor_id, source)
             values ($1, 'referral', 1, 0, 1, 'forged', $1, 'admin_edit')`,
            [me],
          ),
        ),
      ).toMatch(own);
      expect(
        await attempt(() =>
          engine.db.query(
            `insert into public.transfers (business_id, phase, kind, debit_account_id, credit_account_id, amount,
               user_id, created_by, client_text, small_edit, category)
             values ('forged', 'posted', 'correction',
               (select id from public.ledger_accounts where purpose = 'corrections'),
               (select id from public.ledger_accounts where user_id = $1 and purpose = 'referral'),
               1, $1, $1, 'forged', true, 'other')`,
            [me],
          ),
        ),
      ).toMatch(own);
      // Proposing a transfer to their own account, even when another staff member writes the row.
      const other = staffIds.finance2;
      const forgedPending = (db: Queryable, user: string, createdBy: string, proposedBy: string) =>
        db.query<{ id: string }>(
          `insert into public.transfers (business_id, phase, kind, debit_account_id, credit_account_id, amount,
             user_id, created_by, proposed_by, client_text, category, expires_at)
           values ('forged:' || gen_random_uuid(), 'pending', 'correction',
             (select id from public.ledger_accounts where purpose = 'corrections'),
             (select id from public.ledger_accounts where user_id = $1 and purpose = 'referral'),
             1, $1, $2, $3, 'forged', 'other', now() + interval '1 day') returning id::text`,
          [user, createdBy, proposedBy],
        );
      expect(await attempt(() => forgedPending(engine.db, me, other, me))).toMatch(own);
      // Posting a pending transfer one proposed oneself, written directly: the table refuses it too
      // (the forged pending row goes with the refused transaction).
      const client = await member();
      expect(
        await attempt(() =>
          engine.db.transaction(async (tx) => {
            const pending = (await forgedPending(tx, client, me, me)).rows[0]!.id;
            await tx.query(
              `insert into public.transfers (business_id, phase, pending_id, kind, debit_account_id, credit_account_id,
                 amount, user_id, created_by, proposed_by, client_text, category)
               select business_id, 'post_pending', id, kind, debit_account_id, credit_account_id, amount, user_id,
                 proposed_by, proposed_by, client_text, category from public.transfers where id = $1`,
              [pending],
            );
          }),
        ),
      ).toMatch(/^23514: .*transfers_posted_by_a_second_person/);
      // Their own withdrawal: no approving it by a direct write that names them only as the approver.
      await fund(me);
      await addActiveAddress(engine.db, me, 1, BTC_2);
      const mine = await file(me, '1.00', BTC_2);
      expect(
        await attempt(() =>
          engine.db.query(
            `update public.withdrawal_requests set status = 'approved', approved_by = $1 where id = $2`,
            [me, mine.id],
          ),
        ),
      ).toMatch(own);
      // Their own deposit notice: no reviewing it by a direct write either.
      const notice = await one<{ id: string }>(
        `insert into public.deposit_notices (user_id, wallet_id, quantity, tx_id) values ($1, 1, 0.5, $2) returning id::text`,
        [me, testTxId(`own-notice-${me}`)],
      );
      expect(
        await attempt(() =>
          engine.db.query(
            `update public.deposit_notices set status = 'rejected', reviewed_by = $1, reviewed_at = now(),
               review_note = 'forged' where id = $2`,
            [me, notice.id],
          ),
        ),
      ).toMatch(own);
      expect(
        await one(`select status, reviewed_by from public.deposit_notices where id = $1`, [notice.id]),
      ).toEqual({
        status: 'pending',
        reviewed_by: null,
      });
    });
  });

  describe('deposit confirmations are four-eyes', () => {
    it('confirming proposes; the proposer cannot approve; a second admin credits once; a repeat is refused', async () => {
      const uid = await member();
      const notice = await rpc<{ id: number }>(
        { role: 'authenticated', uid },
        `select public.file_deposit_notice(1::smallint, '25000.00', $1) as r`,
        [testTxId(`four-${uid}`)],
      );
      const f1 = adminAtAal2(staffIds.finance1);
      const r = await rpc<{ status: string; transfer_id: number }>(
        f1,
        `select public.review_deposit_notice($1, 'confirm', null, '25000.00', '1', 'Test rate') as r`,
        [notice.id],
      );
      expect(r.status).toBe('valued');
      expect(await one(`select deposit_wallet::text as d from public.profiles where id = $1`, [uid])).toEqual(
        { d: '0.00' },
      );
      expect(
        await attempt(() => rpc(f1, 'select public.approve_transfer($1) as r', [r.transfer_id])),
      ).toMatch(/^42501 four_eyes:/);
      // A second confirm while the first waits: refused, nothing doubled.
      expect(
        await attempt(() =>
          rpc(
            adminAtAal2(staffIds.finance2),
            `select public.review_deposit_notice($1, 'confirm', null, '25000.00', '1', 'Test rate') as r`,
            [notice.id],
          ),
        ),
      ).toMatch(/^PT409/);
      await rpc(adminAtAal2(staffIds.finance2), 'select public.approve_transfer($1) as r', [r.transfer_id]);
      expect(
        await one(
          `select p.deposit_wallet::text as d, p.total_deposit::text as t, n.status, n.credited_amount::text as c,
             n.reviewed_by::text as by
           from public.profiles p join public.deposit_notices n on n.user_id = p.id where p.id = $1`,
          [uid],
        ),
        // The notice names the second admin, whose approval credited it, as its reviewer.
      ).toEqual({ d: '25000.00', t: '25000.00', status: 'confirmed', c: '25000.00', by: staffIds.finance2 });
      expect(
        await attempt(() =>
          rpc(
            f1,
            `select public.review_deposit_notice($1, 'confirm', null, '25000.00', '1', 'Test rate') as r`,
            [notice.id],
          ),
        ),
      ).toMatch(/^PT409: This deposit notice was already confirmed\.$/);
      // Approving the posted credit again: refused, nothing doubled.
      expect(
        await attempt(() =>
          rpc(adminAtAal2(staffIds.owner), 'select public.approve_transfer($1) as r', [r.transfer_id]),
        ),
      ).toMatch(/^(PT409|22023)/);
      expect(await one(`select deposit_wallet::text as d from public.profiles where id = $1`, [uid])).toEqual(
        {
          d: '25000.00',
        },
      );
    });

    it('a valued notice cannot be rejected past its pending credit; rejecting the credit returns it to pending', async () => {
      const uid = await member();
      const notice = await rpc<{ id: number }>(
        { role: 'authenticated', uid },
        `select public.file_deposit_notice(1::smallint, '10.00', $1) as r`,
        [testTxId(`close-${uid}`)],
      );
      const r = await rpc<{ transfer_id: number }>(
        adminAtAal2(staffIds.finance1),
        `select public.review_deposit_notice($1, 'confirm', null, '10.00', '1', 'Test rate') as r`,
        [notice.id],
      );
      expect(
        await attempt(() =>
          rpc(
            adminAtAal2(staffIds.finance2),
            `select public.review_deposit_notice($1, 'reject', 'not on chain') as r`,
            [notice.id],
          ),
        ),
      ).toMatch(/^PT409/);
      await rpc(adminAtAal2(staffIds.finance2), `select public.reject_transfer($1, 'not on chain') as r`, [
        r.transfer_id,
      ]);
      expect(
        await one(`select status, amount, transfer_id from public.deposit_notices where id = $1`, [
          notice.id,
        ]),
      ).toEqual({ status: 'pending', amount: null, transfer_id: null });
      expect(
        await one(`select phase, void_reason from public.transfers where pending_id = $1`, [r.transfer_id]),
      ).toEqual({ phase: 'void_pending', void_reason: 'rejected' });
      await rpc(
        adminAtAal2(staffIds.finance2),
        `select public.review_deposit_notice($1, 'reject', 'not on chain') as r`,
        [notice.id],
      );
      expect(await one(`select status from public.deposit_notices where id = $1`, [notice.id])).toEqual({
        status: 'rejected',
      });
    });
  });

  describe('a revoked or downgraded staff member', () => {
    /** A new finance admin with a correction they proposed and a member's withdrawal they approved. */
    const makerWithOpenWork = async (email: string, reason: string) => {
      const maker = (await createStaff(engine.db, { role: 'finance', email: `${email}-${++seq}@trust.test` }))
        .id;
      const corrected = await member();
      const correction = await rpc<{ id: number }>(
        adminAtAal2(maker),
        `select public.propose_correction($1, 'referral', '7.00', 'goodwill', $2) as r`,
        [corrected, reason],
      );
      const withdrawing = await member();
      await fund(withdrawing);
      await addActiveAddress(engine.db, withdrawing, 1, BTC);
      const request = await file(withdrawing);
      await rpc(adminAtAal2(maker), `select public.review_withdrawal_request($1, 'approve', null) as r`, [
        request.id,
      ]);
      return { maker, corrected, correction, withdrawing, request };
    };

    it('loses their open proposals and approvals at once, each audited', async () => {
      const {
        maker,
        corrected: m1,
        correction: p,
        withdrawing: m3,
        request: req,
      } = await makerWithOpenWork('maker', 'revocation test');
      const m2 = await member();
      await rpc(
        m2 === '' ? SERVICE : { role: 'authenticated', uid: m2 },
        'select public.freeze_withdrawals() as r',
      );
      const u = await rpc<{ id: number }>(
        adminAtAal2(maker),
        `select public.propose_staff_change('unfreeze', $1, '{}', 'revocation test') as r`,
        [m2],
      );
      // Downgraded to support: nothing of theirs is left waiting.
      await engine.db.query(`update public.admins set role = 'support' where user_id = $1`, [maker]);
      expect(
        await one(`select phase, void_reason from public.transfers where pending_id = $1`, [p.id]),
      ).toEqual({
        phase: 'void_pending',
        void_reason: 'withdrawn',
      });
      expect(await one(`select status from public.staff_proposals where id = $1`, [u.id])).toEqual({
        status: 'withdrawn',
      });
      expect(
        await one(`select status, approved_by from public.withdrawal_requests where id = $1`, [req.id]),
      ).toEqual({
        status: 'pending',
        approved_by: null,
      });
      expect(await kinds(m1)).toContain('transfer_voided');
      expect(await kinds(m3)).toContain('withdrawal_pending');
      expect(
        await attempt(() =>
          rpc(adminAtAal2(staffIds.finance2), 'select public.approve_transfer($1) as r', [p.id]),
        ),
      ).toMatch(/^PT409: Transfer #\d+ is not awaiting approval: it was already posted or voided\.$/);
    });

    it('removed from staff outright (the admins row deleted), they lose them the same way', async () => {
      const { maker, correction: p, request: req } = await makerWithOpenWork('gone', 'removal test');
      // What an approved staff_role proposal with role null does (and revoke_admin for the service role).
      await engine.db.query(`delete from public.admins where user_id = $1`, [maker]);
      expect(
        await one(`select phase, void_reason from public.transfers where pending_id = $1`, [p.id]),
      ).toEqual({ phase: 'void_pending', void_reason: 'withdrawn' });
      expect(
        await one(`select status, approved_by from public.withdrawal_requests where id = $1`, [req.id]),
      ).toEqual({ status: 'pending', approved_by: null });
    });

    it('a withdrawal they approved that was since paid stays paid', async () => {
      const maker = (await createStaff(engine.db, { role: 'finance', email: `paid-${++seq}@trust.test` })).id;
      const m = await member();
      await fund(m);
      await addActiveAddress(engine.db, m, 1, BTC);
      const req = await file(m, '4.00');
      await rpc(adminAtAal2(maker), `select public.review_withdrawal_request($1, 'approve', null) as r`, [
        req.id,
      ]);
      await rpc(
        adminAtAal2(staffIds.owner),
        `select public.review_withdrawal_request($1, 'pay', null, $2, $3, $4, $5) as r`,
        [req.id, ...payoutArgs('4.00')],
      );
      await engine.db.query(`update public.admins set role = 'support' where user_id = $1`, [maker]);
      expect(
        await one(`select status, approved_by from public.withdrawal_requests where id = $1`, [req.id]),
      ).toEqual({ status: 'paid', approved_by: maker });
    });

    it('an owner made finance keeps the proposals finance may make and loses only the others', async () => {
      const maker = (await createStaff(engine.db, { role: 'owner', email: `demoted-${++seq}@trust.test` }))
        .id;
      const frozen = await member();
      await rpc({ role: 'authenticated', uid: frozen }, 'select public.freeze_withdrawals() as r');
      const unfreeze = await rpc<{ id: number }>(
        adminAtAal2(maker),
        `select public.propose_staff_change('unfreeze', $1, '{}', 'demotion test') as r`,
        [frozen],
      );
      // Gold's terms with a longer notice period: a kind only an owner proposes.
      const terms = await one<{ t: string }>(
        `select (private.plan_terms_json(p) || '{"notice_days": 47}')::text as t from public.plans p where slug = 'gold'`,
      );
      const plan = await rpc<{ id: number }>(
        adminAtAal2(maker),
        `select public.propose_staff_change('plan_terms', 'gold', $1::jsonb, 'demotion test') as r`,
        [terms.t],
      );
      await engine.db.query(`update public.admins set role = 'finance' where user_id = $1`, [maker]);
      const status = async (id: number) =>
        (await one<{ status: string }>(`select status from public.staff_proposals where id = $1`, [id]))
          .status;
      expect(await status(unfreeze.id)).toBe('open');
      expect(await status(plan.id)).toBe('withdrawn');
      await rpc(adminAtAal2(maker), 'select public.withdraw_staff_change($1) as r', [unfreeze.id]);
    });
  });

  describe('money events are audited and announced', () => {
    it('filing and cancelling a withdrawal and filing a deposit notice, word for word', async () => {
      const uid = await member();
      await fund(uid);
      await addActiveAddress(engine.db, uid, 1, BTC);
      const req = await file(uid, '12.50');
      await rpc({ role: 'authenticated', uid }, 'select public.cancel_withdrawal_request($1) as r', [req.id]);
      const n = await rpc<{ id: number }>(
        { role: 'authenticated', uid },
        `select public.file_deposit_notice(1::smallint, '99.00', $1) as r`,
        [testTxId(`filed-${uid}`)],
      );
      const said = (await notices(uid)).filter((x) => /^(withdrawal|deposit_notice)_/.test(x.kind));
      expect(said).toEqual([
        {
          kind: 'withdrawal_filed',
          title: 'Withdrawal requested',
          body: `You asked to withdraw $12.50 in BTC on the Bitcoin network to "Test address" (request #${req.id}). If this was not you, freeze withdrawals now.`,
        },
        {
          kind: 'withdrawal_cancelled',
          title: 'Withdrawal cancelled',
          body: `Your withdrawal request #${req.id} for $12.50 was cancelled: Cancelled by you.`,
        },
        {
          kind: 'deposit_notice_filed',
          title: 'Deposit notice received',
          body: `You told us about a deposit of 99 BTC (notice #${n.id}). We credit it once two of our staff have checked it on-chain.`,
        },
      ]);
      expect(
        (
          await engine.db.query<{ kind: string }>(
            `select kind from private.mail_outbox where user_id = $1 order by id`,
            [uid],
          )
        ).rows,
      ).toEqual([{ kind: 'withdrawal_filed' }, { kind: 'withdrawal_cancelled' }]);
      // A paid request cannot be cancelled.
      const paid = await file(uid, '1.00');
      await rpc(
        adminAtAal2(staffIds.finance1),
        `select public.review_withdrawal_request($1, 'approve', null) as r`,
        [paid.id],
      );
      await rpc(
        adminAtAal2(staffIds.finance2),
        `select public.review_withdrawal_request($1, 'pay', null, $2, $3, $4, $5) as r`,
        [paid.id, ...payoutArgs('1.00')],
      );
      expect(
        await attempt(() =>
          rpc({ role: 'authenticated', uid }, 'select public.cancel_withdrawal_request($1) as r', [paid.id]),
        ),
      ).toBe('PT409: This request is paid; only a request that is not yet paid can be cancelled.');
      // An approved one that is not yet paid still can be: money has not left.
      const approved = await file(uid, '1.50');
      await rpc(
        adminAtAal2(staffIds.finance1),
        `select public.review_withdrawal_request($1, 'approve', null) as r`,
        [approved.id],
      );
      expect(
        await rpc({ role: 'authenticated', uid }, 'select public.cancel_withdrawal_request($1) as r', [
          approved.id,
        ]),
      ).toMatchObject({ status: 'cancelled' });
      // Nobody cancels another member's request (it is "not found", nothing revealed).
      const stranger = await member();
      const open = await file(uid, '2.00');
      expect(
        await attempt(() =>
          rpc({ role: 'authenticated', uid: stranger }, 'select public.cancel_withdrawal_request($1) as r', [
            open.id,
          ]),
        ),
      ).toBe('22023: That withdrawal request was not found.');
    });

    it('service-key moves of cooling-off, holds and proposal expiries are audited with before and after', async () => {
      const uid = await member();
      const address = await addActiveAddress(engine.db, uid, 1, BTC);
      await asCaller(engine.db, SERVICE, (tx) =>
        tx.query(
          `update public.withdrawal_addresses set usable_from = '2030-01-01T00:00:00Z' where id = $1`,
          [address],
        ),
      );
      const e = await one<{ before: string; after: string }>(
        `select before::text, after::text from public.audit_events where member_id = $1 and kind = 'address_cooling_off_changed'`,
        [uid],
      );
      expect(JSON.parse(e.after)).toMatchObject({ id: address, usable_from: '2030-01-01T00:00:00+00:00' });
      expect(JSON.parse(e.before)).toHaveProperty('usable_from');
      // A pending correction's expiry lives in the engine's private state (the table owner's alone).
      const p = await rpc<{ id: number }>(
        adminAtAal2(staffIds.finance1),
        `select public.propose_correction($1, 'referral', '3.00', 'goodwill', 'expiry test') as r`,
        [uid],
      );
      await engine.db.query(
        `update private.open_pending_transfers set expires_at = now() + interval '1 day' where transfer_id = $1`,
        [p.id],
      );
      await rpc({ role: 'authenticated', uid }, 'select public.freeze_withdrawals() as r');
      const u = await rpc<{ id: number }>(
        adminAtAal2(staffIds.finance1),
        `select public.propose_staff_change('unfreeze', $1, '{}', 'expiry test') as r`,
        [uid],
      );
      await asCaller(engine.db, SERVICE, (tx) =>
        tx.query(`update public.staff_proposals set expires_at = now() + interval '2 days' where id = $1`, [
          u.id,
        ]),
      );
      expect(await kinds(uid)).toEqual(
        expect.arrayContaining([
          'address_cooling_off_changed',
          'transfer_pending',
          'transfer_expiry_changed',
          'staff_proposal_expiry_changed',
        ]),
      );
      // The member hears of the address, not of staff's internal expiries.
      expect((await notices(uid)).map((x) => x.kind)).toEqual([
        'address_added',
        'address_added_usable',
        'address_cooling_off_changed',
        'withdrawals_frozen',
      ]);
    });
  });

  describe('removing an address', () => {
    it('cancels every pending and approved withdrawal to it in the same transaction, and none other', async () => {
      const uid = await member();
      await fund(uid);
      const a1 = await addActiveAddress(engine.db, uid, 1, BTC);
      await addActiveAddress(engine.db, uid, 1, BTC_2);
      const pending = await file(uid, '1.00');
      const approved = await file(uid, '2.00');
      const elsewhere = await file(uid, '3.00', BTC_2);
      await rpc(
        adminAtAal2(staffIds.finance1),
        `select public.review_withdrawal_request($1, 'approve', null) as r`,
        [approved.id],
      );
      await rpc({ role: 'authenticated', uid }, 'select public.remove_withdrawal_address($1) as r', [a1]);
      const rows = (
        await engine.db.query<{ id: number; status: string; review_note: string | null }>(
          `select id::int as id, status, review_note from public.withdrawal_requests where user_id = $1 order by id`,
          [uid],
        )
      ).rows;
      const reason = 'Cancelled because you removed the address "Test address" from your address book.';
      expect(rows).toEqual([
        { id: Number(pending.id), status: 'cancelled', review_note: reason },
        { id: Number(approved.id), status: 'cancelled', review_note: reason },
        { id: Number(elsewhere.id), status: 'pending', review_note: null },
      ]);
    });

    it('a payout to an address no longer listed is refused, whoever tries', async () => {
      const uid = await member();
      await fund(uid);
      const a = await addActiveAddress(engine.db, uid, 1, BTC);
      const req = await file(uid, '4.00');
      const notYetApproved = await file(uid, '3.00');
      await rpc(
        adminAtAal2(staffIds.finance1),
        `select public.review_withdrawal_request($1, 'approve', null) as r`,
        [req.id],
      );
      // Removed behind the function's back (the table owner): the payout still cannot happen.
      await engine.db.query(`update public.withdrawal_addresses set removed_at = now() where id = $1`, [a]);
      expect(
        await attempt(() =>
          rpc(
            adminAtAal2(staffIds.finance2),
            `select public.review_withdrawal_request($1, 'pay', null, $2, $3, $4, $5) as r`,
            [req.id, ...payoutArgs('4.00')],
          ),
        ),
      ).toBe(
        "PT409 address_not_listed: The address of this withdrawal was removed from the member's address book: it cannot be paid.",
      );
      // Nor is a request to it approved.
      expect(
        await attempt(() =>
          rpc(
            adminAtAal2(staffIds.finance1),
            `select public.review_withdrawal_request($1, 'approve', null) as r`,
            [notYetApproved.id],
          ),
        ),
      ).toBe(
        "PT409 address_not_listed: The address of this withdrawal was removed from the member's address book: it cannot be approved.",
      );
      expect(
        await one(`select status from public.withdrawal_requests where id = $1`, [notYetApproved.id]),
      ).toEqual({
        status: 'pending',
      });
    });
  });
});
