/**
 * The money engine as properties over sequences of actions (issue 32), on PGlite and PostgreSQL 15.
 *
 * Three members and three staff (two finance admins and an owner) act in random order: members file
 * deposit notices (some for the same on-chain transaction as another member's), withdraw from each of
 * their withdrawable accounts and cancel; staff value notices, propose signed corrections, approve,
 * reject and withdraw pending transfers, approve, pay and reject withdrawals; members subscribe to
 * plans, redeem and cancel (issue 33; the second member was referred by the first), staff accept or
 * decline those instructions and run a month's returns (proposed by one, approved by another); time
 * makes pending transfers expire. Whatever the order, after every step:
 *   - the books balance: the sum over all accounts is zero (posted and pending), every card equals
 *     its ledger, the open-pending index agrees with the transfers (private.ledger_mismatches);
 *   - no member account has spent more than it was credited, counting what is reserved;
 *   - at most one posted transfer per business id, so one credit per on-chain transaction;
 *   - nothing was posted from pending without two distinct staff, neither of them the member;
 *   - a confirmed notice has exactly its one posted credit, for the amount it says;
 *   - no plan holds a negative principal, and Total Invest is the sum over the plans;
 *   - every accepted subscription of the referred member paid the referrer exactly one bonus of the
 *     firm's rate, and no bonus exists without one; a plan's month of returns is posted at most once.
 * Refusals are expected (that is what most random actions meet); only a refusal with an unexpected
 * SQLSTATE fails the run. Concurrent sessions (PostgreSQL 15 only): two withdrawals that together
 * exceed an account, two approvals of one pending transfer, and two members' valuations of one
 * transaction: exactly one of each pair succeeds.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addActiveAddress,
  adminAtAal2,
  asCaller,
  becomeCaller,
  callAs,
  createUser,
  engines,
  createStaff,
  payoutArgs,
  pgError,
  testTxId,
  valueNotice,
  type Caller,
  type Engine,
} from './helpers/db';

const BTC_ADDRESS = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const EXPECTED_REFUSALS = new Set(['22023', 'PT409', 'PT429', '42501', '23505']);
const seedOf = (name: string): number => {
  const seed = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
  console.log(`${name}: seed ${seed} (rerun with FC_SEED=${seed})`);
  return seed;
};

type Account = 'deposit_wallet' | 'interest_wallet' | 'referral' | 'total_invest';
type Step =
  | { kind: 'notice'; member: number; tx: number; quantity: string }
  | { kind: 'value'; staff: number; pick: number; rate: string }
  | { kind: 'correct'; staff: number; member: number; account: Account; amount: string }
  | { kind: 'approve' | 'reject' | 'withdraw'; staff: number; pick: number }
  | { kind: 'expire'; pick: number }
  | { kind: 'file'; member: number; account: Exclude<Account, 'total_invest'>; amount: string }
  | { kind: 'approveW' | 'payW' | 'rejectW'; staff: number; pick: number }
  | { kind: 'cancelW'; pick: number }
  | { kind: 'subscribe' | 'redeem'; member: number; plan: Plan; amount: string }
  | { kind: 'cancelP'; pick: number }
  | { kind: 'acceptP'; staff: number; member: number }
  | { kind: 'returns'; staff: number; approver: number; plan: Plan; month: string; rate: string };
type Plan = 'silver' | 'gold';

const staffIx = fc.nat(2);
const memberIx = fc.nat(2);
const pick = fc.nat(20);
// Amounts around the boundaries the engine draws: cents, exact balances, more than there is.
const usd = fc.constantFrom(
  '0.01',
  '1.00',
  '99.99',
  '100.00',
  '250.00',
  '1000.00',
  '5000.00',
  '999999999999.99',
);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('notice' as const),
    member: memberIx,
    tx: fc.nat(3),
    quantity: fc.constantFrom('0.5', '0.00000001', '1.25', '0.1'),
  }),
  // A valuation needs a pending notice worth at least a cent: weighted so that every run set reaches
  // one (seed 866541498 drew none that succeeded in 30 runs).
  {
    arbitrary: fc.record({
      kind: fc.constant('value' as const),
      staff: staffIx,
      pick,
      rate: fc.constantFrom('60000', '0.5', '1'),
    }),
    weight: 3,
  },
  fc.record({
    kind: fc.constant('correct' as const),
    staff: staffIx,
    member: memberIx,
    account: fc.constantFrom<Account>('deposit_wallet', 'interest_wallet', 'referral', 'total_invest'),
    amount: fc.oneof(
      usd,
      usd.map((a) => `-${a}`),
    ),
  }),
  { arbitrary: fc.record({ kind: fc.constant('approve' as const), staff: staffIx, pick }), weight: 3 },
  fc.record({ kind: fc.constantFrom('reject' as const, 'withdraw' as const), staff: staffIx, pick }),
  fc.record({ kind: fc.constant('expire' as const), pick }),
  fc.record({
    kind: fc.constant('file' as const),
    member: memberIx,
    account: fc.constantFrom<Exclude<Account, 'total_invest'>>(
      'deposit_wallet',
      'interest_wallet',
      'referral',
    ),
    // Each account opens at 300.00: around that, and a cent past it.
    amount: fc.constantFrom('0.01', '1.00', '99.99', '100.00', '150.00', '300.00', '300.01'),
  }),
  // Payouts need a filing, an approval and a pay by someone else, in that order: weighted so that
  // every run has a fair chance of reaching them.
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('approveW' as const, 'payW' as const),
      staff: staffIx,
      pick,
    }),
    weight: 4,
  },
  fc.record({ kind: fc.constantFrom('rejectW' as const), staff: staffIx, pick }),
  fc.record({ kind: fc.constant('cancelW' as const), pick }),
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('subscribe' as const, 'redeem' as const),
      member: memberIx,
      plan: fc.constantFrom<Plan>('silver', 'gold'),
      // Silver starts at 500, Gold at 5,000; each member holds 6,000 to invest.
      amount: fc.constantFrom(
        '0.01',
        '100.00',
        '499.99',
        '500.00',
        '1000.00',
        '4999.99',
        '5000.00',
        '6000.01',
      ),
    }),
    weight: 3,
  },
  fc.record({ kind: fc.constant('cancelP' as const), pick }),
  fc.record({
    kind: fc.constant('returns' as const),
    staff: staffIx,
    approver: staffIx,
    plan: fc.constantFrom<Plan>('silver', 'gold'),
    month: fc.constantFrom('2025-01', '2025-02'),
    rate: fc.constantFrom('1', '0.0001', '2.5'),
  }),
);

describe.each(engines)('money engine properties on %s', (name, open) => {
  let engine: Engine;
  const db = () => engine.db;

  beforeAll(async () => {
    engine = await open();
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
  });

  /** A new group of people whose first member, signed in, has `amount` put in `account` by an operator. */
  async function fundedMember(account: string, amount: string) {
    const group = await people();
    const m = group.members[0]!;
    await asCaller(db(), { role: 'service_role' }, (q) =>
      q.query(`select public.operator_post_correction($1, $2, $3, 'Opening balance')`, [m, account, amount]),
    );
    const member: Caller = { role: 'authenticated', uid: m };
    return { ...group, m, member };
  }

  async function people() {
    const members: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      // The second member signed up through the first one's referral link.
      const referral =
        i === 1
          ? (
              await db().query<{ code: string }>(
                'select referral_code as code from public.profiles where id = $1',
                [members[0]],
              )
            ).rows[0]!.code
          : undefined;
      const m = await createUser(db(), { meta: { username: `member ${i}`, referral_code: referral } });
      await addActiveAddress(db(), m.id, 1, BTC_ADDRESS);
      members.push(m.id);
    }
    const staff = [];
    for (const role of ['finance', 'finance', 'owner'] as const) {
      const s = await createStaff(db(), { role });
      staff.push(s.id);
    }
    return { members, staff };
  }

  /** Runs one action; answers 'ok' or the refusal's SQLSTATE (an unexpected one throws). */
  async function attempt(fn: () => Promise<unknown>): Promise<string> {
    try {
      await fn();
      return 'ok';
    } catch (error) {
      const { code, message } = pgError(error);
      if (!EXPECTED_REFUSALS.has(code)) throw new Error(`unexpected ${code}: ${message}`);
      return code;
    }
  }

  async function nth(sql: string, params: unknown[], index: number): Promise<string | undefined> {
    const { rows } = await db().query<{ id: string }>(sql, params);
    return rows.length ? rows[index % rows.length]!.id : undefined;
  }

  async function run(members: string[], staff: string[], s: Step, round: number): Promise<string> {
    const member = (i: number): Caller => ({ role: 'authenticated', uid: members[i]! });
    const admin = (i: number): Caller => adminAtAal2(staff[i]!);
    const scope = [members];
    switch (s.kind) {
      case 'notice':
        return attempt(() =>
          callAs(db(), member(s.member), `select public.file_deposit_notice(1::smallint, $1, $2) as r`, [
            s.quantity,
            testTxId(`${name}-${round}-tx-${s.tx}`),
          ]),
        );
      case 'value': {
        const id = await nth(
          `select id::text from public.deposit_notices where user_id = any($1) and status = 'pending' order by id`,
          scope,
          s.pick,
        );
        if (!id) return 'none';
        const { rows } = await db().query<{ usd: string }>(
          `select round(quantity * $2::numeric, 2)::text as usd from public.deposit_notices where id = $1`,
          [id, s.rate],
        );
        return attempt(() =>
          callAs(
            db(),
            admin(s.staff),
            `select public.review_deposit_notice($1, 'confirm', null, $2, $3, 'Test rate') as r`,
            [id, rows[0]!.usd, s.rate],
          ),
        );
      }
      case 'correct':
        return attempt(() =>
          callAs(
            db(),
            admin(s.staff),
            `select public.propose_correction($1, $2, $3, 'error_correction', 'Test correction', 'internal', null,
               case when $2 = 'total_invest' then 'gold' end) as r`,
            [members[s.member], s.account, s.amount],
          ),
        );
      case 'approve':
      case 'reject':
      case 'withdraw': {
        // An approval is tried by someone other than the proposer (own approvals: staff-proposals tests).
        const id = await nth(
          `select t.id::text from private.open_pending_transfers o join public.transfers t on t.id = o.transfer_id
           where o.user_id = any($1) and t.kind <> 'withdrawal' and ($3 <> 'approve' or t.proposed_by is distinct from $2)
           order by t.id`,
          [members, staff[s.staff], s.kind],
          s.pick,
        );
        if (!id) return 'none';
        const sql =
          s.kind === 'approve'
            ? `select public.approve_transfer($1) as r`
            : s.kind === 'reject'
              ? `select public.reject_transfer($1, 'Not right') as r`
              : `select public.withdraw_transfer($1) as r`;
        return attempt(() => callAs(db(), admin(s.staff), sql, [id]));
      }
      case 'expire': {
        const id = await nth(
          `select transfer_id::text as id from private.open_pending_transfers where user_id = any($1) order by 1`,
          scope,
          s.pick,
        );
        if (!id) return 'none';
        await db().query(
          `update private.open_pending_transfers set expires_at = now() - interval '1 second' where transfer_id = $1`,
          [id],
        );
        return 'ok';
      }
      case 'file':
        return attempt(() =>
          callAs(
            db(),
            member(s.member),
            `select public.file_withdrawal_request(1::smallint, $1, $2, $3) as r`,
            [s.account, s.amount, BTC_ADDRESS],
          ),
        );
      case 'approveW':
      case 'payW':
      case 'rejectW': {
        // Each staff action is tried on a request it can apply to (a pay on an approved one), so the
        // runs reach payouts; a wrong-state attempt is covered by the boundary test below.
        const states =
          s.kind === 'approveW' ? ['pending'] : s.kind === 'payW' ? ['approved'] : ['pending', 'approved'];
        const id = await nth(
          `select id::text from public.withdrawal_requests
           where user_id = any($1) and status = any($2) and ($4 <> 'payW' or approved_by <> $3) order by id`,
          [members, states, staff[s.staff], s.kind],
          s.pick,
        );
        if (!id) return 'none';
        if (s.kind === 'payW') {
          // What was sent reconciles with the request (the boundary test tries what does not).
          const { rows } = await db().query<{ amount: string }>(
            `select amount::text from public.withdrawal_requests where id = $1`,
            [id],
          );
          return attempt(() =>
            callAs(
              db(),
              admin(s.staff),
              `select public.review_withdrawal_request($1, 'pay', null, $2, $3, $4, $5) as r`,
              [id, ...payoutArgs(rows[0]!.amount)],
            ),
          );
        }
        const sql =
          s.kind === 'approveW'
            ? `select public.review_withdrawal_request($1, 'approve') as r`
            : `select public.review_withdrawal_request($1, 'reject', 'Not right') as r`;
        return attempt(() => callAs(db(), admin(s.staff), sql, [id]));
      }
      case 'subscribe':
      case 'redeem':
        return attempt(() =>
          callAs(
            db(),
            member(s.member),
            `select public.${s.kind === 'subscribe' ? 'subscribe_to_plan' : 'redeem_from_plan'}($1, $2, $3) as r`,
            [s.plan, s.amount, `prop-${round}-${Math.random().toString(36).slice(2, 12)}`],
          ),
        );
      case 'cancelP': {
        const { rows } = await db().query<{ id: string; user_id: string }>(
          `select t.id::text, t.user_id from private.open_pending_transfers o join public.transfers t on t.id = o.transfer_id
           where o.user_id = any($1) and t.kind in ('subscription', 'redemption') order by t.id`,
          scope,
        );
        const row = rows.length ? rows[s.pick % rows.length] : undefined;
        if (!row) return 'none';
        return attempt(() =>
          callAs(
            db(),
            { role: 'authenticated', uid: row.user_id },
            `select public.cancel_plan_instruction($1) as r`,
            [row.id],
          ),
        );
      }
      case 'acceptP': {
        const id = await nth(
          `select t.id::text from private.open_pending_transfers o join public.transfers t on t.id = o.transfer_id
           where o.user_id = $1 and t.kind in ('subscription', 'redemption') order by t.id desc`,
          [members[s.member]],
          0,
        );
        if (!id) return 'none';
        return attempt(() => callAs(db(), admin(s.staff), `select public.approve_transfer($1) as r`, [id]));
      }
      case 'returns': {
        const proposed = await attempt(() =>
          callAs(
            db(),
            admin(s.staff),
            `select public.propose_staff_change('returns_run', $1, $2::jsonb, 'Monthly returns') as r`,
            [`${s.plan}:${s.month}`, JSON.stringify({ rate_percent: s.rate })],
          ),
        );
        if (proposed !== 'ok') return proposed;
        const { rows } = await db().query<{ id: string }>(
          `select id::text from public.staff_proposals where kind = 'returns_run' and status = 'open' order by id desc limit 1`,
        );
        const approved = await attempt(() =>
          callAs(db(), admin(s.approver), `select public.approve_staff_change($1) as r`, [rows[0]!.id]),
        );
        // Whatever happened, nothing stays open to block the next run's month.
        await db().query(
          `update public.staff_proposals set status = 'expired', decided_at = now() where id = $1 and status = 'open'`,
          [rows[0]!.id],
        );
        return approved;
      }
      case 'cancelW': {
        const { rows } = await db().query<{ id: string; user_id: string }>(
          `select id::text, user_id from public.withdrawal_requests
           where user_id = any($1) and status in ('pending', 'approved') order by id`,
          scope,
        );
        const row = rows.length ? rows[s.pick % rows.length] : undefined;
        if (!row) return 'none';
        return attempt(() =>
          callAs(
            db(),
            { role: 'authenticated', uid: row.user_id },
            `select public.cancel_withdrawal_request($1) as r`,
            [row.id],
          ),
        );
      }
    }
  }

  async function checkBooks(members: string[]): Promise<void> {
    expect(
      await db()
        .query(`select * from private.ledger_mismatches()`)
        .then((r) => r.rows),
    ).toEqual([]);
    const overdrawn = await db().query(
      `select id from public.ledger_accounts where user_id is not null and debits_posted + debits_pending > credits_posted`,
    );
    expect(overdrawn.rows).toEqual([]);
    const twice = await db().query(
      `select business_id from public.transfers where phase in ('posted', 'post_pending') group by 1 having count(*) > 1`,
    );
    expect(twice.rows).toEqual([]);
    // Two people: a staff proposer and another poster, or the member's own instruction and staff.
    const oneEyed = await db().query(
      `select id from public.transfers where phase = 'post_pending'
         and (created_by is null or created_by = user_id or proposed_by = user_id
              or not ((proposed_by is not null and created_by <> proposed_by)
                      or (kind in ('subscription', 'redemption') and initiated_by = user_id)))`,
    );
    expect(oneEyed.rows).toEqual([]);
    const negativePlans = await db().query(
      `select user_id, plan from public.ledger_entries where account = 'total_invest' and user_id = any($1)
       group by 1, 2 having sum(delta) < 0 or plan is null`,
      [members],
    );
    expect(negativePlans.rows).toEqual([]);
    // Bonuses: one per accepted subscription of a referred member, at the firm's rate, and no other.
    const unpaid = await db().query(
      `select s.id from public.transfers s join public.profiles p on p.id = s.user_id
       where s.user_id = any($1) and s.kind = 'subscription' and s.phase in ('posted', 'post_pending')
         and p.referred_by is not null
         and (select count(*) from public.transfers b where b.kind = 'referral_bonus'
              and b.business_id = 'referral_bonus:' || coalesce(s.pending_id, s.id) and b.user_id = p.referred_by
              and b.amount = round(s.amount * private.referral_bonus_rate(), 2)) <> 1`,
      [members],
    );
    expect(unpaid.rows).toEqual([]);
    const unearned = await db().query(
      `select b.id from public.transfers b
       where b.kind = 'referral_bonus' and b.user_id = any($1)
         and not exists (select 1 from public.transfers s where s.kind = 'subscription'
           and s.phase in ('posted', 'post_pending') and b.business_id = 'referral_bonus:' || coalesce(s.pending_id, s.id))`,
      [members],
    );
    expect(unearned.rows).toEqual([]);
    const returnsTwice = await db().query(
      `select user_id, plan, client_text from public.transfers where kind = 'return' and user_id = any($1)
       group by 1, 2, 3 having count(*) > 1`,
      [members],
    );
    expect(returnsTwice.rows).toEqual([]);
    const notices = await db().query(
      `select n.id from public.deposit_notices n
       where n.user_id = any($1) and n.status = 'confirmed'
         and (select count(*) from public.transfers t
              where t.source = 'deposit_notice' and t.source_id = n.id and t.phase = 'post_pending'
                and t.amount = n.credited_amount and t.id = n.transfer_id) <> 1`,
      [members],
    );
    expect(notices.rows).toEqual([]);
    const perTx = await db().query(
      `select tx_id from public.deposit_notices where status = 'confirmed' group by tx_id having count(*) > 1`,
    );
    expect(perTx.rows).toEqual([]);
  }

  it('random sequences keep the books balanced, one credit per transaction and two people per post', async () => {
    let round = 0;
    const succeeded = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        // Every run ends by filing, approving and paying a withdrawal in whatever state the random
        // steps left, so each run reaches a payout (or its refusal) and not only by chance.
        fc.array(step, { minLength: 12, maxLength: 26 }).map((steps): Step[] => [
          ...steps,
          { kind: 'file', member: 0, account: 'deposit_wallet', amount: '1.00' },
          { kind: 'approveW', staff: 0, pick: 0 },
          { kind: 'payW', staff: 1, pick: 0 },
          // A withdrawal the member cancels before it is paid.
          { kind: 'file', member: 1, account: 'interest_wallet', amount: '1.00' },
          { kind: 'cancelW', pick: 0 },
          // And an investment taken the whole way: subscribed, accepted, paid a month's returns by
          // two staff, redeemed, accepted.
          { kind: 'subscribe', member: 2, plan: 'silver', amount: '500.00' },
          { kind: 'acceptP', staff: 2, member: 2 },
          { kind: 'returns', staff: 0, approver: 1, plan: 'silver', month: '2025-03', rate: '1' },
          { kind: 'redeem', member: 2, plan: 'silver', amount: '500.00' },
          { kind: 'acceptP', staff: 0, member: 2 },
        ]),
        async (steps) => {
          round += 1;
          const { members, staff } = await people();
          // Money to spend: each member starts with an opening balance in each withdrawable account,
          // and enough in the Deposit Wallet to invest in Silver or Gold.
          for (const m of members) {
            for (const [account, amount] of [
              ['deposit_wallet', '6000.00'],
              ['interest_wallet', '300.00'],
              ['referral', '300.00'],
            ]) {
              await asCaller(db(), { role: 'service_role' }, (q) =>
                q.query(`select public.operator_post_correction($1, $2, $3, 'Opening balance')`, [
                  m,
                  account,
                  amount,
                ]),
              );
            }
          }
          const outcomes: string[] = [];
          for (const s of steps) {
            const outcome = await run(members, staff, s, round);
            outcomes.push(`${s.kind}:${outcome}`);
            if (outcome === 'ok') succeeded.add(s.kind);
            await checkBooks(members);
          }
          return outcomes.length === steps.length;
        },
      ),
      { numRuns: 30, seed: seedOf(`money engine on ${name}`), endOnFailure: true },
    );
    // The runs reached every kind of action, not only its refusals.
    expect([...succeeded].sort()).toEqual(
      expect.arrayContaining([
        'approve',
        'approveW',
        'cancelW',
        'correct',
        'file',
        'notice',
        'acceptP',
        'payW',
        'redeem',
        'returns',
        'subscribe',
        'value',
      ]),
    );
  }, 600_000);

  it('every boundary: the exact balance, a cent more, the asset precision, the threshold', async () => {
    const { members, staff, m, member } = await fundedMember('deposit_wallet', '100.00');
    const file = (amount: string) =>
      attempt(() =>
        callAs(
          db(),
          member,
          `select public.file_withdrawal_request(1::smallint, 'deposit_wallet', $1, $2) as r`,
          [amount, BTC_ADDRESS],
        ),
      );
    expect(await file('100.01')).toBe('22023');
    expect(await file('60.00')).toBe('ok');
    // 40.00 is left; the reserved 60.00 counts against it.
    expect(await file('40.01')).toBe('22023');
    expect(await file('40.00')).toBe('ok');
    expect(await file('0.01')).toBe('22023');
    // A payout: approved by one admin, paid by another, with what left the firm recorded.
    const { rows: requests } = await db().query<{ id: string }>(
      `select id::text from public.withdrawal_requests where user_id = $1 order by id`,
      [m],
    );
    // At 50,000 USD per BTC a satoshi is 0.0005 USD, so sums that land on half a cent exist.
    const review = (who: number, action: string, request = 0, quantity = '0.0011899', fee = '0.00001') =>
      attempt(() =>
        callAs(
          db(),
          adminAtAal2(staff[who]!),
          `select public.review_withdrawal_request($1, $2, null, $3, '50000', $4, 'Test rate') as r`,
          [requests[request]!.id, action, quantity, fee],
        ),
      );
    expect(await review(0, 'pay')).toBe('PT409');
    expect(await review(0, 'approve')).toBe('ok');
    expect(await review(0, 'pay')).toBe('42501');
    // What was sent reconciles with the $60.00 requested: quantity plus fee, at the rate, to the cent
    // (half a cent rounds away from zero, as Postgres rounds numeric).
    expect(await review(1, 'pay', 0, '0.0012', '0.00001')).toBe('22023'); // the fee left out: 60.50
    expect(await review(1, 'pay', 0, '0.00118989', '0.00001')).toBe('22023'); // 59.9945 is 59.99
    expect(await review(1, 'pay', 0, '0.0011899', '0.00001')).toBe('ok'); // 59.995 is 60.00
    // The $40.00 request, from above.
    expect(await review(0, 'approve', 1)).toBe('ok');
    expect(await review(1, 'pay', 1, '0.0008001', '0')).toBe('22023'); // 40.005 is 40.01
    expect(await review(1, 'pay', 1, '0.00080009', '0')).toBe('ok'); // 40.0045 is 40.00
    const { rows: paid } = await db().query(
      `select t.phase, t.amount::text, t.quantity::text, t.network_fee::text from public.transfers t
       join public.withdrawal_requests r on r.id = t.source_id and t.source = 'withdrawal_request'
       where r.id = $1 and t.phase = 'post_pending'`,
      [requests[0]!.id],
    );
    expect(paid).toEqual([
      {
        phase: 'post_pending',
        amount: '60.00',
        quantity: '0.001189900000000000',
        network_fee: '0.000010000000000000',
      },
    ]);
    // Invested principal is never withdrawable.
    expect(
      await attempt(() =>
        callAs(
          db(),
          member,
          `select public.file_withdrawal_request(1::smallint, 'total_invest', '1.00', $1) as r`,
          [BTC_ADDRESS],
        ),
      ),
    ).toBe('22023');
    // BTC has 8 decimals: 8 are accepted, 9 are not.
    const notice = (quantity: string, label: string) =>
      attempt(() =>
        callAs(db(), member, `select public.file_deposit_notice(1::smallint, $1, $2) as r`, [
          quantity,
          testTxId(label),
        ]),
      );
    expect(await notice('0.00000001', `${name}-precision-8`)).toBe('ok');
    expect(await notice('0.000000001', `${name}-precision-9`)).toBe('22023');
    // A value that does not equal quantity x rate to the cent is refused; the exact one is taken.
    const { rows } = await db().query<{ id: string }>(
      `select id::text from public.deposit_notices where user_id = $1 order by id desc limit 1`,
      [m],
    );
    const value = (usd: string) =>
      attempt(() =>
        callAs(
          db(),
          adminAtAal2(staff[0]!),
          `select public.review_deposit_notice($1, 'confirm', null, $2, '60000', 'Test rate') as r`,
          [rows[0]!.id, usd],
        ),
      );
    expect(await value('0.01')).toBe('22023');
    // 0.00000001 BTC at 60,000 is 0.0006 USD: it rounds to 0.00, which is not a credit.
    expect(await value('0.00')).toBe('22023');
    // The small-edit threshold: below it posts at once, at it waits for a second admin.
    await db().query(
      `update public.firm_settings set small_edit_threshold = 50, small_edit_daily_limit = 60`,
    );
    const correct = (amount: string) =>
      callAs<{ phase: string }>(
        db(),
        adminAtAal2(staff[0]!),
        `select public.propose_correction($1, 'interest_wallet', $2, 'goodwill', 'Goodwill credit') as r`,
        [m, amount],
      );
    expect((await correct('49.99')).phase).toBe('posted');
    expect((await correct('50.00')).phase).toBe('pending');
    // 49.99 used of the 60.00 daily limit: 10.01 more reaches it, 10.00 stays below it.
    expect((await correct('10.01')).phase).toBe('pending');
    expect((await correct('10.00')).phase).toBe('posted');
    expect((await correct('0.01')).phase).toBe('pending');
    await db().query(
      `update public.firm_settings set small_edit_threshold = null, small_edit_daily_limit = null`,
    );
    await checkBooks(members);
  }, 120_000);

  it('a withdrawal in ETH reserves for 30 days against client funds in ETH; a deposit in ETH is taken from them', async () => {
    const { members, staff, m, member } = await fundedMember('interest_wallet', '100.00');
    await addActiveAddress(db(), m, 2, ETH_ADDRESS);
    const request = await callAs<{ id: number }>(
      db(),
      member,
      `select public.file_withdrawal_request(2::smallint, 'interest_wallet', '40.00', $1) as r`,
      [ETH_ADDRESS],
    );
    // What the member reads: the balance, what the request holds back, and what is left to spend.
    const accounts = await callAs<
      Array<{ account: string; balance: string; reserved: string; available: string }>
    >(
      db(),
      member,
      `select json_agg(json_build_object('account', a.account, 'balance', a.balance, 'reserved', a.reserved,
         'available', a.available)) as r from public.my_accounts() a where a.account = 'interest_wallet'`,
    );
    expect(accounts).toEqual([
      { account: 'interest_wallet', balance: '100.00', reserved: '40.00', available: '60.00' },
    ]);
    // What staff read: the reservation goes to the firm's client funds in the asset that leaves,
    // and lapses 30 days after filing (compared inside one row: no clock between them).
    const legs = async (source: string, sourceId: number) =>
      (
        await db().query(
          `select t.phase, d.purpose as debit, d.asset as debit_asset, c.purpose as credit, c.asset as credit_asset,
             (t.expires_at - t.created_at)::text as lapses_after
           from public.transfers t
           join public.ledger_accounts d on d.id = t.debit_account_id
           join public.ledger_accounts c on c.id = t.credit_account_id
           where t.source = $1 and t.source_id = $2 order by t.id`,
          [source, sourceId],
        )
      ).rows;
    expect(await legs('withdrawal_request', request.id)).toEqual([
      {
        phase: 'pending',
        debit: 'interest_wallet',
        debit_asset: null,
        credit: 'client_funds',
        credit_asset: 'ETH',
        lapses_after: '30 days',
      },
    ]);
    // A deposit in ETH, valued by one admin and approved by another, comes out of client funds in ETH.
    const notice = await callAs<{ id: number }>(
      db(),
      member,
      `select public.file_deposit_notice(2::smallint, '0.01', $1) as r`,
      [`0x${testTxId(`${name}-eth-deposit`)}`],
    );
    const transferId = await valueNotice(db(), notice.id, staff[0]!, null, '3000');
    await callAs(db(), adminAtAal2(staff[1]!), `select public.approve_transfer($1) as r`, [transferId]);
    expect((await legs('deposit_notice', notice.id)).map(({ lapses_after: _, ...leg }) => leg)).toEqual(
      ['pending', 'post_pending'].map((phase) => ({
        phase,
        debit: 'client_funds',
        debit_asset: 'ETH',
        credit: 'deposit_wallet',
        credit_asset: null,
      })),
    );
    await checkBooks(members);
  }, 120_000);

  it('cancelling a withdrawal releases its reservation at once: the member can spend the amount again', async () => {
    const { members, member } = await fundedMember('referral', '50.00');
    const file = (amount: string) =>
      callAs<{ id: number }>(
        db(),
        member,
        `select public.file_withdrawal_request(1::smallint, 'referral', $1, $2) as r`,
        [amount, BTC_ADDRESS],
      );
    const referral = () =>
      callAs<Array<{ reserved: string; available: string }>>(
        db(),
        member,
        `select json_agg(json_build_object('reserved', a.reserved, 'available', a.available)) as r
         from public.my_accounts() a where a.account = 'referral'`,
      );
    const request = await file('50.00');
    expect(await referral()).toEqual([{ reserved: '50.00', available: '0.00' }]);
    expect(await attempt(() => file('0.01'))).toBe('22023');
    await callAs(db(), member, `select public.cancel_withdrawal_request($1) as r`, [request.id]);
    expect(await referral()).toEqual([{ reserved: '0.00', available: '50.00' }]);
    const { rows } = await db().query(
      `select t.phase, t.void_reason from public.transfers t
       where t.source = 'withdrawal_request' and t.source_id = $1 order by t.id`,
      [request.id],
    );
    expect(rows).toEqual([
      { phase: 'pending', void_reason: null },
      { phase: 'void_pending', void_reason: 'cancelled' },
    ]);
    expect(await attempt(() => file('50.00'))).toBe('ok');
    await checkBooks(members);
  }, 120_000);

  it('a reservation that lapses cancels its request, approved or not, and an approved one can no longer be paid', async () => {
    const { members, staff, member } = await fundedMember('interest_wallet', '100.00');
    const file = (amount: string) =>
      callAs<{ id: number; transfer_id: number }>(
        db(),
        member,
        `select public.file_withdrawal_request(1::smallint, 'interest_wallet', $1, $2) as r`,
        [amount, BTC_ADDRESS],
      );
    const pending = await file('10.00');
    const approved = await file('20.00');
    await callAs(
      db(),
      adminAtAal2(staff[0]!),
      `select public.review_withdrawal_request($1, 'approve') as r`,
      [approved.id],
    );
    // Time travel (the table owner): both reservations lapse; the next filing on the account releases them.
    await db().query(
      `update private.open_pending_transfers set expires_at = now() - interval '1 second' where transfer_id = any($1)`,
      [[pending.transfer_id, approved.transfer_id]],
    );
    await file('1.00');
    const { rows } = await db().query(
      `select id, status, review_note from public.withdrawal_requests where id = any($1) order by id`,
      [[pending.id, approved.id]],
    );
    const note = 'Cancelled: it was not paid within 30 days, so the amount was released.';
    expect(rows).toEqual([
      { id: String(pending.id), status: 'cancelled', review_note: note },
      { id: String(approved.id), status: 'cancelled', review_note: note },
    ]);
    expect(
      await attempt(() =>
        callAs(
          db(),
          adminAtAal2(staff[1]!),
          `select public.review_withdrawal_request($1, 'pay', null, $2, $3, $4, $5) as r`,
          [approved.id, ...payoutArgs('20.00')],
        ),
      ),
    ).toBe('PT409');
    await checkBooks(members);
  }, 120_000);

  // Two real sessions need PostgreSQL's second connection (PGlite has one): this test exists only there.
  if (name === 'postgres 15')
    it('concurrent sessions: exactly one of each conflicting pair succeeds', async () => {
      const { members, staff } = await people();
      const [a, b] = members;
      await asCaller(db(), { role: 'service_role' }, (q) =>
        q.query(`select public.operator_post_correction($1, 'referral', '100.00', 'Opening balance')`, [a]),
      );
      const inTx = (caller: Caller, sql: string, params: unknown[]) =>
        attempt(() =>
          db().transaction(async (tx) => {
            await becomeCaller(tx, caller);
            await tx.query(sql, params);
          }),
        );
      const withdraw = `select public.file_withdrawal_request(1::smallint, 'referral', '70.00', $1)`;
      const two = await Promise.all([
        inTx({ role: 'authenticated', uid: a! }, withdraw, [BTC_ADDRESS]),
        inTx({ role: 'authenticated', uid: a! }, withdraw, [BTC_ADDRESS]),
      ]);
      expect(two.sort()).toEqual(['22023', 'ok']);

      const pending = await callAs<{ id: number }>(
        db(),
        adminAtAal2(staff[0]!),
        `select public.propose_correction($1, 'deposit_wallet', '500.00', 'goodwill', 'Goodwill credit') as r`,
        [b],
      );
      const approvals = await Promise.all([
        inTx(adminAtAal2(staff[1]!), `select public.approve_transfer($1)`, [pending.id]),
        inTx(adminAtAal2(staff[2]!), `select public.approve_transfer($1)`, [pending.id]),
      ]);
      expect(approvals.sort()).toEqual(['PT409', 'ok']);

      // The same transaction filed by two members (the second is the conflict staff see): valued at
      // once by two admins, only one pending credit can exist for it.
      const tx = testTxId(`${name}-shared-race`);
      const ids: string[] = [];
      for (const m of [a!, b!]) {
        const n = await callAs<{ id: number }>(
          db(),
          { role: 'authenticated', uid: m },
          `select public.file_deposit_notice(1::smallint, '0.5', $1) as r`,
          [tx],
        );
        ids.push(String(n.id));
      }
      const valued = await Promise.all(
        ids.map((id, i) =>
          inTx(
            adminAtAal2(staff[i]!),
            `select public.review_deposit_notice($1, 'confirm', null, '30000.00', '60000', 'Test rate')`,
            [id],
          ),
        ),
      );
      expect(valued.sort()).toEqual(['PT409', 'ok']);

      // Two investments at once that together exceed the Deposit Wallet: one is reserved, one refused.
      // (b holds the 500.00 goodwill credit above; 300.00 more makes 800.00: room for one of the two.)
      await asCaller(db(), { role: 'service_role' }, (q) =>
        q.query(`select public.operator_post_correction($1, 'deposit_wallet', '300.00', 'Opening balance')`, [
          b,
        ]),
      );
      const subscribe = `select public.subscribe_to_plan('silver', '500.00', $1)`;
      const invested = await Promise.all([
        inTx({ role: 'authenticated', uid: b! }, subscribe, ['race-key-one']),
        inTx({ role: 'authenticated', uid: b! }, subscribe, ['race-key-two']),
      ]);
      expect(invested.sort()).toEqual(['22023', 'ok']);
      // And the one instruction accepted by two admins at once: posted once, one referral bonus.
      const { rows } = await db().query<{ id: string }>(
        `select t.id::text from private.open_pending_transfers o join public.transfers t on t.id = o.transfer_id
         where o.user_id = $1 and t.kind = 'subscription'`,
        [b],
      );
      const accepted = await Promise.all([
        inTx(adminAtAal2(staff[0]!), `select public.approve_transfer($1)`, [rows[0]!.id]),
        inTx(adminAtAal2(staff[1]!), `select public.approve_transfer($1)`, [rows[0]!.id]),
      ]);
      expect(accepted.sort()).toEqual(['PT409', 'ok']);
      await checkBooks(members);
    }, 120_000);
});
