import type { LedgerEntry } from './ledger-entry';
import { centsText, signedCents } from './money';
import { formatUsdIn } from './money-in-language';
import { dayIn, summarizePeriod, type Period, type PeriodLanguage } from './statement-period';

/**
 * The statement page's chart of the total value over a period (issue 34): its geometry, in the page's
 * language (issue 36). Apart from statement-period.ts so that the chart's code loads after the page's
 * first view (its placeholder has the chart's size and caption), while the periods and their sums,
 * which the first view shows, load with the page.
 */

/**
 * About how wide a 12 px label is, in CSS pixels: a Chinese character is a full em, a Latin or
 * Arabic letter or figure a little over half. Enough to decide how many dates fit on an axis.
 */
function labelWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u2e80-\u9fff\uff00-\uffef]/.test(char) ? 12 : 7;
  return width;
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
  /** Where the plot starts: the box's left margin, or wider where the amounts' labels need it. */
  left: number;
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
  language: Pick<PeriodLanguage, 'locale'>,
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
  const tickValues = [minValue, (minValue + maxValue) / 2, maxValue].filter(
    (value, index, all) => all.indexOf(value) === index,
  );
  const tickLabels = tickValues.map((value) => formatUsdIn(language.locale, value.toFixed(2)));
  // The amounts' labels end 8 px before the plot: a long amount ("US$100,001,247.05") widens the margin.
  const left = Math.max(box.left, Math.max(...tickLabels.map(labelWidth)) + 12);
  const plotWidth = box.width - left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  const x = (time: number) => left + ((time - from) / Math.max(to - from, 1)) * plotWidth;
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

  // Dates only: as many as fit side by side, at least the two ends. Where even two full dates would
  // overlap (a phone, a language with longer dates), the ticks leave out the year the caption states.
  const tickTime = (time: number) => (time === period.to ? time - 1 : time);
  const ends = [from, to].map((time) => dayIn(language, tickTime(time)));
  const fullWidth = Math.max(...ends.map(labelWidth)) + 24;
  const withYear = plotWidth >= 2 * fullWidth;
  const tickCount = withYear ? Math.max(2, Math.min(5, Math.floor(plotWidth / fullWidth))) : 2;
  const xTicks = Array.from({ length: tickCount }, (_, i) => {
    const time = from + ((to - from) * i) / (tickCount - 1);
    // A closed period ends at the first instant after it: its last tick names its last day.
    return { x: x(time), label: dayIn(language, tickTime(time), { year: withYear }) };
  });
  const yTicks = tickValues.map((value, index) => ({ y: y(value), label: tickLabels[index]! }));
  return { points, path, xTicks, yTicks, left, from, to };
}
