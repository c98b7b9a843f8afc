/**
 * Trust holds, as properties over sequences of actions (issue 30), on PGlite and PostgreSQL 15.
 *
 * 1. One member's account, with the owner and a thief who has only the password: each signs in
 *    (a new session), enrols an authenticator, changes the password, adds an address, files a
 *    withdrawal; the owner freezes; time passes (holds and cooling-off end); two staff approve and pay
 *    whatever is waiting. Whatever the order, the database accepts an address only from a session that
 *    proved something beyond the password (the owner's mailed code, or an authenticator enrolled in an
 *    earlier session whose whole security hold has passed, so the owner was told in time), no money
 *    leaves to any other address, and nothing is paid once the owner froze.
 * 2. Three staff who are also members propose, approve, confirm, pay and lose their role in random
 *    order over each other's accounts and their own: no row ever shows a staff member acting on their
 *    own money, and every such attempt is refused with the own_account hint.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addActiveAddress,
  adminAtAal2,
  asCaller,
  callAs,
  createUser,
  enrolFactor,
  engines,
  inSession,
  makeAdmin,
  startSession,
  testTxId,
  payoutArgs,
  type Caller,
  type Engine,
} from './helpers/db';

const ADDRESSES = [
  '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
  '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
];
const SERVICE: Caller = { role: 'service_role' };
const seedOf = (name: string): number => {
  const seed = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
  console.log(`${name}: seed ${seed} (rerun with FC_SEED=${seed})`);
  return seed;
};

type Actor = 'owner' | 'thief';
type MemberStep =
  | { kind: 'signIn' | 'enrol' | 'changePassword'; who: Actor }
  | { kind: 'addAddress' | 'file'; who: Actor; address: number }
  | { kind: 'freeze' | 'timePasses' | 'staffPay' };

const memberStep: fc.Arbitrary<MemberStep> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('signIn' as const, 'enrol' as const, 'changePassword' as const),
    who: fc.constantFrom<Actor>('owner', 'thief'),
  }),
  fc.record({
    kind: fc.constantFrom('addAddress' as const, 'file' as const),
    who: fc.constantFrom<Actor>('owner', 'thief'),
    address: fc.nat(ADDRESSES.length - 1),
  }),
  fc.record({ kind: fc.constantFrom('freeze' as const, 'timePasses' as const, 'staffPay' as const) }),
);

type StaffName = 's1' | 's2' | 's3';
type StaffStep =
  | { kind: 'propose'; who: StaffName; member: StaffName | 'client' }
  | { kind: 'approveBalance' | 'approveCredit' | 'approveWithdrawal' | 'pay'; who: StaffName }
  | { kind: 'confirm' | 'file'; who: StaffName; member: StaffName | 'client' }
  | { kind: 'revoke'; who: StaffName };

const staffName = fc.constantFrom<StaffName>('s1', 's2', 's3');
const anyMember = fc.constantFrom<StaffName | 'client'>('s1', 's2', 's3', 'client');
const staffStep: fc.Arbitrary<StaffStep> = fc.oneof(
  fc.record({ kind: fc.constant('propose' as const), who: staffName, member: anyMember }),
  fc.record({
    kind: fc.constantFrom(
      'approveBalance' as const,
      'approveCredit' as const,
      'approveWithdrawal' as const,
      'pay' as const,
    ),
    who: staffName,
  }),
  fc.record({
    kind: fc.constantFrom('confirm' as const, 'file' as const),
    who: staffName,
    member: anyMember,
  }),
  fc.record({ kind: fc.constant('revoke' as const), who: staffName }),
);

describe.each(engines)('trust properties on %s', (name, open) => {
  let engine: Engine;
  let payer1: string;
  let payer2: string;

  beforeAll(async () => {
    engine = await open();
    payer1 = (await createUser(engine.db, { email: 'payer1@trustprop.test' })).id;
    payer2 = (await createUser(engine.db, { email: 'payer2@trustprop.test' })).id;
    await makeAdmin(engine.db, payer1, 'finance');
    await makeAdmin(engine.db, payer2, 'finance');
  });
  afterAll(async () => {
    await engine?.close();
  });

  const tryCall = async (caller: Caller, sql: string, params: unknown[] = []) => {
    try {
      return {
        ok: true as const,
        row: await callAs<Record<string, unknown>>(engine.db, caller, sql, params),
      };
    } catch (error) {
      return {
        ok: false as const,
        hint: (error as { hint?: string }).hint ?? '',
        code: (error as { code?: string }).code ?? '',
      };
    }
  };

  it('no money leaves to an address added by a session that proved nothing beyond the password', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(memberStep, { minLength: 4, maxLength: 18 }), async (steps) => {
        const uid = (await createUser(engine.db)).id;
        await asCaller(engine.db, SERVICE, (tx) =>
          tx.query(`select public.operator_post_correction($1, 'interest_wallet', '1000.00', 'opening')`, [
            uid,
          ]),
        );
        const session: Partial<Record<Actor, string>> = {};
        // Each actor's authenticators: when enrolled (which session) and whether a whole hold has
        // passed since (time passed after it).
        const factors: Record<Actor, Array<{ session: string; established: boolean }>> = {
          owner: [],
          thief: [],
        };
        const provedBy = new Map<string, boolean>(); // address -> added with proof beyond the password
        let frozen = false;
        const signIn = async (who: Actor) => (session[who] = await startSession(engine.db, uid));
        const callerOf = async (who: Actor): Promise<Caller> => {
          const s = session[who] ?? (await signIn(who));
          const proofs: Array<'password' | 'otp' | 'totp'> = ['password'];
          if (factors[who].length > 0) proofs.push('totp');
          // Only the owner reads the mailbox.
          if (who === 'owner') proofs.push('otp');
          return inSession(uid, s, factors[who].length > 0 ? 'aal2' : 'aal1', proofs);
        };
        for (const step of steps) {
          switch (step.kind) {
            case 'signIn':
              await signIn(step.who);
              break;
            case 'enrol': {
              const s = session[step.who] ?? (await signIn(step.who));
              await enrolFactor(engine.db, uid, s);
              factors[step.who].push({ session: s, established: false });
              break;
            }
            case 'changePassword':
              await engine.db.query(
                `update auth.users set encrypted_password = case when encrypted_password = '' then 'a' else encrypted_password || 'x' end where id = $1`,
                [uid],
              );
              await engine.db.query(
                `update auth.users set encrypted_password = encrypted_password || 'y' where id = $1`,
                [uid],
              );
              break;
            case 'addAddress': {
              const s = session[step.who];
              const r = await tryCall(
                await callerOf(step.who),
                `select public.add_withdrawal_address(1::smallint, $1, 'Prop') as r`,
                [ADDRESSES[step.address]],
              );
              if (r.ok) {
                accepted += 1;
                const proved =
                  step.who === 'owner' || factors.thief.some((f) => f.established && f.session !== s);
                provedBy.set(ADDRESSES[step.address]!, proved);
                expect(proved, `the ${step.who} added an address with the password alone`).toBe(true);
              }
              break;
            }
            case 'file':
              await tryCall(
                await callerOf(step.who),
                `select public.file_withdrawal_request(1::smallint, 'interest_wallet', '1.00', $1) as r`,
                [ADDRESSES[step.address]],
              );
              break;
            case 'freeze':
              expect(
                (await tryCall(await callerOf('owner'), 'select public.freeze_withdrawals() as r')).ok,
              ).toBe(true);
              frozen = true;
              break;
            case 'timePasses':
              await asCaller(engine.db, SERVICE, async (tx) => {
                await tx.query(
                  `update public.security_holds set hold_until = started_at where user_id = $1 and hold_until > now()`,
                  [uid],
                );
                await tx.query(
                  `update public.withdrawal_addresses set usable_from = now() where user_id = $1 and usable_from > now()`,
                  [uid],
                );
              });
              for (const who of ['owner', 'thief'] as const)
                for (const f of factors[who]) f.established = true;
              break;
            case 'staffPay': {
              const { rows } = await engine.db.query<{ id: string; status: string; amount: string }>(
                `select id, status, amount::text from public.withdrawal_requests where user_id = $1 and status in ('pending', 'approved')`,
                [uid],
              );
              for (const r of rows) {
                if (r.status === 'pending')
                  await tryCall(
                    adminAtAal2(payer1),
                    `select public.review_withdrawal_request($1, 'approve', null) as r`,
                    [r.id],
                  );
                const paid = await tryCall(
                  adminAtAal2(payer2),
                  `select public.review_withdrawal_request($1, 'pay', null, $2, $3, $4, $5) as r`,
                  [r.id, ...payoutArgs(r.amount)],
                );
                if (paid.ok) expect(frozen, 'paid while frozen').toBe(false);
              }
              break;
            }
          }
        }
        const { rows: paid } = await engine.db.query<{ address: string }>(
          `select destination_address as address from public.withdrawal_requests where user_id = $1 and status = 'paid'`,
          [uid],
        );
        for (const p of paid) expect(provedBy.get(p.address), `paid to ${p.address}`).toBe(true);
      }),
      { numRuns: 40, seed: seedOf(`member trust property on ${name}`) },
    );
    expect(accepted).toBeGreaterThan(0);
  }, 300_000); // a time limit, not a target: about 2 s per engine on an idle machine, far more beside the other suites on 2 cores

  it('no staff member ever touches their own money', async () => {
    let refusedOwn = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(staffStep, { minLength: 5, maxLength: 20 }), async (steps) => {
        const ids = {} as Record<StaffName | 'client', string>;
        for (const n of ['s1', 's2', 's3', 'client'] as const) ids[n] = (await createUser(engine.db)).id;
        for (const n of ['s1', 's2', 's3'] as const) await makeAdmin(engine.db, ids[n], 'finance');
        for (const n of ['s1', 's2', 's3', 'client'] as const) {
          await asCaller(engine.db, SERVICE, (tx) =>
            tx.query(`select public.operator_post_correction($1, 'interest_wallet', '100.00', 'opening')`, [
              ids[n],
            ]),
          );
          await addActiveAddress(engine.db, ids[n], 1, ADDRESSES[0]!);
        }
        const everyone = Object.values(ids);
        let seq = 0;
        /** Runs a staff action; an action on their own account must be refused as own_account. */
        const act = async (who: StaffName, member: string | null, sql: string, params: unknown[]) => {
          const r = await tryCall(adminAtAal2(ids[who]), sql, params);
          if (member === ids[who]) {
            expect(r.ok, `${who} acted on their own account: ${sql}`).toBe(false);
            if (!r.ok && r.hint === 'own_account') refusedOwn += 1;
          }
          return r;
        };
        const pick = async <T extends Record<string, unknown>>(sql: string): Promise<T | undefined> =>
          (await engine.db.query<T>(sql, [everyone])).rows[0];
        for (const step of steps) {
          switch (step.kind) {
            case 'propose':
              await act(
                step.who,
                ids[step.member],
                `select public.propose_correction($1, 'referral', $2, 'goodwill', 'property') as r`,
                [ids[step.member], `${++seq}.00`],
              );
              break;
            case 'approveBalance': {
              const p = await pick<{ id: string; user_id: string }>(
                `select t.id, t.user_id from private.open_pending_transfers o join public.transfers t on t.id = o.transfer_id
                 where t.kind = 'correction' and t.user_id = any($1::uuid[]) order by random() limit 1`,
              );
              if (p) await act(step.who, p.user_id, 'select public.approve_transfer($1) as r', [p.id]);
              break;
            }
            case 'file':
              await tryCall(
                { role: 'authenticated', uid: ids[step.member] },
                `select public.file_deposit_notice(1::smallint, '5.00', $1) as r`,
                [testTxId(`prop-${ids[step.member]}-${++seq}`)],
              );
              await tryCall(
                { role: 'authenticated', uid: ids[step.member] },
                `select public.file_withdrawal_request(1::smallint, 'interest_wallet', '1.00', $1) as r`,
                [ADDRESSES[0]],
              );
              break;
            case 'confirm': {
              const n = await pick<{ id: string; user_id: string }>(
                `select id, user_id from public.deposit_notices where status = 'pending' and user_id = any($1::uuid[]) order by random() limit 1`,
              );
              if (n)
                await act(
                  step.who,
                  n.user_id,
                  `select public.review_deposit_notice($1, 'confirm', null, '5.00', '1', 'Test rate') as r`,
                  [n.id],
                );
              break;
            }
            case 'approveCredit': {
              const p = await pick<{ id: string; user_id: string }>(
                `select n.transfer_id as id, n.user_id from public.deposit_notices n
                 where n.status = 'valued' and n.user_id = any($1::uuid[]) order by random() limit 1`,
              );
              if (p) await act(step.who, p.user_id, 'select public.approve_transfer($1) as r', [p.id]);
              break;
            }
            case 'approveWithdrawal':
            case 'pay': {
              const status = step.kind === 'pay' ? 'approved' : 'pending';
              const r = await pick<{ id: string; user_id: string; amount: string }>(
                `select id, user_id, amount::text from public.withdrawal_requests where status = '${status}' and user_id = any($1::uuid[]) order by random() limit 1`,
              );
              if (r)
                await act(
                  step.who,
                  r.user_id,
                  `select public.review_withdrawal_request($1, $2, null, $3, $4, $5, $6) as r`,
                  [
                    r.id,
                    step.kind === 'pay' ? 'pay' : 'approve',
                    ...(step.kind === 'pay' ? payoutArgs(r.amount) : [null, null, null, null]),
                  ],
                );
              break;
            }
            case 'revoke':
              await engine.db.query(`update public.admins set role = 'support' where user_id = $1`, [
                ids[step.who],
              ]);
              break;
          }
        }
        const { rows } = await engine.db.query<{ n: string }>(
          `select (select count(*) from public.ledger_entries where actor_id = user_id)
                + (select count(*) from public.withdrawal_requests where reviewed_by = user_id or approved_by = user_id)
                + (select count(*) from public.deposit_notices where reviewed_by = user_id)
                + (select count(*) from public.transfers where (created_by = user_id or proposed_by = user_id)
                     and not (kind = 'withdrawal' and initiated_by = user_id and phase in ('pending', 'void_pending'))) as n`,
        );
        expect(rows[0]!.n).toBe('0');
        // A downgraded staff member has nothing left open.
        const { rows: open } = await engine.db.query<{ n: string }>(
          `select (select count(*) from private.open_pending_transfers o join public.transfers t on t.id = o.transfer_id
                   join public.admins a on a.user_id = t.proposed_by
                   where t.kind <> 'withdrawal' and a.role not in ('finance', 'owner'))
                + (select count(*) from public.withdrawal_requests r join public.admins a on a.user_id = r.approved_by
                   where r.status = 'approved' and a.role not in ('finance', 'owner')) as n`,
        );
        expect(open[0]!.n).toBe('0');
      }),
      { numRuns: 20, seed: seedOf(`staff own-money property on ${name}`) },
    );
    expect(refusedOwn).toBeGreaterThan(0);
  }, 300_000); // a time limit, not a target (as above)
});
