import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from './ledger-entry';
import { centsText } from './money';
import {
  customPeriod,
  lastMonth,
  monthLabel,
  periodCaption,
  presetPeriod,
  summarizePeriod,
  totalValueChart,
  type Period,
} from './statement-period';

const hkt = (local: string) => Date.parse(`${local}+08:00`);
const BOX = { width: 600, height: 240, left: 96, right: 12, top: 12, bottom: 28 };

let nextId = 1;
function line(account: LedgerEntry['account'], delta: string, at: number): LedgerEntry {
  return {
    id: String(nextId++),
    account,
    delta,
    balance_before: '0.00',
    balance_after: '0.00',
    reason: 'test',
    source: '',
    kind: 'correction',
    created_at: new Date(at).toISOString(),
  };
}

describe('periods in Hong Kong time', () => {
  it('this month turns at midnight Hong Kong time, not UTC', () => {
    expect(presetPeriod('this_month', hkt('2026-11-30T23:59:59.999'))).toEqual({
      from: hkt('2026-11-01T00:00:00'),
      to: hkt('2026-12-01T00:00:00'),
      label: 'November 2026',
    });
    expect(presetPeriod('this_month', hkt('2026-12-01T00:00:00')).label).toBe('December 2026');
  });

  it('last month and the quarters cross years', () => {
    expect(presetPeriod('last_month', hkt('2027-01-15T12:00:00'))).toEqual({
      from: hkt('2026-12-01T00:00:00'),
      to: hkt('2027-01-01T00:00:00'),
      label: 'December 2026',
    });
    expect(presetPeriod('this_quarter', hkt('2026-11-28T12:00:00'))).toEqual({
      from: hkt('2026-10-01T00:00:00'),
      to: hkt('2027-01-01T00:00:00'),
      label: 'Q4 2026',
    });
    expect(presetPeriod('last_quarter', hkt('2027-02-01T00:00:00'))).toEqual({
      from: hkt('2026-10-01T00:00:00'),
      to: hkt('2027-01-01T00:00:00'),
      label: 'Q4 2026',
    });
  });

  it('names a month, and the month a scheduled run makes, in Hong Kong time', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(lastMonth(hkt('2026-12-01T00:00:00'))).toBe('2026-11');
    expect(lastMonth(hkt('2026-11-30T23:59:59.999'))).toBe('2026-10');
    expect(lastMonth(hkt('2027-01-01T00:30:00'))).toBe('2026-12');
  });

  it('a custom period includes both days and refuses what is not a period', () => {
    expect(customPeriod('2026-11-01', '2026-11-15')).toEqual({
      from: hkt('2026-11-01T00:00:00'),
      to: hkt('2026-11-16T00:00:00'),
      label: '1 Nov 2026 – 15 Nov 2026',
    });
    expect(customPeriod('2026-11-15', '2026-11-15')).toMatchObject({ to: hkt('2026-11-16T00:00:00') });
    expect(customPeriod('', '2026-11-15')).toEqual({ problem: 'Enter the first day of the period.' });
    expect(customPeriod('2026-02-30', '2026-03-01')).toEqual({
      problem: 'Enter the first day of the period.',
    });
    expect(customPeriod('2026-11-01', 'soon')).toEqual({ problem: 'Enter the last day of the period.' });
    expect(customPeriod('2026-11-02', '2026-11-01')).toEqual({
      problem: 'The last day cannot be before the first day.',
    });
  });
});

describe('a period summary', () => {
  const november: Period = {
    from: hkt('2026-11-01T00:00:00'),
    to: hkt('2026-12-01T00:00:00'),
    label: 'November 2026',
  };
  const entries = [
    line('deposit_wallet', '100.00', hkt('2026-10-31T23:59:59.999')),
    line('deposit_wallet', '-40.00', hkt('2026-11-01T00:00:00')),
    line('interest_wallet', '12.34', hkt('2026-11-15T10:00:00')),
    line('interest_wallet', '5.00', hkt('2026-12-01T00:00:00')),
  ];

  it('opens with what came before the first instant and closes before the first instant after', () => {
    const s = summarizePeriod(entries, november);
    expect(s.lines.map((l) => l.delta)).toEqual(['-40.00', '12.34']);
    expect(s.accounts.find((a) => a.account === 'deposit_wallet')).toMatchObject({
      opening: '100.00',
      credits: '0.00',
      debits: '40.00',
      closing: '60.00',
    });
    expect(s.accounts.find((a) => a.account === 'interest_wallet')).toMatchObject({
      opening: '0.00',
      closing: '12.34',
    });
    expect([s.opening, s.closing]).toEqual(['100.00', '72.34']);
    expect(periodCaption(s, november, hkt('2026-11-28T00:00:00'))).toBe(
      'Total value, November 2026 (Hong Kong time): $100.00 at the start, $72.34 now.',
    );
    expect(periodCaption(s, november, hkt('2026-12-02T00:00:00'))).toMatch(/\$72\.34 at the end\.$/);
  });

  it('adds up for any lines: opening + credits - debits = closing, and the next period opens there', () => {
    const instants = [
      hkt('2026-10-31T23:59:59.999'),
      hkt('2026-11-01T00:00:00'),
      hkt('2026-11-20T00:00:00'),
      hkt('2026-11-30T23:59:59.999'),
      hkt('2026-12-01T00:00:00'),
    ];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            account: fc.constantFrom(
              'deposit_wallet',
              'interest_wallet',
              'total_invest',
              'referral',
            ) as fc.Arbitrary<LedgerEntry['account']>,
            cents: fc.integer({ min: -100_000, max: 100_000 }).filter((c) => c !== 0),
            at: fc.constantFrom(...instants),
          }),
        ),
        (lines) => {
          const all = lines.map((l) => line(l.account, centsText(BigInt(l.cents)), l.at));
          const s = summarizePeriod(all, november);
          const december = summarizePeriod(all, presetPeriod('this_month', hkt('2026-12-05T00:00:00')));
          for (const a of s.accounts) {
            const expected = lines
              .filter((l) => l.account === a.account && l.at < november.to)
              .reduce((t, l) => t + l.cents, 0);
            expect(a.closing).toBe(centsText(BigInt(expected)));
            expect(december.accounts.find((d) => d.account === a.account)!.opening).toBe(a.closing);
          }
          expect(s.lines).toHaveLength(
            lines.filter((l) => l.at >= november.from && l.at < november.to).length,
          );
        },
      ),
    );
  });

  it('the chart starts at the opening total, ends at the period end or now, and is absent without changes', () => {
    const chart = totalValueChart(entries, november, BOX, hkt('2026-11-20T00:00:00'))!;
    expect(chart.from).toBe(november.from);
    expect(chart.to).toBe(hkt('2026-11-20T00:00:00'));
    expect(chart.points.map((p) => p.total)).toEqual(['60.00', '72.34']);
    expect(chart.path.startsWith(`M ${BOX.left} `)).toBe(true);
    expect(chart.xTicks[0]!.label).toBe('1 Nov 2026');
    expect(chart.xTicks.at(-1)!.label).toBe('20 Nov 2026');
    const closed = totalValueChart(entries, november, BOX, hkt('2027-01-01T00:00:00'))!;
    expect(closed.to).toBe(november.to);
    expect(closed.xTicks.at(-1)!.label).toBe('30 Nov 2026');
    const quiet: Period = {
      from: hkt('2026-09-01T00:00:00'),
      to: hkt('2026-10-01T00:00:00'),
      label: 'September 2026',
    };
    expect(totalValueChart(entries, quiet, BOX, hkt('2026-11-20T00:00:00'))).toBeNull();
  });
});
