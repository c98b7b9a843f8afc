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
  type Period,
  type PeriodLanguage,
} from './statement-period';
import { totalValueChart } from './statement-chart';
import { statementWords } from '~/i18n/member/pages/statement';
import type { Locale } from '~/i18n/locales';

const languageOf = (locale: Locale): PeriodLanguage => ({
  locale,
  words: statementWords[locale],
});
const EN = languageOf('en');

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
    expect(presetPeriod('this_month', hkt('2026-11-30T23:59:59.999'), EN)).toEqual({
      from: hkt('2026-11-01T00:00:00'),
      to: hkt('2026-12-01T00:00:00'),
      label: 'November 2026',
    });
    expect(presetPeriod('this_month', hkt('2026-12-01T00:00:00'), EN).label).toBe('December 2026');
  });

  it('last month and the quarters cross years', () => {
    expect(presetPeriod('last_month', hkt('2027-01-15T12:00:00'), EN)).toEqual({
      from: hkt('2026-12-01T00:00:00'),
      to: hkt('2027-01-01T00:00:00'),
      label: 'December 2026',
    });
    expect(presetPeriod('this_quarter', hkt('2026-11-28T12:00:00'), EN)).toEqual({
      from: hkt('2026-10-01T00:00:00'),
      to: hkt('2027-01-01T00:00:00'),
      label: 'Q4 2026',
    });
    expect(presetPeriod('last_quarter', hkt('2027-02-01T00:00:00'), EN)).toEqual({
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
    expect(customPeriod('2026-11-01', '2026-11-15', EN)).toEqual({
      from: hkt('2026-11-01T00:00:00'),
      to: hkt('2026-11-16T00:00:00'),
      label: '1 Nov 2026 – 15 Nov 2026',
    });
    expect(customPeriod('2026-11-15', '2026-11-15', EN)).toMatchObject({ to: hkt('2026-11-16T00:00:00') });
    expect(customPeriod('', '2026-11-15', EN)).toEqual({ problem: 'firstDay' });
    expect(customPeriod('2026-02-30', '2026-03-01', EN)).toEqual({
      problem: 'firstDay',
    });
    expect(customPeriod('2026-11-01', 'soon', EN)).toEqual({ problem: 'lastDay' });
    // A whole day, nothing more or less: a time, a stray digit or a space is not a date.
    for (const text of ['2026-11-01T00:00', '2026-11-010', '2026-11-01 ', ' 2026-11-01', '2026-11-1']) {
      expect(customPeriod(text, '2026-11-15', EN)).toEqual({ problem: 'firstDay' });
      expect(customPeriod('2026-11-01', text, EN)).toEqual({ problem: 'lastDay' });
    }
    expect(customPeriod('2026-11-02', '2026-11-01', EN)).toEqual({
      problem: 'order',
    });
    // A year before 1970 is a typing slip (and 0026 would otherwise be read as 1926).
    expect(customPeriod('0026-11-01', '2026-11-15', EN)).toEqual({ problem: 'firstDay' });
    expect(customPeriod('1969-12-31', '2026-11-15', EN)).toEqual({ problem: 'firstDay' });
    expect(customPeriod('2026-11-01', '0026-11-02', EN)).toEqual({ problem: 'lastDay' });
    expect(customPeriod('1970-01-01', '1970-01-01', EN)).toMatchObject({ from: hkt('1970-01-01T00:00:00') });
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
    expect(periodCaption(s, november, hkt('2026-11-28T00:00:00'), EN)).toBe(
      'Total value, November 2026 (Hong Kong time): $100.00 at the start, $72.34 now.',
    );
    expect(periodCaption(s, november, hkt('2026-12-02T00:00:00'), EN)).toMatch(/\$72\.34 at the end\.$/);
  });

  it('leaves out a line on what is not a ledger account (a derived card, an unknown name)', () => {
    const withStrays = [
      ...entries,
      line('total_deposit', '999.00', hkt('2026-11-10T00:00:00')),
      line('nonsense' as LedgerEntry['account'], '5.00', hkt('2026-10-10T00:00:00')),
    ];
    expect(summarizePeriod(withStrays, november)).toEqual(summarizePeriod(entries, november));
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
          const december = summarizePeriod(all, presetPeriod('this_month', hkt('2026-12-05T00:00:00'), EN));
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
    const chart = totalValueChart(entries, november, BOX, hkt('2026-11-20T00:00:00'), EN)!;
    expect(chart.from).toBe(november.from);
    expect(chart.to).toBe(hkt('2026-11-20T00:00:00'));
    expect(chart.points.map((p) => p.total)).toEqual(['60.00', '72.34']);
    expect(chart.path.startsWith(`M ${BOX.left} `)).toBe(true);
    expect(chart.xTicks[0]!.label).toBe('1 Nov 2026');
    expect(chart.xTicks.at(-1)!.label).toBe('20 Nov 2026');
    const closed = totalValueChart(entries, november, BOX, hkt('2027-01-01T00:00:00'), EN)!;
    expect(closed.to).toBe(november.to);
    expect(closed.xTicks.at(-1)!.label).toBe('30 Nov 2026');
    const quiet: Period = {
      from: hkt('2026-09-01T00:00:00'),
      to: hkt('2026-10-01T00:00:00'),
      label: 'September 2026',
    };
    expect(totalValueChart(entries, quiet, BOX, hkt('2026-11-20T00:00:00'), EN)).toBeNull();
  });

  it('draws the totals from zero: $0.00 at the foot of the plot, the highest total at its top', () => {
    const chart = totalValueChart(entries, november, BOX, hkt('2026-11-20T00:00:00'), EN)!;
    const foot = BOX.height - BOX.bottom;
    const plotHeight = foot - BOX.top;
    expect(chart.yTicks.map((t) => t.label)).toEqual(['$0.00', '$50.00', '$100.00']);
    expect(chart.yTicks.map((t) => t.y)).toEqual([foot, BOX.top + plotHeight / 2, BOX.top]);
    // Each point stands as high above the foot as its total is above zero (the opening 100.00 is the top).
    for (const point of chart.points) {
      expect(point.y).toBeCloseTo(foot - (Number(point.total) / 100) * plotHeight, 9);
    }
    expect(chart.path.startsWith(`M ${BOX.left} ${BOX.top} `)).toBe(true);
  });

  it('steps at each change: the line holds a total until the moment it changes, then rises or falls', () => {
    const chart = totalValueChart(entries, november, BOX, hkt('2026-11-20T00:00:00'), EN)!;
    const steps = chart.points.map((p) => `H ${p.x} V ${p.y}`).join(' ');
    expect(chart.path).toBe(`M ${BOX.left} ${BOX.top} ${steps} H ${BOX.width - BOX.right}`);
  });

  it('runs to the last line when that line is later than the clock (a clock a little slow)', () => {
    const now = hkt('2026-11-15T09:59:00');
    const chart = totalValueChart(entries, november, BOX, now, EN)!;
    expect(chart.to).toBe(hkt('2026-11-15T10:00:00'));
    for (const point of chart.points) expect(point.x).toBeLessThanOrEqual(BOX.width - BOX.right);
    expect(chart.xTicks.at(-1)!.label).toBe('15 Nov 2026');
  });

  it('puts at most five dates on a wide axis, and keeps the year while exactly two full dates fit', () => {
    const closed = hkt('2027-01-01T00:00:00');
    expect(totalValueChart(entries, november, { ...BOX, width: 4000 }, closed, EN)!.xTicks).toHaveLength(5);
    // "1 Nov 2026" and "30 Nov 2026" are about 70 and 77 px wide, plus 24 px between: 101 px each.
    const fits = { ...BOX, width: BOX.left + BOX.right + 2 * 101 };
    expect(totalValueChart(entries, november, fits, closed, EN)!.xTicks.map((t) => t.label)).toEqual([
      '1 Nov 2026',
      '30 Nov 2026',
    ]);
    const tooNarrow = { ...fits, width: fits.width - 1 };
    expect(totalValueChart(entries, november, tooNarrow, closed, EN)!.xTicks.map((t) => t.label)).toEqual([
      '1 Nov',
      '30 Nov',
    ]);
  });
});

describe('periods and totals in the page language', () => {
  const ZH = languageOf('zh-hant');
  const AR = languageOf('ar');
  const LRI = '\u2066';
  const PDI = '\u2069';
  const entries = [
    line('deposit_wallet', '1234.50', hkt('2026-10-31T23:59:59.999')),
    line('interest_wallet', '-0.50', hkt('2026-11-15T10:00:00')),
  ];

  it('names months, quarters and custom dates in each language, on the Hong Kong clock', () => {
    const lastInstant = hkt('2026-11-30T23:59:59.999');
    expect(presetPeriod('this_month', lastInstant, ZH).label).toBe('2026年11月');
    expect(presetPeriod('this_month', hkt('2026-12-01T00:00:00'), ZH).label).toBe('2026年12月');
    expect(presetPeriod('this_month', lastInstant, AR).label).toBe('نوفمبر 2026');
    expect(presetPeriod('last_month', hkt('2027-01-01T00:00:00'), AR).label).toBe('ديسمبر 2026');
    expect(presetPeriod('this_quarter', lastInstant, ZH).label).toBe('2026年第4季');
    expect(presetPeriod('last_quarter', hkt('2027-02-01T00:00:00'), AR).label).toBe('الربع 4 من 2026');
    expect(customPeriod('2026-11-01', '2026-11-15', ZH)).toMatchObject({
      label: '2026年11月1日至2026年11月15日',
    });
    expect(customPeriod('2026-11-01', '2026-11-15', AR)).toMatchObject({
      label: 'من 1 نوفمبر 2026 إلى 15 نوفمبر 2026',
    });
    // The same instants whatever the language.
    for (const language of [ZH, AR]) {
      expect(presetPeriod('this_quarter', lastInstant, language)).toMatchObject(
        (({ from, to }) => ({ from, to }))(presetPeriod('this_quarter', lastInstant, EN)),
      );
    }
  });

  it('writes the caption word for word, amounts exact and isolated left to right in Arabic', () => {
    const november = presetPeriod('this_month', hkt('2026-11-20T00:00:00'), ZH);
    const s = summarizePeriod(entries, november);
    expect(periodCaption(s, november, hkt('2026-11-20T00:00:00'), ZH)).toBe(
      '2026年11月總值（香港時間）：期初為US$1,234.50，現時為US$1,234.00。',
    );
    expect(periodCaption(s, november, hkt('2026-12-01T00:00:00'), ZH)).toBe(
      '2026年11月總值（香港時間）：期初為US$1,234.50，期末為US$1,234.00。',
    );
    const arNovember = presetPeriod('this_month', hkt('2026-11-20T00:00:00'), AR);
    expect(periodCaption(s, arNovember, hkt('2026-11-20T00:00:00'), AR)).toBe(
      `القيمة الإجمالية، نوفمبر 2026 (بتوقيت هونغ كونغ): ${LRI}1,234.50\u00a0US$${PDI} في البداية، و${LRI}1,234.00\u00a0US$${PDI} الآن.`,
    );
  });

  it("labels the chart's axes in the language: days and amounts", () => {
    const november = presetPeriod('this_month', hkt('2026-11-20T00:00:00'), AR);
    const chart = totalValueChart(entries, november, BOX, hkt('2026-11-20T00:00:00'), AR)!;
    expect(chart.xTicks[0]!.label).toBe('1 نوفمبر 2026');
    expect(chart.xTicks.at(-1)!.label).toBe('20 نوفمبر 2026');
    expect(chart.yTicks.map((t) => t.label)).toContain('1,234.50\u00a0US$');
    const zhChart = totalValueChart(entries, november, BOX, hkt('2026-11-20T00:00:00'), ZH)!;
    expect(zhChart.xTicks[0]!.label).toBe('2026年11月1日');
    expect(zhChart.yTicks.map((t) => t.label)).toContain('US$1,234.50');
  });
});

describe("the chart's axes on a narrow screen and with long amounts", () => {
  const ZH = languageOf('zh-hant');
  const november = presetPeriod('this_month', hkt('2026-11-20T00:00:00'), ZH);
  const entries = [line('deposit_wallet', '100001247.05', hkt('2026-11-03T10:00:00'))];

  it('leaves the year out of the dates only when two full dates would not fit side by side', () => {
    const phone = totalValueChart(entries, november, { ...BOX, width: 290 }, hkt('2026-11-20T00:00:00'), ZH)!;
    expect(phone.xTicks.map((t) => t.label)).toEqual(['11月1日', '11月20日']);
    const wide = totalValueChart(entries, november, { ...BOX, width: 900 }, hkt('2026-11-20T00:00:00'), ZH)!;
    expect(wide.xTicks[0]!.label).toBe('2026年11月1日');
    expect(wide.xTicks.length).toBeGreaterThan(2);
    const english = totalValueChart(
      entries,
      november,
      { ...BOX, width: 290 },
      hkt('2026-11-20T00:00:00'),
      EN,
    )!;
    expect(english.xTicks.map((t) => t.label)).toEqual(['1 Nov', '20 Nov']);
  });

  it('widens the left margin for a long amount, and never narrows it below the box', () => {
    const chart = totalValueChart(entries, november, BOX, hkt('2026-11-20T00:00:00'), ZH)!;
    expect(chart.yTicks.at(-1)!.label).toBe('US$100,001,247.05');
    expect(chart.left).toBeGreaterThanOrEqual('US$100,001,247.05'.length * 7 + 12);
    expect(chart.path.startsWith(`M ${chart.left} `)).toBe(true);
    const small = [line('deposit_wallet', '5.00', hkt('2026-11-03T10:00:00'))];
    expect(totalValueChart(small, november, BOX, hkt('2026-11-20T00:00:00'), ZH)!.left).toBe(BOX.left);
  });
});
