import { supabase } from './supabase';
import { toDbError } from './db-errors';
import type { BalanceAccount } from './accounts';
import { oldestFirst, readStatement, toLedgerEntry, type LedgerEntry } from './ledger-entry';

// Re-exported: callers read a statement line's shape and labels from here as before.
export { accountLabel, toLedgerEntry, type LedgerEntry } from './ledger-entry';

/**
 * The signed-in member's whole ledger (rpc my_ledger, read in pages), oldest first so running
 * balances read naturally.
 */
export async function myLedger(): Promise<LedgerEntry[]> {
  return oldestFirst(
    (
      await readStatement(
        (args) => supabase().rpc('my_ledger', args),
        (error) => toDbError(error, 'Your statement could not be loaded.'),
      )
    ).map(toLedgerEntry),
  );
}

/**
 * Points for a balance-over-time chart of one account. Chart geometry only: the y values are
 * approximate by nature (pixels), while every amount a person reads is formatted from the text.
 */
export function chartSeries(
  entries: LedgerEntry[],
  account: BalanceAccount,
): { t: number; y: number; label: string }[] {
  return entries
    .filter((e) => e.account === account)
    .map((e) => ({ t: Date.parse(e.created_at), y: Number(e.balance_after), label: e.balance_after }));
}

/** A chart of one account's balance against real time, in the SVG's own units. */
export interface BalanceChartModel {
  /** One point per moment with a change (several entries at one moment end in one balance). */
  points: { x: number; y: number; time: number; balance: string }[];
  /** The step line: each balance holds until the next change, the last one until `now`. */
  path: string;
  xTicks: { x: number; label: string }[];
  yTicks: { y: number; label: string }[];
  /** Time span shown, for the chart's accessible text. */
  from: number;
  to: number;
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the axis labels: left for amounts, bottom for times. */
  left: number;
  bottom: number;
  top: number;
  right: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The geometry of the balance chart: x is proportional to time (not to the entry's index), from the
 * first change to `now`; y runs from zero to the largest balance. Pure, so it is unit-tested.
 */
export function balanceChart(
  entries: LedgerEntry[],
  account: BalanceAccount,
  box: ChartBox,
  now: number,
  formatAmount: (amount: string) => string,
  locale?: string,
): BalanceChartModel | null {
  const byTime = new Map<number, string>();
  for (const point of chartSeries(entries, account)) byTime.set(point.t, point.label);
  const series = [...byTime].sort(([a], [b]) => a - b);
  const first = series[0];
  const last = series[series.length - 1];
  if (!first || !last) return null;
  // The axis ends now and covers at least the last hour: changes made moments ago sit at the right
  // edge of a readable span instead of stretching a few seconds across the chart.
  const to = Math.max(now, last[0]);
  const from = Math.min(first[0], to - HOUR);
  const values = series.map(([, balance]) => Number(balance));
  const maxValue = Math.max(...values, 0);
  const minValue = Math.min(...values, 0);
  const valueSpan = maxValue - minValue || 1;
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  const x = (time: number) => box.left + ((time - from) / (to - from)) * plotWidth;
  const y = (value: number) => box.top + plotHeight - ((value - minValue) / valueSpan) * plotHeight;

  const points = series.map(([time, balance]) => ({ x: x(time), y: y(Number(balance)), time, balance }));
  let path = '';
  points.forEach((point, index) => {
    path += index === 0 ? `M ${point.x} ${point.y}` : ` H ${point.x} V ${point.y}`;
  });
  path += ` H ${x(to)}`;

  // Tick labels as fine as the span needs to tell them apart: dates, clock times, or with seconds.
  const span = to - from;
  const timeFormat = new Intl.DateTimeFormat(
    locale,
    span > 2 * DAY
      ? { month: 'short', day: 'numeric' }
      : span > 2 * HOUR
        ? { hour: '2-digit', minute: '2-digit' }
        : { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  );
  // As many time labels as fit side by side (about 110 px each), at least the two ends.
  const tickCount = Math.max(2, Math.min(4, Math.floor(plotWidth / 110)));
  const xTicks = Array.from({ length: tickCount }, (_, i) => {
    const time = from + ((to - from) * i) / (tickCount - 1);
    return { x: x(time), label: timeFormat.format(time) };
  });
  const yTicks = [minValue, (minValue + maxValue) / 2, maxValue]
    .filter((value, index, all) => all.indexOf(value) === index)
    .map((value) => ({ y: y(value), label: formatAmount(value.toFixed(2)) }));
  return { points, path, xTicks, yTicks, from, to };
}
