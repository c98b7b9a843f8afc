import { LEDGER_ACCOUNTS, type BalanceAccount } from './accounts';
import { accountLabel, type LedgerEntry } from './ledger-entry';
import { centsText, formatUsd, signedCents } from './money';
import { HONG_KONG_OFFSET_MS as HK_OFFSET, MONTH_NAMES, formatDate, hongKongClock } from './date-time';

/**
 * The statement page's live view of any period (issue 34): which instants a period covers, each
 * account's opening and closing balance in it, and the total value over it as a chart. Months and
 * quarters are the firm's, in Hong Kong time (UTC+8 all year), as on the monthly statements; the
 * sums are exact (cents), the chart's geometry alone is approximate (pixels).
 */

const DAY = 86_400_000;

export type PeriodChoice = 'this_month' | 'last_month' | 'this_quarter' | 'last_quarter' | 'custom';

export const PERIOD_CHOICES: Array<{ value: PeriodChoice; label: string }> = [
  { value: 'this_month', label: 'This month' },
  { value: 'last_month', label: 'Last month' },
  { value: 'this_quarter', label: 'This quarter' },
  { value: 'last_quarter', label: 'Last quarter' },
  { value: 'custom', label: 'Custom dates' },
];

export interface Period {
  /** First instant in the period and first instant after it (ms). */
  from: number;
  to: number;
  /** "November 2026", "Q4 2026", "1 Nov 2026 – 15 Nov 2026". */
  label: string;
}

/** Midnight in Hong Kong at the start of a calendar day (month 0-11; days overflow as Date.UTC does). */
const hkMidnight = (year: number, month: number, day: number) => Date.UTC(year, month, day) - HK_OFFSET;

/** "1 Nov 2026" for the Hong Kong day that starts at `ms`. */
const dateLabel = (ms: number) => formatDate(ms);

/** "November 2026" (month 0-11; a month outside the year rolls over as Date.UTC does). */
const monthName = (year: number, month: number) => {
  const first = new Date(Date.UTC(year, month, 1));
  return `${MONTH_NAMES[first.getUTCMonth()]} ${first.getUTCFullYear()}`;
};

/** "November 2026" for "2026-11": a month as the statements name it. */
export const monthLabel = (month: string): string => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return monthName(year, m - 1);
};

/** A preset period around `now`. */
export function presetPeriod(choice: Exclude<PeriodChoice, 'custom'>, now: number): Period {
  const hk = new Date(now + HK_OFFSET);
  const year = hk.getUTCFullYear();
  const month = hk.getUTCMonth();
  switch (choice) {
    case 'this_month':
      return {
        from: hkMidnight(year, month, 1),
        to: hkMidnight(year, month + 1, 1),
        label: monthName(year, month),
      };
    case 'last_month': {
      const from = hkMidnight(year, month - 1, 1);
      const start = new Date(from + HK_OFFSET);
      return {
        from,
        to: hkMidnight(year, month, 1),
        label: monthName(start.getUTCFullYear(), start.getUTCMonth()),
      };
    }
    case 'this_quarter':
    case 'last_quarter': {
      const first = month - (month % 3) - (choice === 'last_quarter' ? 3 : 0);
      const from = hkMidnight(year, first, 1);
      const start = new Date(from + HK_OFFSET);
      return {
        from,
        to: hkMidnight(year, first + 3, 1),
        label: `Q${Math.floor(start.getUTCMonth() / 3) + 1} ${start.getUTCFullYear()}`,
      };
    }
  }
}

/** "2026-10" for a moment in November (Hong Kong time): the month a scheduled statement run makes. */
export function lastMonth(now: number): string {
  return hongKongClock(presetPeriod('last_month', now).from).slice(0, 7);
}

/**
 * A custom period from two dates ("2026-11-01" to "2026-11-15", both days included, Hong Kong time),
 * or the reason it cannot be one.
 */
export function customPeriod(fromDate: string, toDate: string): Period | { problem: string } {
  const parse = (text: string) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    if (!match) return null;
    const [y, m, d] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
    const ms = hkMidnight(y, m, d);
    // 2026-02-30 would roll over into March: not a date.
    return new Date(ms + HK_OFFSET).getUTCDate() === d ? ms : null;
  };
  const from = parse(fromDate);
  const lastDay = parse(toDate);
  if (from === null) return { problem: 'Enter the first day of the period.' };
  if (lastDay === null) return { problem: 'Enter the last day of the period.' };
  if (lastDay < from) return { problem: 'The last day cannot be before the first day.' };
  return { from, to: lastDay + DAY, label: `${dateLabel(from)} – ${dateLabel(lastDay)}` };
}

export interface AccountPeriod {
  account: BalanceAccount;
  label: string;
  opening: string;
  credits: string;
  debits: string;
  closing: string;
}

export interface PeriodSummary {
  accounts: AccountPeriod[];
  opening: string;
  closing: string;
  /** The period's lines, oldest first. */
  lines: LedgerEntry[];
}

/** Each account's opening and closing balance over the period, from the lines (sums, not the last line). */
export function summarizePeriod(entries: LedgerEntry[], period: Period): PeriodSummary {
  const lines: LedgerEntry[] = [];
  const totals = new Map<BalanceAccount, { opening: bigint; credits: bigint; debits: bigint }>(
    LEDGER_ACCOUNTS.map((a) => [a, { opening: 0n, credits: 0n, debits: 0n }]),
  );
  for (const e of entries) {
    const at = Date.parse(e.created_at);
    if (at >= period.to) continue;
    const sums = totals.get(e.account);
    if (!sums) continue;
    const delta = signedCents(e.delta);
    if (at < period.from) sums.opening += delta;
    else {
      lines.push(e);
      if (delta > 0n) sums.credits += delta;
      else sums.debits -= delta;
    }
  }
  let opening = 0n;
  let closing = 0n;
  const accounts = LEDGER_ACCOUNTS.map((account) => {
    const s = totals.get(account)!;
    const end = s.opening + s.credits - s.debits;
    opening += s.opening;
    closing += end;
    return {
      account,
      label: accountLabel(account),
      opening: centsText(s.opening),
      credits: centsText(s.credits),
      debits: centsText(s.debits),
      closing: centsText(end),
    };
  });
  return { accounts, opening: centsText(opening), closing: centsText(closing), lines };
}

export interface ChartBox {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface TotalValueChart {
  /** One point per moment with a change in the period. */
  points: Array<{ x: number; y: number; time: number; total: string }>;
  /** The step line from the period's start (opening total) to its end or now, whichever is first. */
  path: string;
  xTicks: Array<{ x: number; label: string }>;
  yTicks: Array<{ y: number; label: string }>;
  from: number;
  to: number;
}

/**
 * The total of the member's accounts over the period, on a date axis: it starts at the opening
 * total, steps at each change, and runs to the period's end (or to now, in a period still open).
 * Null when nothing changed in the period: the page says so in words instead of drawing a flat line.
 */
export function totalValueChart(
  entries: LedgerEntry[],
  period: Period,
  box: ChartBox,
  now: number,
): TotalValueChart | null {
  const summary = summarizePeriod(entries, period);
  if (summary.lines.length === 0) return null;
  const to = Math.max(
    Math.min(period.to, now),
    Date.parse(summary.lines[summary.lines.length - 1]!.created_at),
  );
  const from = period.from;
  let running = signedCents(summary.opening);
  const byTime = new Map<number, bigint>();
  for (const line of summary.lines) {
    running += signedCents(line.delta);
    byTime.set(Date.parse(line.created_at), running);
  }
  const series = [...byTime].sort(([a], [b]) => a - b);
  const values = [signedCents(summary.opening), ...series.map(([, v]) => v)].map((v) => Number(v) / 100);
  const maxValue = Math.max(...values, 0);
  const minValue = Math.min(...values, 0);
  const span = maxValue - minValue || 1;
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  const x = (time: number) => box.left + ((time - from) / Math.max(to - from, 1)) * plotWidth;
  const y = (value: number) => box.top + plotHeight - ((value - minValue) / span) * plotHeight;

  const points = series.map(([time, total]) => ({
    x: x(time),
    y: y(Number(total) / 100),
    time,
    total: centsText(total),
  }));
  let path = `M ${x(from)} ${y(values[0]!)}`;
  for (const p of points) path += ` H ${p.x} V ${p.y}`;
  path += ` H ${x(to)}`;

  // Dates only: as many as fit side by side (about 110 px each), at least the two ends.
  const tickCount = Math.max(2, Math.min(5, Math.floor(plotWidth / 110)));
  const xTicks = Array.from({ length: tickCount }, (_, i) => {
    const time = from + ((to - from) * i) / (tickCount - 1);
    // A closed period ends at the first instant after it: its last tick names its last day.
    return { x: x(time), label: dateLabel(time === period.to ? time - 1 : time) };
  });
  const yTicks = [minValue, (minValue + maxValue) / 2, maxValue]
    .filter((value, index, all) => all.indexOf(value) === index)
    .map((value) => ({ y: y(value), label: formatUsd(value.toFixed(2)) }));
  return { points, path, xTicks, yTicks, from, to };
}

/** The line under the chart, also painted early: the period and its opening and closing totals. */
export function periodCaption(
  summary: Pick<PeriodSummary, 'opening' | 'closing'>,
  period: Period,
  now: number,
): string {
  const open = period.to > now;
  return `Total value, ${period.label} (Hong Kong time): ${formatUsd(summary.opening)} at the start, ${formatUsd(summary.closing)} ${open ? 'now' : 'at the end'}.`;
}
