/**
 * Transaction ids (issue 20): one canonical form per network, in SQL and in the browser module, and
 * the filing rules built on it. The attacks: the same transaction filed again with an invisible
 * character (U+200B, U+2060), a no-break space, another letter case or without the 0x; and another
 * member filing someone's public id first so the real depositor is refused.
 * The property test's seed is logged; rerun a failure with FC_SEED=<seed>.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditNotice,
  adminAtAal2,
  asCaller,
  createUser,
  engines,
  fingerprint,
  createStaff,
  pgError,
  type Caller,
  type Engine,
} from './helpers/db';
import type { AddressNetwork } from '../../src/lib/addresses';
import { canonicalTxId, txIdProblem } from '../../src/lib/transaction-ids';

const NETWORKS: AddressNetwork[] = ['bitcoin', 'ethereum', 'tron', 'ripple'];
/** Wallet ids of the migration's deposit_wallets per network (all enabled). */
const WALLET: Record<AddressNetwork, number> = { bitcoin: 1, ethereum: 2, tron: 4, ripple: 5 };
const WITH_0X: Record<AddressNetwork, 'added' | 'dropped' | 'refused'> = {
  bitcoin: 'refused',
  ethereum: 'added',
  tron: 'dropped',
  ripple: 'refused',
};

function expected(network: AddressNetwork, hex: string): string {
  if (network === 'ethereum') return `0x${hex.toLowerCase()}`;
  return network === 'ripple' ? hex.toUpperCase() : hex.toLowerCase();
}

const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/);
const asciiSpace = fc.stringMatching(/^[ \t\r\n]{0,3}$/);
/** Characters that look like nothing or like a space, and near-misses of the alphabet. */
const foreign = fc.constantFrom(
  '\u200b',
  '\u2060',
  '\u00a0',
  '\ufeff',
  '\u202f',
  ' ',
  'g',
  'G',
  'x',
  '-',
  '０',
  'ａ',
  '\u0430',
);

describe.each(engines)('transaction ids on %s', (name, open) => {
  let engine: Engine;
  let memberA: Caller;
  let memberB: Caller;
  let admin: Caller;
  let secondAdmin: string;
  let bossId: string;

  beforeAll(async () => {
    engine = await open();
    const a = await createUser(engine.db, { email: 'a@tx.test' });
    const b = await createUser(engine.db, { email: 'b@tx.test' });
    const boss = await createStaff(engine.db, { email: 'admin@tx.test' });
    const checker = await createStaff(engine.db, { role: 'finance', email: 'checker@tx.test' });
    secondAdmin = checker.id;
    memberA = { role: 'authenticated', uid: a.id };
    memberB = { role: 'authenticated', uid: b.id };
    admin = adminAtAal2(boss.id);
    bossId = boss.id;
  });

  afterAll(async () => {
    await engine?.close();
  });

  const canonicalInSql = async (pairs: Array<[AddressNetwork, string]>): Promise<Array<string | null>> => {
    const { rows } = await engine.db.query<{ c: string | null }>(
      `select private.canonical_tx_id(n, t) as c
       from unnest($1::text[], $2::text[]) with ordinality u(n, t, i) order by i`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
    return rows.map((r) => r.c);
  };

  const problemInSql = async (network: AddressNetwork, txId: string): Promise<string> =>
    (await engine.db.query<{ p: string }>(`select private.tx_id_problem($1, $2) as p`, [network, txId]))
      .rows[0]!.p;

  it('maps every equivalent spelling to one form and refuses everything else, in SQL and in the browser', async () => {
    const seed = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
    console.log(`transaction id property on ${name}: seed ${seed} (rerun with FC_SEED=${seed})`);
    const spelling = fc.record({
      network: fc.constantFrom(...NETWORKS),
      hex: hex64,
      upper: fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
      zeroX: fc.constantFrom('', '0x', '0X'),
      before: asciiSpace,
      after: asciiSpace,
      foreign: fc.option(fc.record({ char: foreign, at: fc.nat({ max: 66 }) }), { nil: undefined }),
      length: fc.constantFrom(64, 64, 64, 63, 65),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(spelling, { minLength: 20, maxLength: 20 }), async (cases) => {
        const inputs = cases.map((c) => {
          const body = [...c.hex.padEnd(65, 'a').slice(0, c.length)]
            .map((ch, i) => (c.upper[i] ? ch.toUpperCase() : ch))
            .join('');
          let id = c.zeroX + body;
          if (c.foreign) {
            // An ASCII space around the id is trimmed like a paste's line break; inside it, it is foreign.
            // An x after a leading 0 would spell the 0x prefix (a valid id, not a foreign character).
            const at =
              c.foreign.char === ' '
                ? Math.min(Math.max(c.foreign.at, 1), id.length - 1)
                : /^[xX]$/.test(c.foreign.char) && c.foreign.at === 1
                  ? 2
                  : c.foreign.at;
            id = id.slice(0, at) + c.foreign.char + id.slice(at);
          }
          const want =
            c.foreign || c.length !== 64 || (c.zeroX && WITH_0X[c.network] === 'refused')
              ? null
              : expected(c.network, c.hex);
          return { network: c.network, raw: c.before + id + c.after, want };
        });
        const sql = await canonicalInSql(inputs.map((i) => [i.network, i.raw]));
        inputs.forEach((input, k) => {
          expect({ input, sql: sql[k] }).toEqual({ input, sql: input.want });
          expect({ input, browser: canonicalTxId(input.network, input.raw) }).toEqual({
            input,
            browser: input.want,
          });
        });
      }),
      { seed, numRuns: name === 'pglite' ? 15 : 30, endOnFailure: true },
    );
  });

  it('explains a refusal with the same words in SQL and in the browser', async () => {
    const h = 'ab'.repeat(32);
    const cases: Array<[AddressNetwork, string, string]> = [
      ['ethereum', '  ', 'Transaction ID is required.'],
      [
        'ethereum',
        `0x${h}\u200b`,
        'The transaction ID contains a space or an invisible character. Copy it again from the block explorer.',
      ],
      [
        'tron',
        `${h.slice(0, 10)}\u00a0${h.slice(10)}`,
        'The transaction ID contains a space or an invisible character. Copy it again from the block explorer.',
      ],
      ['bitcoin', `0x${h}`, 'Bitcoin transaction IDs have no 0x: enter the 64 characters after it.'],
      ['ripple', `0x${h}`, 'XRP Ledger transaction IDs have no 0x: enter the 64 characters after it.'],
      ['ethereum', '0x1234', 'That is not an Ethereum transaction ID: 0x and 64 characters 0-9 and a-f.'],
      ['tron', `${h}0`, 'That is not a TRON transaction ID: 64 characters 0-9 and a-f.'],
      ['bitcoin', 'not-a-transaction', 'That is not a Bitcoin transaction ID: 64 characters 0-9 and a-f.'],
    ];
    for (const [network, raw, message] of cases) {
      expect(await problemInSql(network, raw)).toBe(message);
      expect(txIdProblem(network, raw)).toBe(message);
    }
  });

  const file = async (caller: Caller, network: AddressNetwork, txId: string) =>
    asCaller(engine.db, caller, async (tx) => {
      const { rows } = await tx.query<{ id: number; tx_id: string }>(
        `select (r ->> 'id')::int as id, r ->> 'tx_id' as tx_id
         from public.file_deposit_notice($1::smallint, '10.00', $2) as r`,
        [WALLET[network], txId],
      );
      return rows[0]!;
    });

  const refusal = async (fn: () => Promise<unknown>) => {
    const before = await fingerprint(engine.db);
    try {
      await fn();
    } catch (error) {
      expect(await fingerprint(engine.db)).toBe(before);
      return pgError(error);
    }
    throw new Error('the call should have been refused');
  };

  it('stores the canonical form and refuses the same transaction re-spelled by the same member', async () => {
    const h = '5c'.repeat(32);
    const first = await file(memberA, 'ethereum', ` 0X${h.toUpperCase()}\n`);
    expect(first.tx_id).toBe(`0x${h}`);
    const duplicate = {
      code: '23505',
      message: `You have already filed this transaction ID (deposit notice #${first.id}).`,
    };
    // Another case, no 0x, and on another wallet of the same network: the same transaction.
    expect(await refusal(() => file(memberA, 'ethereum', h))).toEqual(duplicate);
    expect(await refusal(() => file(memberA, 'ethereum', `0x${h.toUpperCase()}`))).toEqual(duplicate);
    const invisible = {
      code: '22023',
      message:
        'The transaction ID contains a space or an invisible character. Copy it again from the block explorer.',
    };
    for (const trick of [
      `0x${h}\u200b`,
      `0x${h}\u2060`,
      `0x${h}\u00a0`,
      `\u200b0x${h}`,
      `0x${h.slice(0, 9)}\u2060${h.slice(9)}`,
    ]) {
      expect(await refusal(() => file(memberA, 'ethereum', trick))).toEqual(invisible);
    }
    const { rows } = await engine.db.query(`select tx_id from public.deposit_notices where tx_id ilike $1`, [
      `%${h}%`,
    ]);
    expect(rows).toEqual([{ tx_id: `0x${h}` }]);
  });

  it('lets a second member file the same id, shows both to admins as a conflict, and confirms only one', async () => {
    const h = 'e7'.repeat(32);
    // B files A's public transaction first; A, the real depositor, is not refused.
    const squatter = await file(memberB, 'tron', h);
    const owner = await file(memberA, 'tron', `0x${h.toUpperCase()}`);
    expect(owner.tx_id).toBe(h);

    const conflicts = async () =>
      asCaller(engine.db, admin, async (tx) => {
        const { rows } = await tx.query<{ notice_id: string; conflicting_ids: string[] }>(
          `select notice_id::text, conflicting_ids::text[] from public.admin_deposit_notice_conflicts()
           where notice_id = any($1::bigint[]) order by notice_id`,
          [[squatter.id, owner.id]],
        );
        return rows;
      });
    expect(await conflicts()).toEqual([
      { notice_id: String(squatter.id), conflicting_ids: [String(owner.id)] },
      { notice_id: String(owner.id), conflicting_ids: [String(squatter.id)] },
    ]);

    // Members never see each other's filings through the conflict list.
    for (const caller of [memberA, memberB]) {
      expect(
        await refusal(() =>
          asCaller(engine.db, caller, (tx) =>
            tx.query(`select * from public.admin_deposit_notice_conflicts()`),
          ),
        ),
      ).toEqual({ code: '42501', message: 'Only an admin can do this.' });
    }

    const review = (id: number, decision: string) =>
      asCaller(engine.db, admin, (tx) =>
        tx.query(
          `select public.review_deposit_notice($1, $2, 'checked on chain', '10.00', '1', 'Test rate')`,
          [id, decision],
        ),
      );
    // The real depositor's notice is valued by one admin and its credit approved by a second.
    await creditNotice(engine.db, owner.id, bossId, secondAdmin, 'checked on chain');
    // The depositor's line, as the database wrote it, in each of the member's languages (issue 36).
    const line = (locale: string) =>
      asCaller(engine.db, memberA, async (tx) => {
        const { rows } = await tx.query<{ reason: string }>(
          `select reason from public.my_ledger(null, null, null, $1) where kind = 'deposit' and source_id = $2`,
          [locale, owner.id],
        );
        return rows.map((r) => r.reason);
      });
    expect(await line('en')).toEqual([`Deposit of 10 USDT (notice #${owner.id})`]);
    expect(await line('zh-hant')).toEqual([`存入10 USDT（通知#${owner.id}）`]);
    expect(await line('ar')).toEqual([
      `إيداع \u206810\u2069 \u2068USDT\u2069 (الإشعار رقم \u2068${owner.id}\u2069)`,
    ]);
    // The same on-chain transaction is never credited twice, whoever filed it.
    expect(await refusal(() => review(squatter.id, 'confirm'))).toMatchObject({
      code: 'PT409',
      message: expect.stringMatching(/^This was already recorded as transfer #\d+ \(posted\)\.$/),
    });
    await review(squatter.id, 'reject');
    expect(await conflicts()).toEqual([]);
  });

  it('lets a member file a transaction again after its notice was rejected', async () => {
    const h = '0d'.repeat(32).toUpperCase();
    const first = await file(memberA, 'ripple', h.toLowerCase());
    expect(first.tx_id).toBe(h);
    await asCaller(engine.db, admin, (tx) =>
      tx.query(`select public.review_deposit_notice($1, 'reject', 'wrong amount')`, [first.id]),
    );
    expect((await file(memberA, 'ripple', h)).tx_id).toBe(h);
  });
});
