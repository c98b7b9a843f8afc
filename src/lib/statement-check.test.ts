import { describe, expect, it } from 'vitest';
import { statementFixture } from '../../tests/support/statement-fixture';
import { centsText, toCents } from './money';
import { checkStatementArithmetic } from './statement-check';
import type { StatementData } from './statement-data';
import {
  hongKongDate,
  hongKongDateTime,
  statementAmount,
  statementAmountIn,
  statementDateIn,
  statementDateTimeIn,
  statementMonthIn,
  statementQuantity,
} from './statement-format';

const fixture = statementFixture();
const changed = (change: (data: StatementData) => void): StatementData => {
  const copy = structuredClone(fixture);
  change(copy);
  return copy;
};
const account = (data: StatementData, name: string) => {
  const found = data.accounts.find((a) => a.account === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};

describe('checkStatementArithmetic', () => {
  it('finds nothing wrong with a consistent statement', () => {
    expect(checkStatementArithmetic(fixture)).toEqual([]);
  });

  it('finds a closing balance that opening + credits − debits does not reach', () => {
    const problems = checkStatementArithmetic(
      changed((d) => {
        account(d, 'referral').closing = '200.01';
      }),
    );
    expect(problems).toContain(
      'referral: opening 75.00 + credits 125.00 − debits 0.00 is 200.00, not the closing 200.01',
    );
    expect(problems).toContain('referral: its last line leaves 200.00, not the closing 200.01');
    expect(problems.some((p) => p.startsWith('total closing'))).toBe(true);
  });

  it('finds credits or debits that are not the sum of the lines', () => {
    const problems = checkStatementArithmetic(
      changed((d) => {
        const deposit = account(d, 'deposit_wallet');
        deposit.credits = '34518.47';
        deposit.closing = '27018.47';
      }),
    );
    expect(problems).toContain('deposit_wallet: credits 34518.47, but its lines add up to 34518.46');
  });

  it('finds a line whose balance after does not follow from the one before it', () => {
    const problems = checkStatementArithmetic(
      changed((d) => {
        const line = d.lines[5];
        if (line) line.balance_after = '1.00';
      }),
    );
    // The wrong figure fails its own line and the next line on the same account (which starts
    // from it); the lines after that are checked from the printed balances again, so stay quiet.
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^line 6 .*balance after is 1\.00, but the previous balance plus/);
    expect(problems[1]).toMatch(/^line 9 \(transfer \d+, interest_wallet\)/);
  });

  it('finds lines out of order, outside the period, on an unknown account, or with bad amounts', () => {
    const problems = checkStatementArithmetic(
      changed((d) => {
        const [first, second] = d.lines;
        if (first && second) [d.lines[0], d.lines[1]] = [second, first];
        d.lines.push({ ...d.lines[2]!, date: '2026-11-30T16:00:00Z', account: 'referral', amount: '1.5.0' });
        d.lines.push({ ...d.lines[2]!, date: '2026-12-01T00:00:00Z', account: 'nope' as 'referral' });
      }),
    );
    expect(problems.join('\n')).toMatch(/out of order/);
    expect(problems.join('\n')).toMatch(/outside the period/);
    expect(problems.join('\n')).toMatch(/"1\.5\.0" is not an amount/);
    expect(problems.join('\n')).toMatch(/account nope has no summary/);
  });

  it('finds an account summarised twice', () => {
    const problems = checkStatementArithmetic(
      changed((d) => {
        d.accounts.push({ ...account(d, 'referral') });
      }),
    );
    expect(problems).toContain('referral: listed twice in accounts');
    expect(checkStatementArithmetic(fixture).join('\n')).not.toMatch(/listed twice/);
  });

  it('holds the period half-open: its first instant is in it, the first instant after it is not', () => {
    const edges = (first: string, last: string) =>
      checkStatementArithmetic(
        changed((d) => {
          d.lines[0]!.date = first;
          d.lines[d.lines.length - 1]!.date = last;
        }),
      );
    expect(edges(fixture.period.from, '2026-11-30T15:59:59.999Z')).toEqual([]);
    const after = edges(fixture.period.from, fixture.period.to);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatch(/posted 2026-11-30T16:00:00Z, outside the period/);
    const before = edges('2026-10-31T15:59:59.999Z', '2026-11-30T15:59:59.999Z');
    expect(before).toHaveLength(1);
    expect(before[0]).toMatch(/^line 1 .*outside the period/);
  });

  it('lets returns in the period equal returns to date (all of them earned this month), not a cent more', () => {
    const allThisMonth = changed((d) => {
      d.returns.to_date = d.returns.in_period;
      for (const plan of d.returns.plans) plan.to_date = plan.in_period;
    });
    expect(checkStatementArithmetic(allThisMonth)).toEqual([]);
    const plan = fixture.returns.plans[0]!;
    const centLess = (text: string) => centsText(toCents(text)! - 1n);
    const problems = checkStatementArithmetic(
      changed((d) => {
        d.returns.to_date = centLess(d.returns.in_period);
        d.returns.plans[0]!.to_date = centLess(plan.in_period);
      }),
    );
    expect(problems).toEqual([
      `returns in the period ${fixture.returns.in_period} exceed returns to date ${centLess(fixture.returns.in_period)}`,
      `plan ${plan.plan}: returns in the period ${plan.in_period} exceed returns to date ${centLess(plan.in_period)}`,
    ]);
  });

  it('finds returns in the period larger than returns to date', () => {
    const problems = checkStatementArithmetic(
      changed((d) => {
        d.returns.to_date = '1.00';
      }),
    );
    expect(problems).toEqual([
      `returns in the period ${fixture.returns.in_period} exceed returns to date 1.00`,
    ]);
  });
});

describe('cents', () => {
  it('reads and writes amounts exactly', () => {
    expect(toCents('-12.5')).toBe(-1250n);
    expect(toCents('999999999999.99')).toBe(99999999999999n);
    expect(toCents('1.234')).toBeNull();
    expect(toCents('1,000.00')).toBeNull();
    expect(centsText(-5n)).toBe('-0.05');
    expect(centsText(123456n)).toBe('1234.56');
  });
});

describe('statement formats', () => {
  it('prints amounts with the shared USD formatter: grouped, two decimals, minus for debits', () => {
    expect(statementAmount('1250000.00')).toBe('$1,250,000.00');
    expect(statementAmount('-41.1')).toBe('-$41.10');
    expect(statementAmount('0.9998')).toBe('$0.9998');
    expect(() => statementAmount('')).toThrow(/decimal/);
    expect(() => statementAmount('12 USD')).toThrow(/decimal/);
  });

  it('keeps every decimal of a quantity', () => {
    expect(statementQuantity('5000.000000')).toBe('5,000.000000');
    expect(statementQuantity('2.140000000000000000')).toBe('2.140000000000000000');
    expect(statementQuantity('1234567')).toBe('1,234,567');
  });

  it('prints times in Hong Kong (UTC+8), across the day and month boundary', () => {
    expect(hongKongDateTime('2026-10-31T16:30:00Z')).toBe('2026-11-01 00:30');
    expect(hongKongDateTime('2026-11-30T15:59:59Z')).toBe('2026-11-30 23:59');
    expect(hongKongDateTime('2026-11-30T16:00:00+00:00')).toBe('2026-12-01 00:00');
    expect(hongKongDateTime('2026-11-03 14:05:00.123456+08')).toBe('2026-11-03 14:05');
    expect(hongKongDate('2026-12-01T15:59:59Z')).toBe('1 December 2026');
    expect(() => hongKongDateTime('yesterday')).toThrow(/date/);
  });
});

describe('statement formats per language', () => {
  const LATIN_DIGITS_ONLY = /^[^\u0660-\u0669\u06f0-\u06f9]*$/;
  const NO_BIDI_MARKS = /^[^\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]*$/;

  it('writes amounts exactly, with US$ in Chinese and after the figure in Arabic; English as before', () => {
    expect(statementAmountIn('en', '-1234.56')).toBe(statementAmount('-1234.56'));
    expect(statementAmountIn('zh-hant', '1250000.00')).toBe('US$1,250,000.00');
    expect(statementAmountIn('zh-hant', '-41.1')).toBe('-US$41.10');
    expect(statementAmountIn('ar', '1234.56')).toBe('1,234.56\u00a0US$');
    expect(statementAmountIn('ar', '-1234.56')).toBe('-1,234.56\u00a0US$');
    // No float on the way: the 17th digit survives.
    expect(statementAmountIn('ar', '12345678901234567.89')).toBe('12,345,678,901,234,567.89\u00a0US$');
    expect(() => statementAmountIn('ar', '1,000.00')).toThrow(/decimal/);
  });

  it("writes dates in the locale's form on the Hong Kong clock, Latin digits, no direction marks", () => {
    // 16:30 UTC on 31 October is 00:30 on 1 November in Hong Kong.
    const instant = '2026-10-31T16:30:00Z';
    expect(statementDateTimeIn('en', instant)).toBe('2026-11-01 00:30');
    expect(statementDateTimeIn('zh-hant', instant)).toBe('01/11/2026 00:30');
    expect(statementDateTimeIn('ar', instant)).toBe('01/11/2026 00:30');
    expect(statementDateIn('en', '2026-12-01T15:59:59Z')).toBe('1 December 2026');
    expect(statementDateIn('zh-hant', '2026-12-01T15:59:59Z')).toBe('2026年12月1日');
    expect(statementDateIn('ar', '2026-12-01T15:59:59Z')).toBe('1 ديسمبر 2026');
    expect(statementMonthIn('en', '2026-11')).toBe('November 2026');
    expect(statementMonthIn('zh-hant', '2026-11')).toBe('2026年11月');
    expect(statementMonthIn('ar', '2026-11')).toBe('نوفمبر 2026');
    for (const locale of ['zh-hant', 'ar'] as const) {
      for (const text of [
        statementDateTimeIn(locale, '2026-11-30T15:59:59.999Z'),
        statementDateIn(locale, instant),
        statementMonthIn(locale, '2026-02'),
        statementAmountIn(locale, '-98765.43'),
      ]) {
        expect(text).toMatch(LATIN_DIGITS_ONLY);
        expect(text).toMatch(NO_BIDI_MARKS);
      }
    }
    expect(() => statementMonthIn('ar', '2026-1')).toThrow(/month/);
  });
});
