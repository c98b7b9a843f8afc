import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BALANCE_ACCOUNTS, type BalanceAccount } from './accounts';
import { balanceChart } from './ledger';
import {
  chartCaption,
  defaultChartAccount,
  latestBalance,
  oldestFirst,
  type LedgerEntry,
} from './ledger-entry';

const box = { width: 600, height: 240, left: 96, right: 12, top: 12, bottom: 28 };

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

describe('the statement chart caption (shared with the early paint)', () => {
  it("names the default account and its latest balance, the same the chart's last point holds", () => {
    fc.assert(
      fc.property(entries, fc.constantFrom(...BALANCE_ACCOUNTS), (list, account) => {
        const sorted = oldestFirst(list);
        const model = balanceChart(sorted, account, box, Date.parse('2026-02-01T00:00:00Z'), (a) => a);
        expect(latestBalance(sorted, account)).toBe(model?.points.at(-1)?.balance);
      }),
    );
  });

  it('defaults to the first account, in the cards order, that has entries', () => {
    const at = '2026-01-01T00:00:00+00:00';
    expect(defaultChartAccount([])).toBe('interest_wallet');
    expect(
      defaultChartAccount([entry(1, 'referral', at, '1.00'), entry(2, 'deposit_wallet', at, '2.00')]),
    ).toBe('deposit_wallet');
  });

  it('reads as the chart writes it', () => {
    expect(chartCaption('interest_wallet', '1300')).toBe(
      'Interest Wallet after each change, on a time scale up to now. Now $1,300.00.',
    );
  });

  it('orders by the instant to the microsecond, then by id', () => {
    const list = [
      entry(3, 'interest_wallet', '2026-01-01T00:00:01+00:00', '3.00'),
      entry(2, 'interest_wallet', '2026-01-01T00:00:00.5+00:00', '2.00'),
      entry(1, 'interest_wallet', '2026-01-01T00:00:00.5+00:00', '1.00'),
      entry(4, 'interest_wallet', '2026-01-01T00:00:00.000001+00:00', '4.00'),
    ];
    expect(oldestFirst(list).map((e) => e.id)).toEqual(['4', '1', '2', '3']);
  });
});
