import { supabase } from './supabase';
import { toDbError } from './db-errors';
import { ACCOUNT_LABELS, type BalanceAccount } from './accounts';

/** One line of the member's statement; money as text. */
export interface LedgerEntry {
  id: string;
  account: BalanceAccount;
  delta: string;
  balance_before: string;
  balance_after: string;
  reason: string;
  source: string;
  created_at: string;
}

export function accountLabel(account: string): string {
  return (ACCOUNT_LABELS as Record<string, string>)[account] ?? account;
}

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** One row from my_ledger or admin_user_ledger; null columns become empty text. */
export function toLedgerEntry(r: Record<string, unknown>): LedgerEntry {
  return {
    id: text(r.id),
    account: text(r.account) as BalanceAccount,
    delta: text(r.delta),
    balance_before: text(r.balance_before),
    balance_after: text(r.balance_after),
    reason: text(r.reason),
    source: text(r.source),
    created_at: text(r.created_at),
  };
}

/** The signed-in member's ledger (rpc my_ledger), oldest first so running balances read naturally. */
export async function myLedger(): Promise<LedgerEntry[]> {
  const { data, error } = await supabase().rpc('my_ledger');
  if (error) throw toDbError(error, 'Your statement could not be loaded.');
  if (!Array.isArray(data)) throw new Error('Your statement could not be loaded: unexpected response.');
  const rows = (data as Record<string, unknown>[]).map(toLedgerEntry);
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at) || Number(a.id) - Number(b.id));
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

/** A CSV cell: quoted when needed; text that a spreadsheet would run as a formula is defused. */
export function csvCell(value: string, isText: boolean): string {
  const safe = isText && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The statement as CSV (RFC 4180, CRLF), oldest first; amounts exactly as stored. */
export function ledgerCsv(entries: LedgerEntry[]): string {
  const header = ['Date (UTC)', 'Account', 'Change', 'Balance before', 'Balance after', 'Reason'];
  const rows = entries.map((e) =>
    [
      csvCell(new Date(e.created_at).toISOString(), false),
      csvCell(accountLabel(e.account), true),
      csvCell(e.delta, false),
      csvCell(e.balance_before, false),
      csvCell(e.balance_after, false),
      csvCell(e.reason, true),
    ].join(','),
  );
  return [header.join(','), ...rows].join('\r\n') + '\r\n';
}
