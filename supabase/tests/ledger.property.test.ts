/**
 * Property test of the money paths on the engine (issue 32). fast-check drives random sequences of
 * staff corrections (signed amounts on one account: valid and invalid, approved by the other admin,
 * rejected, or self-approved and withdrawn), deposit notices and their valuation and credit, withdrawal
 * requests (reserved at filing) and their reviews, and two admins submitting one correction form at
 * once (on PostgreSQL 15 over two real connections). A model in TypeScript (integer cents) says what
 * each step must do; after every step we check:
 *   - the books balance (private.ledger_mismatches: zero sum over all accounts, posted and pending;
 *     every profile card equals its ledger; the open-pending index agrees with the transfers),
 *   - no member account below zero counting pending debits, no card negative,
 *   - the database equals the model (cards, statuses): no update lost silently,
 *   - a refused step left the database byte-for-byte unchanged (fingerprint),
 *   - nothing posted by staff without two distinct people, one credit per on-chain transaction.
 * Runs are steered onto every cap (pending and hourly filing caps, the largest amount, the hour a
 * filing counts for): `fill` files until the model says the next filing is refused, `age` moves a
 * member's filings to just inside or just outside the hour, amounts include the largest allowed one
 * and the next cent. Each cap must be met at its last allowed step and at the first refused one.
 * The seed is logged; rerun a failure with FC_SEED=<seed>.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../local/db/engine';
import type { AddressNetwork } from '../../src/lib/addresses';
import { canonicalTxId } from '../../src/lib/transaction-ids';
import {
  asCaller,
  becomeCaller,
  addActiveAddress,
  createUser,
  engines,
  createStaff,
  adminAtAal2,
  pgError,
  payoutArgs,
  type Caller,
  type Engine,
  testTxId,
} from './helpers/db';

const ACCOUNTS = [
  'interest_wallet',
  'deposit_wallet',
  'total_invest',
  'total_deposit',
  'total_withdraw',
  'referral',
] as const;
type Account = (typeof ACCOUNTS)[number];
/** The member accounts a correction moves (Total Deposit and Total Withdraw are derived cards). */
const MEMBER_ACCOUNTS = ['interest_wallet', 'deposit_wallet', 'total_invest', 'referral'] as const;
type MemberAccount = (typeof MEMBER_ACCOUNTS)[number];
/** A deposit notice's quantity above this (in hundredths) is refused as too large. */
const MAX_QUANTITY_CENTS = 10_000_000_000_000n;

const BAD_MONEY = ['abc', 'NaN', 'Infinity', '1e5', '1,000', '-1', '1.234', '', '-0.50', '1000000000000'];

/** The filing caps (migration cap_member_filings) and the largest amount (parse_money), in cents. */
const CAPS = {
  noticePending: 5,
  noticeHourly: 10,
  requestPending: 3,
  requestHourly: 5,
} as const;
const MAX_CENTS = 99_999_999_999_999n;
/** Minutes a filing is moved back by `age`: just inside and just outside the hour it counts for. */
const AGE_MINUTES = [59, 61] as const;

const cents = (c: bigint) => `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`;

type Money = { ok: true; cents: bigint } | { ok: false; text: string };
const moneyArb = (max: number): fc.Arbitrary<Money> =>
  fc.oneof(
    {
      weight: 9,
      arbitrary: fc.bigInt({ min: 0n, max: BigInt(max) }).map((c) => ({ ok: true as const, cents: c })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_MONEY).map((text) => ({ ok: false as const, text })) },
    // The largest amount and the cent after it.
    {
      weight: 2,
      arbitrary: fc.constantFrom(MAX_CENTS, MAX_CENTS + 1n).map((c) => ({ ok: true as const, cents: c })),
    },
  );
const moneyText = (m: Money) => (m.ok ? cents(m.cents) : m.text);

type Action =
  | {
      kind: 'edit';
      user: number;
      admin: number;
      account: MemberAccount;
      amount: Money;
      /** A debit (a signed "-12.50"), else a credit. */
      debit: boolean;
      /** What happens to the proposal: the other admin approves or rejects it, or its proposer tries to approve it and then withdraws it. */
      then: 'approve' | 'reject' | 'self';
    }
  | { kind: 'notice'; user: number; wallet: number; amount: Money; tx: number }
  | { kind: 'reviewNotice'; pick: number; decision: 'confirm' | 'reject' }
  | { kind: 'request'; user: number; amount: Money }
  | { kind: 'reviewRequest'; pick: number; action: 'approve' | 'reject' | 'pay' }
  | { kind: 'concurrent'; user: number; a: bigint; b: bigint }
  | { kind: 'fill'; what: 'notice' | 'request'; user: number; reject: boolean }
  | { kind: 'age'; user: number; minutes: (typeof AGE_MINUTES)[number] };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      user: fc.nat(1),
      admin: fc.nat(1),
      account: fc.constantFrom(...MEMBER_ACCOUNTS),
      // A signed amount: the bad texts that are not negative numbers (those are debits now).
      amount: moneyArb(500_000).filter((m) => m.ok || !m.text.startsWith('-')),
      debit: fc.nat(2).map((n) => n === 0),
      then: fc.constantFrom('approve' as const, 'approve' as const, 'reject' as const, 'self' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('notice' as const),
      user: fc.nat(1),
      wallet: fc.constantFrom(1, 2, 5, 6),
      amount: moneyArb(100_000),
      tx: fc.nat(5),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('reviewNotice' as const),
      pick: fc.nat(),
      decision: fc.constantFrom('confirm' as const, 'reject' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('request' as const),
      user: fc.nat(1),
      amount: moneyArb(200_000),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('reviewRequest' as const),
      pick: fc.nat(),
      action: fc.constantFrom('approve' as const, 'reject' as const, 'pay' as const),
    }),
  },
  {
    // Races are where ledgers lose money: about a third of all steps are two admins saving at once.
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('concurrent' as const),
      user: fc.nat(1),
      a: fc.bigInt(0n, 10_000n),
      b: fc.bigInt(0n, 10_000n),
    }),
  },
  {
    // Files until a cap refuses; rejecting each filing at once keeps the pending count down, so
    // the hourly cap is the one met.
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('fill' as const),
      what: fc.constantFrom('notice' as const, 'request' as const),
      user: fc.nat(1),
      reject: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('age' as const),
      user: fc.nat(1),
      minutes: fc.constantFrom(...AGE_MINUTES),
    }),
  },
);

/**
 * One run fast-check plays before its random ones: a credit of the largest amount and of the cent
 * after it. Random runs reach them too, but not always: from the generator's weights, PGlite's 16
 * runs miss the largest amount about once in 20 seeds (a CI run on 2026-12-02 did). The test demands
 * that every edge be met, so that check must not depend on the seed.
 */
const EDGE_RUN: Action[] = [
  ...[MAX_CENTS, MAX_CENTS + 1n].map((c): Action => ({
    kind: 'edit',
    user: 0,
    admin: 0,
    account: 'deposit_wallet',
    amount: { ok: true, cents: c },
    debit: false,
    then: 'approve',
  })),
  ...Array.from({ length: 23 }, (_, i): Action => ({ kind: 'concurrent', user: i % 2, a: 100n, b: 250n })),
];

/** Which cap limits a step and whether the step was the last allowed or the first refused. */
type CapEvent = `${keyof typeof CAPS | 'amount'}: ${'at' | 'over'}`;

interface Member {
  id: string;
  balances: Record<Account, bigint>;
}

describe.each(engines)('ledger property on %s', (name, open) => {
  let engine: Engine;
  let admins: Caller[];
  let run = 0;
  const reached = new Map<CapEvent, number>();
  const hit = (event: CapEvent) => reached.set(event, (reached.get(event) ?? 0) + 1);

  beforeAll(async () => {
    engine = await open();
    admins = [];
    for (const email of ['p-admin1@prop.test', 'p-admin2@prop.test']) {
      const user = await createStaff(engine.db, { email });
      admins.push(adminAtAal2(user.id));
    }
  });

  afterAll(async () => {
    await engine?.close();
  });

  it('keeps balances equal to the ledger, never negative, with no lost or partial updates', async () => {
    const seed = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
    const numRuns = name === 'pglite' ? 16 : 32;
    console.log(`ledger property on ${name}: seed ${seed}, ${numRuns} runs (rerun with FC_SEED=${seed})`);
    let steps = 0;
    let refused = 0;
    let races = 0;
    const db = engine.db;

    await fc
      .assert(
        fc.asyncProperty(fc.array(actionArb, { minLength: 25, maxLength: 50 }), async (actions) => {
          run += 1;
          const members: Member[] = [];
          for (let i = 0; i < 2; i++) {
            const u = await createUser(db, { email: `m${i}-run${run}-${seed}@prop.test` });
            await addActiveAddress(db, u.id, 1, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
            members.push({
              id: u.id,
              balances: Object.fromEntries(ACCOUNTS.map((a) => [a, 0n])) as Record<Account, bigint>,
            });
          }
          const memberCaller = (i: number): Caller => ({ role: 'authenticated', uid: members[i]!.id });
          // `age`: minutes the filing was moved back; the hourly caps count those under 60.
          const notices: {
            id: string;
            user: number;
            amount: bigint;
            status: string;
            key: string;
            age: number;
          }[] = [];
          const requests: { id: string; user: number; amount: bigint; status: string; age: number }[] = [];
          let fillTx = 0;
          // Spellings of four transactions: case, 0x, padding and an invisible character vary, so
          // the model has to know each network's canonical form (src/lib/transaction-ids.ts).
          const hex = (letter: string) => testTxId(`${seed}-${run}-${letter}`);
          const txText = (n: number) =>
            [hex('a').toUpperCase(), hex('a'), `  0x${hex('b')} `, hex('b'), hex('c'), `${hex('d')}\u200b`][
              n
            ]!;
          const NETWORK_OF: Record<number, AddressNetwork> = {
            1: 'bitcoin',
            2: 'ethereum',
            5: 'ripple',
            6: 'tron',
          };

          const call = async (caller: Caller, sql: string, params: unknown[]) => {
            try {
              const { rows } = await asCaller(db, caller, (tx) =>
                tx.query<{ r: Record<string, unknown> | string }>(sql, params),
              );
              const r = rows[0]?.r;
              return {
                code: 'ok',
                message: '',
                row: (typeof r === 'string' ? JSON.parse(r) : r) as Record<string, unknown>,
              };
            } catch (error) {
              const { code, message } = pgError(error);
              return { code, message, row: undefined };
            }
          };

          /** A refusal at a cap must name that cap: the pending one, else the hourly one. */
          const capMessage = (pendingFull: boolean) =>
            pendingFull ? /waiting for review/ : /in the last hour/;

          const fileNotice = async (user: number, wallet: number, amount: Money, text: string) => {
            const key = canonicalTxId(NETWORK_OF[wallet]!, text);
            // The member sends a quantity of the asset; '1.234' is one, so it stands for a bad one here.
            const quantity = amount.ok
              ? cents(amount.cents)
              : amount.text === '1.234'
                ? '1.2.3'
                : amount.text;
            const result = await call(
              memberCaller(user),
              `select public.file_deposit_notice($1::smallint, $2, $3) as r`,
              [wallet, quantity, text],
            );
            const mine = notices.filter((n) => n.user === user);
            const pending = mine.filter((n) => n.status === 'pending').length;
            const hourly = mine.filter((n) => n.age < 60).length;
            let expected: string;
            if (wallet === 6 || !amount.ok || amount.cents === 0n || key === null) expected = '22023';
            else if (amount.cents > MAX_QUANTITY_CENTS) expected = '22023';
            else if (pending >= CAPS.noticePending || hourly >= CAPS.noticeHourly) {
              expected = 'PT429';
              hit(pending >= CAPS.noticePending ? 'noticePending: over' : 'noticeHourly: over');
              if (result.code === expected)
                expect(result.message).toMatch(capMessage(pending >= CAPS.noticePending));
            } else if (mine.some((n) => n.key === key && n.status !== 'rejected')) expected = '23505';
            else {
              expected = 'ok';
              if (pending === CAPS.noticePending - 1) hit('noticePending: at');
              if (hourly === CAPS.noticeHourly - 1) hit('noticeHourly: at');
              notices.push({
                id: String(result.row?.id),
                user,
                amount: amount.cents,
                status: 'pending',
                key: key ?? '', // never null here: a refused id is expected as 22023 above
                age: 0,
              });
            }
            return { expected, result };
          };

          const fileRequest = async (user: number, amount: Money) => {
            const result = await call(
              memberCaller(user),
              `select public.file_withdrawal_request(1::smallint, 'interest_wallet', $1, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa') as r`,
              [moneyText(amount)],
            );
            const mine = requests.filter((r) => r.user === user);
            const pending = mine.filter((r) => r.status === 'pending').length;
            const hourly = mine.filter((r) => r.age < 60).length;
            let expected: string;
            if (!amount.ok || amount.cents === 0n) expected = '22023';
            else if (amount.cents > MAX_CENTS) {
              expected = '22023';
              hit('amount: over');
            }
            // Filing caps (checked before the balance).
            else if (pending >= CAPS.requestPending || hourly >= CAPS.requestHourly) {
              expected = 'PT429';
              hit(pending >= CAPS.requestPending ? 'requestPending: over' : 'requestHourly: over');
              if (result.code === expected)
                expect(result.message).toMatch(capMessage(pending >= CAPS.requestPending));
            } else if (amount.cents > available(user)) expected = '22023';
            else {
              expected = 'ok';
              if (pending === CAPS.requestPending - 1) hit('requestPending: at');
              if (hourly === CAPS.requestHourly - 1) hit('requestHourly: at');
              requests.push({
                id: String(result.row?.id),
                user,
                amount: amount.cents,
                status: 'pending',
                age: 0,
              });
            }
            return { expected, result };
          };

          /** The interest wallet less what pending and approved requests hold. */
          const available = (user: number) => {
            const held = requests
              .filter((r) => r.user === user && (r.status === 'pending' || r.status === 'approved'))
              .reduce((s, r) => s + r.amount, 0n);
            const left = members[user]!.balances.interest_wallet - held;
            return left > 0n ? left : 0n;
          };

          for (const action of actions) {
            steps += 1;
            const before = await runFingerprint(db, members);
            let expected: string;
            let result: { code: string; row?: Record<string, unknown> | undefined };

            switch (action.kind) {
              case 'edit': {
                // Four eyes: one admin proposes a correction, and only the other one's approval moves money.
                const m = members[action.user]!;
                const other = admins[1 - action.admin]!;
                result = await call(
                  admins[action.admin]!,
                  // Invested principal is held in a plan: the tests' principal is in Gold.
                  `select public.propose_correction($1, $2, $3, 'error_correction', 'property edit', null, null,
                     case when $2 = 'total_invest' then 'gold' end) as r`,
                  [m.id, action.account, (action.debit ? '-' : '') + moneyText(action.amount)],
                );
                const held =
                  action.account === 'interest_wallet'
                    ? m.balances.interest_wallet - available(action.user)
                    : 0n;
                if (!action.amount.ok || action.amount.cents === 0n) expected = '22023';
                else if (action.amount.cents > MAX_CENTS) {
                  expected = '22023';
                  hit('amount: over');
                } else if (action.debit && action.amount.cents > m.balances[action.account] - held)
                  expected = '22023';
                else {
                  expected = 'ok';
                  if (action.amount.cents === MAX_CENTS) hit('amount: at');
                }
                if (result.code !== 'ok' || expected !== 'ok') break;
                expect(result.row?.phase, 'with no small-edit threshold every correction waits').toBe(
                  'pending',
                );
                const proposal = String(result.row?.id);
                const proposed = await runFingerprint(db, members);
                if (action.then === 'self') {
                  const self = await call(admins[action.admin]!, `select public.approve_transfer($1) as r`, [
                    proposal,
                  ]);
                  expect(self.code, 'the proposer cannot approve their own proposal').toBe('42501');
                  const selfReject = await call(
                    admins[action.admin]!,
                    `select public.reject_transfer($1, 'mine') as r`,
                    [proposal],
                  );
                  expect(selfReject.message, 'the refusal names the way out').toBe(
                    'You proposed this transfer: retract it instead.',
                  );
                  expect(await runFingerprint(db, members), 'a refused approval changed the database').toBe(
                    proposed,
                  );
                  result = await call(admins[action.admin]!, `select public.withdraw_transfer($1) as r`, [
                    proposal,
                  ]);
                } else if (action.then === 'reject') {
                  result = await call(other, `select public.reject_transfer($1, 'property says no') as r`, [
                    proposal,
                  ]);
                } else {
                  result = await call(other, `select public.approve_transfer($1) as r`, [proposal]);
                  m.balances[action.account] +=
                    (action.debit ? -1n : 1n) * (action.amount.ok ? action.amount.cents : 0n);
                }
                break;
              }
              case 'notice': {
                ({ expected, result } = await fileNotice(
                  action.user,
                  action.wallet,
                  action.amount,
                  txText(action.tx),
                ));
                break;
              }
              case 'reviewNotice': {
                if (notices.length === 0) continue;
                const n = notices[action.pick % notices.length]!;
                // Four eyes (issue 32): valuing the notice (at 1 USD per unit here) records a pending
                // credit; a second admin approves that transfer.
                result = await call(
                  admins[0]!,
                  `select public.review_deposit_notice($1, $2, 'property says no', $3, '1', 'Property rate') as r`,
                  [n.id, action.decision, cents(n.amount)],
                );
                if (result.code === 'ok' && action.decision === 'confirm') {
                  result = await call(admins[1]!, `select public.approve_transfer($1) as r`, [
                    result.row?.transfer_id,
                  ]);
                }
                if (n.status !== 'pending') expected = 'PT409';
                // Another member's notice for the same transaction was credited: this one never is.
                else if (
                  action.decision === 'confirm' &&
                  notices.some((o) => o !== n && o.key === n.key && o.status === 'confirmed')
                )
                  expected = 'PT409';
                else {
                  expected = 'ok';
                  n.status = action.decision === 'confirm' ? 'confirmed' : 'rejected';
                  if (action.decision === 'confirm') {
                    const m = members[n.user]!;
                    m.balances.deposit_wallet += n.amount;
                    m.balances.total_deposit += n.amount;
                  }
                }
                break;
              }
              case 'request': {
                ({ expected, result } = await fileRequest(action.user, action.amount));
                break;
              }
              case 'reviewRequest': {
                if (requests.length === 0) continue;
                const r = requests[action.pick % requests.length]!;
                const m = members[r.user]!;
                // Four eyes: the first admin approves, the second pays; a rejection carries a reason.
                result = await call(
                  admins[action.action === 'approve' ? 0 : 1]!,
                  `select public.review_withdrawal_request($1, $2, $3, $4, $5, $6, $7) as r`,
                  [
                    r.id,
                    action.action,
                    action.action === 'reject' ? 'property says no' : null,
                    ...(action.action === 'pay' ? payoutArgs(cents(r.amount)) : [null, null, null, null]),
                  ],
                );
                const allowed =
                  (r.status === 'pending' && action.action !== 'pay') ||
                  (r.status === 'approved' && action.action !== 'approve');
                // The amount was reserved at filing: paying an approved request never finds it short.
                if (!allowed) expected = 'PT409';
                else {
                  expected = 'ok';
                  r.status = { approve: 'approved', reject: 'rejected', pay: 'paid' }[action.action];
                  if (action.action === 'pay') {
                    m.balances.interest_wallet -= r.amount;
                    m.balances.total_withdraw += r.amount;
                  }
                }
                break;
              }
              case 'concurrent': {
                races += 1;
                // Two admins submit one correction form (its request key) with different amounts at once:
                // the key records one correction, the other is refused.
                const m = members[action.user]!;
                const values = [action.a + 1n, action.a + action.b + 2n];
                const saved = await saveConcurrently(
                  db,
                  admins,
                  m.id,
                  `race-${seed}-${run}-${races}`,
                  values.map((v) => cents(v)),
                  engine.name === 'postgres 15',
                );
                const results = saved.map((r) => r.code);
                const winners = results.map((r, i) => (r === 'ok' ? i : -1)).filter((i) => i >= 0);
                expect(results.slice().sort(), 'exactly one of two concurrent proposals wins').toEqual([
                  'PT409',
                  'ok',
                ]);
                const winner = winners[0]!;
                result = await call(admins[1 - winner]!, `select public.approve_transfer($1) as r`, [
                  saved[winner]!.id,
                ]);
                m.balances.referral += values[winner]!;
                expected = 'ok';
                break;
              }
              case 'fill': {
                const m = members[action.user]!;
                if (action.what === 'request' && available(action.user) < 100n) {
                  // Money to withdraw, so the caps and not the balance end the filling.
                  const topUp = m.balances.interest_wallet + 1_000_000n;
                  if (topUp <= MAX_CENTS) {
                    // Four eyes: one admin proposes the top-up, the other approves it.
                    const proposed = await call(
                      admins[0]!,
                      `select public.propose_correction($1, 'interest_wallet', '10000.00', 'other', 'property top-up') as r`,
                      [m.id],
                    );
                    expect(proposed.code, 'top-up proposal before filling requests').toBe('ok');
                    const approved = await call(admins[1]!, `select public.approve_transfer($1) as r`, [
                      String(proposed.row?.id),
                    ]);
                    expect(approved.code, 'top-up approved before filling requests').toBe('ok');
                    m.balances.interest_wallet = topUp;
                  }
                }
                for (let i = 0; i < CAPS.noticeHourly + 2; i += 1) {
                  const step =
                    action.what === 'notice'
                      ? await fileNotice(
                          action.user,
                          1,
                          { ok: true, cents: 100n },
                          hex(`fill-${(fillTx += 1)}`),
                        )
                      : await fileRequest(action.user, { ok: true, cents: 1n });
                  expect(step.result.code, `fill ${action.what} #${i + 1}`).toBe(step.expected);
                  if (step.expected !== 'ok') break;
                  if (action.reject) {
                    const filed = action.what === 'notice' ? notices.at(-1)! : requests.at(-1)!;
                    const review = await call(
                      admins[0]!,
                      action.what === 'notice'
                        ? `select public.review_deposit_notice($1, 'reject', 'property says no') as r`
                        : `select public.review_withdrawal_request($1, 'reject', 'property says no') as r`,
                      [filed.id],
                    );
                    expect(review.code, 'rejecting a filing at once').toBe('ok');
                    filed.status = 'rejected';
                  }
                }
                result = { code: 'ok' };
                expected = 'ok';
                break;
              }
              case 'age': {
                for (const table of ['deposit_notices', 'withdrawal_requests']) {
                  await db.query(
                    `update public.${table} set created_at = created_at - make_interval(mins => $2) where user_id = $1`,
                    [members[action.user]!.id, action.minutes],
                  );
                }
                for (const f of [...notices, ...requests])
                  if (f.user === action.user) f.age += action.minutes;
                result = { code: 'ok' };
                expected = 'ok';
                break;
              }
            }

            expect(
              result.code,
              `${action.kind} ${JSON.stringify(action, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}`,
            ).toBe(expected);
            if (expected !== 'ok') {
              refused += 1;
              expect(await runFingerprint(db, members), 'a refused step changed the database').toBe(before);
            }
            await checkInvariants(db, members, notices, requests);
          }
        }),
        { seed, numRuns, endOnFailure: true, examples: [[EDGE_RUN]] },
      )
      .catch((error: unknown) => {
        // The seed in the failure itself, so a red CI log is enough to replay it.
        throw new Error(
          `ledger property failed on ${name} with seed ${seed}: replay with FC_SEED=${seed}\n${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      });
    console.log(
      `ledger property on ${name}: seed ${seed}, ${steps} steps, ${races} concurrent saves, ${refused} refused as expected`,
    );
    expect(steps).toBeGreaterThan(numRuns * 25 - 1);
    // Every cap was met at its last allowed step and at the first refused one.
    const events = Object.keys(CAPS).flatMap((cap) => [`${cap}: at`, `${cap}: over`]);
    const missed = [...events, 'amount: at', 'amount: over'].filter((e) => !reached.get(e as CapEvent));
    console.log(`ledger property on ${name}: caps met ${JSON.stringify(Object.fromEntries(reached))}`);
    expect(missed, 'caps no run reached').toEqual([]);
    // Races must stay a large share of the steps, not a rare event.
    expect(races).toBeGreaterThan(numRuns * 4);
  }, 900_000); // a time limit, not a target: about 25 s per engine on an idle machine
});

async function saveConcurrently(
  db: Engine['db'],
  admins: Caller[],
  userId: string,
  requestKey: string,
  referral: string[],
  realConnections: boolean,
): Promise<{ code: string; id?: string }[]> {
  // On PostgreSQL both transactions are open and past their role switch before either saves: a
  // real race on two connections. PGlite has one connection, so there they run one after the other.
  let arrived = 0;
  let release: () => void = () => undefined;
  const bothReady = new Promise<void>((resolve) => (release = resolve));
  const save = (i: number) =>
    db
      .transaction(async (tx: Queryable) => {
        await becomeCaller(tx, admins[i]!);
        if (realConnections) {
          arrived += 1;
          if (arrived === 2) release();
          await bothReady;
        }
        const { rows } = await tx.query<{ id: string }>(
          `select public.propose_correction($1, 'referral', $2, 'error_correction', 'concurrent save', null, $3) ->> 'id' as id`,
          [userId, referral[i], requestKey],
        );
        return rows[0]!.id;
      })
      .then(
        (id) => ({ code: 'ok', id }),
        (error: unknown) => ({ code: pgError(error).code }),
      );
  return Promise.all([save(0), save(1)]);
}

/** What a step could change (the run's members, their rows, the whole ledger's size), cheaply. */
async function runFingerprint(db: Engine['db'], members: Member[]): Promise<string> {
  const { rows } = await db.query<{ h: string }>(
    `select md5(concat_ws('|',
       (select string_agg(concat_ws(',', p.id, p.interest_wallet, p.deposit_wallet, p.total_invest, p.total_deposit,
                                    p.total_withdraw, p.referral, p.updated_at), ';' order by p.id)
          from public.profiles p where p.id = any($1::uuid[])),
       (select string_agg(concat_ws(',', a.id, a.debits_pending, a.debits_posted, a.credits_pending, a.credits_posted), ';' order by a.id)
          from public.ledger_accounts a where a.user_id = any($1::uuid[]) or a.user_id is null),
       (select count(*) || ':' || coalesce(max(t.id), 0) from public.transfers t),
       (select count(*) || ':' || coalesce(max(l.id), 0) from public.ledger_entries l),
       (select string_agg(concat_ws(',', n.id, n.status, n.amount, n.transfer_id, n.reviewed_at), ';' order by n.id)
          from public.deposit_notices n where n.user_id = any($1::uuid[])),
       (select count(*) from public.deposit_notices),
       (select string_agg(concat_ws(',', w.id, w.status, w.reviewed_at, w.paid_at), ';' order by w.id)
          from public.withdrawal_requests w where w.user_id = any($1::uuid[])),
       (select count(*) from public.withdrawal_requests))) as h`,
    [members.map((m) => m.id)],
  );
  return rows[0]!.h;
}

async function checkInvariants(
  db: Engine['db'],
  members: Member[],
  notices: { id: string; status: string }[],
  requests: { id: string; status: string }[],
): Promise<void> {
  // The books balance: zero sum over every account (the firm's too), each card equals its ledger, the
  // open-pending index agrees with the transfers.
  const mismatches = await db.query(
    'select * from private.ledger_mismatches() where user_id is null or user_id = any($1::uuid[])',
    [members.map((m) => m.id)],
  );
  expect(mismatches.rows, 'where the books do not balance').toEqual([]);
  // Four eyes: nothing posted by staff unless a second person posted a pending transfer, or it was
  // a small edit (none here: no threshold is set).
  const alone = await db.query(
    `select t.id from public.transfers t
     where t.user_id = any($1::uuid[])
       and ((t.phase = 'posted' and t.created_by is not null)
            or (t.phase = 'post_pending' and (t.proposed_by is null or t.created_by = t.proposed_by)))`,
    [members.map((m) => m.id)],
  );
  expect(alone.rows, 'money moved without two distinct admins').toEqual([]);
  // No member account below zero counting what is reserved; one credit per on-chain transaction.
  const overdrawn = await db.query(
    `select id from public.ledger_accounts where user_id is not null and credits_posted - debits_posted - debits_pending < 0`,
  );
  expect(overdrawn.rows).toEqual([]);
  const twice = await db.query(
    `select business_id from public.transfers where kind = 'deposit' and phase in ('posted', 'post_pending')
     group by business_id having count(*) > 1`,
  );
  expect(twice.rows, 'an on-chain transaction credited twice').toEqual([]);
  const negative = await db.query(
    `select id from public.profiles where least(interest_wallet, deposit_wallet, total_invest, total_deposit, total_withdraw, referral) < 0`,
  );
  expect(negative.rows).toEqual([]);
  const { rows } = await db.query<Record<string, string>>(
    `select id, ${ACCOUNTS.map((a) => `${a}::text as ${a}`).join(', ')} from public.profiles where id = any($1::uuid[])`,
    [members.map((m) => m.id)],
  );
  for (const m of members) {
    const row = rows.find((r) => r.id === m.id);
    const want = Object.fromEntries(ACCOUNTS.map((a) => [a, cents(m.balances[a])]));
    const got = Object.fromEntries(Object.keys(want).map((k) => [k, row?.[k]]));
    expect(got, 'database balances equal the model').toEqual(want);
  }
  if (notices.length) {
    const n = await db.query<{ id: string; status: string }>(
      `select id::text, status from public.deposit_notices n where n.id = any($1::bigint[]) order by n.id`,
      [notices.map((x) => x.id)],
    );
    expect(n.rows).toEqual(
      notices.map((x) => ({ id: x.id, status: x.status })).sort((a, b) => Number(a.id) - Number(b.id)),
    );
  }
  if (requests.length) {
    const r = await db.query<{ id: string; status: string }>(
      `select id::text, status from public.withdrawal_requests w where w.id = any($1::bigint[]) order by w.id`,
      [requests.map((x) => x.id)],
    );
    expect(r.rows).toEqual(
      requests.map((x) => ({ id: x.id, status: x.status })).sort((a, b) => Number(a.id) - Number(b.id)),
    );
  }
}
