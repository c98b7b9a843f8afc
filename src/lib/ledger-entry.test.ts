import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BALANCE_ACCOUNTS, type BalanceAccount } from './accounts';
import { oldestFirst, toLedgerEntry, type LedgerEntry } from './ledger-entry';

function entry(id: number, account: BalanceAccount, createdAt: string, balanceAfter: string): LedgerEntry {
  return {
    id: String(id),
    account,
    delta: '1.00',
    balance_before: '0.00',
    balance_after: balanceAfter,
    reason: 'r',
    source: 'admin',
    kind: 'correction',
    created_at: createdAt,
  };
}

const anEntry = fc.record({
  account: fc.constantFrom(...BALANCE_ACCOUNTS),
  // Few distinct instants, some with fractions, so ties and sub-second order both happen.
  second: fc.integer({ min: 0, max: 5 }),
  fraction: fc.constantFrom('', '.5', '.123456', '.000001'),
  cents: fc.integer({ min: 0, max: 10_000_000 }),
});

const entries = fc
  .array(anEntry, { maxLength: 30 })
  .map((list) =>
    list.map((e, i) =>
      entry(
        i + 1,
        e.account,
        `2026-01-01T00:00:0${e.second}${e.fraction}+00:00`,
        `${Math.floor(e.cents / 100)}.${String(e.cents % 100).padStart(2, '0')}`,
      ),
    ),
  );

describe('the statement order', () => {
  it('orders by the instant to the microsecond, then by id', () => {
    const list = [
      entry(3, 'interest_wallet', '2026-01-01T00:00:01+00:00', '3.00'),
      entry(2, 'interest_wallet', '2026-01-01T00:00:00.5+00:00', '2.00'),
      entry(1, 'interest_wallet', '2026-01-01T00:00:00.5+00:00', '1.00'),
      entry(4, 'interest_wallet', '2026-01-01T00:00:00.000001+00:00', '4.00'),
    ];
    expect(oldestFirst(list).map((e) => e.id)).toEqual(['4', '1', '2', '3']);
  });

  it('keeps every entry once and never puts a later instant before an earlier one', () => {
    const micros = (at: string) => {
      const fraction = (/:\d{2}\.(\d+)/.exec(at)?.[1] ?? '').padEnd(6, '0');
      // "2026-01-01T00:00:0S…": the generator varies only the second and its fraction.
      return Number(at[18]) * 1_000_000 + Number(fraction);
    };
    fc.assert(
      fc.property(entries, (list) => {
        const sorted = oldestFirst(list);
        expect([...sorted].map((e) => e.id).sort()).toEqual(list.map((e) => e.id).sort());
        for (let i = 1; i < sorted.length; i += 1) {
          const [a, b] = [sorted[i - 1]!, sorted[i]!];
          const order = micros(a.created_at) - micros(b.created_at) || Number(a.id) - Number(b.id);
          expect(order).toBeLessThan(0);
        }
      }),
    );
  });
});

describe('a ledger row read as an entry', () => {
  it('puts each column in its own field, numbers and nulls as text', () => {
    expect(
      toLedgerEntry({
        id: 42,
        account: 'interest_wallet',
        delta: '-12.50',
        balance_before: '100.00',
        balance_after: '87.50',
        reason: 'Monthly fee',
        source: 'admin',
        kind: 'correction',
        created_at: '2026-11-27T12:40:36.123456+00:00',
      }),
    ).toEqual({
      id: '42',
      account: 'interest_wallet',
      delta: '-12.50',
      balance_before: '100.00',
      balance_after: '87.50',
      reason: 'Monthly fee',
      source: 'admin',
      kind: 'correction',
      created_at: '2026-11-27T12:40:36.123456+00:00',
    });
    expect(toLedgerEntry({ id: 1, kind: null, source: undefined })).toMatchObject({
      id: '1',
      kind: '',
      source: '',
      balance_before: '',
      balance_after: '',
    });
  });
});
