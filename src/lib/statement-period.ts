import { LEDGER_ACCOUNTS, type BalanceAccount } from './accounts';
import { type LedgerEntry } from './ledger-entry';
import { centsText, signedCents } from './money';
import { formatUsdIn } from './money-in-language';
import { HONG_KONG_OFFSET_MS as HK_OFFSET, formatDate, hongKongClock } from './date-time';
import { formatDateIn, formatDayMonthIn, formatMonthIn } from './date-time-in-language';
import { fill } from '~/i18n/fill';
import { ltrIn } from './bidi';
import type { Locale } from '~/i18n/locales';

/**
 * The statement page's live view of any period (issue 34): which instants a period covers, each
 * account's opening and closing balance in it, and the total value over it as a chart. Months and
 * quarters are the firm's, in Hong Kong time (UTC+8 all year), as on the monthly statements; the
 * sums are exact (cents), the chart's geometry alone is approximate (pixels). Names of periods,
 * dates and amounts are written in the page's language (issue 36).
 */

const DAY = 86_400_000;

export type PeriodChoice = 'this_month' | 'last_month' | 'this_quarter' | 'last_quarter' | 'custom';

/** The choices in the page's list, in order; their names are the page's words (period.choices). */
export const PERIOD_CHOICES: readonly PeriodChoice[] = [
  'this_month',
  'last_month',
  'this_quarter',
  'last_quarter',
  'custom',
];

/**
 * The language a period and its totals are written in: the page's locale and the sentences of
 * src/i18n/member/pages/statement.ts it needs.
 */
export interface PeriodLanguage {
  locale: Locale;
  words: {
    period: { quarter: string; range: string };
    chart: { captionOpen: string; captionClosed: string };
  };
}

/**
 * "1 Nov 2026", "2026年11月1日", "1 نوفمبر 2026": the Hong Kong day that starts at `ms`; without the
 * year ("1 Nov", "11月1日", "1 نوفمبر") where the year is said nearby.
 */
export function dayIn(
  language: Pick<PeriodLanguage, 'locale'>,
  ms: number,
  { year = true }: { year?: boolean } = {},
): string {
  if (language.locale === 'en') return year ? formatDate(ms) : formatDate(ms).replace(/ \d{4}$/, '');
  return year ? formatDateIn(language.locale, ms) : formatDayMonthIn(language.locale, ms);
}

/** "November 2026", "2026年11月", "نوفمبر 2026" (month 0-11; a month outside the year rolls over). */
function monthIn(language: Pick<PeriodLanguage, 'locale'>, year: number, month: number): string {
  const first = new Date(Date.UTC(year, month, 1));
  return formatMonthIn(language.locale, first.getUTCFullYear(), first.getUTCMonth() + 1);
}

export interface Period {
  /** First instant in the period and first instant after it (ms). */
  from: number;
  to: number;
  /** "November 2026", "Q4 2026", "1 Nov 2026 – 15 Nov 2026" (in the page's language). */
  label: string;
}

/** Midnight in Hong Kong at the start of a calendar day (month 0-11; days overflow as Date.UTC does). */
const hkMidnight = (year: number, month: number, day: number) => Date.UTC(year, month, day) - HK_OFFSET;

/** "November 2026", "2026年11月", "نوفمبر 2026" for "2026-11": a month as the statements name it. */
export function monthLabel(
  month: string,
  language: Pick<PeriodLanguage, 'locale'> = { locale: 'en' },
): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return monthIn(language, year, m - 1);
}

/** Where a preset period around `now` starts and ends. */
function presetBounds(choice: Exclude<PeriodChoice, 'custom'>, now: number): { from: number; to: number } {
  const hk = new Date(now + HK_OFFSET);
  const year = hk.getUTCFullYear();
  const month = hk.getUTCMonth();
  switch (choice) {
    case 'this_month':
      return { from: hkMidnight(year, month, 1), to: hkMidnight(year, month + 1, 1) };
    case 'last_month':
      return { from: hkMidnight(year, month - 1, 1), to: hkMidnight(year, month, 1) };
    case 'this_quarter':
    case 'last_quarter': {
      const first = month - (month % 3) - (choice === 'last_quarter' ? 3 : 0);
      return { from: hkMidnight(year, first, 1), to: hkMidnight(year, first + 3, 1) };
    }
  }
}

/** A preset period around `now`, named in `language`. */
export function presetPeriod(
  choice: Exclude<PeriodChoice, 'custom'>,
  now: number,
  language: PeriodLanguage,
): Period {
  const { from, to } = presetBounds(choice, now);
  const start = new Date(from + HK_OFFSET);
  const [year, month] = [start.getUTCFullYear(), start.getUTCMonth()];
  const label =
    choice === 'this_month' || choice === 'last_month'
      ? monthIn(language, year, month)
      : fill(language.words.period.quarter, { quarter: Math.floor(month / 3) + 1, year });
  return { from, to, label };
}

/** "2026-10" for a moment in November (Hong Kong time): the month a scheduled statement run makes. */
export function lastMonth(now: number): string {
  return hongKongClock(presetBounds('last_month', now).from).slice(0, 7);
}

/** Why two dates make no period; the page words each (period.problems). */
export type CustomPeriodProblem = 'firstDay' | 'lastDay' | 'order';

/**
 * A custom period from two dates ("2026-11-01" to "2026-11-15", both days included, Hong Kong time),
 * or the reason it cannot be one.
 */
export function customPeriod(
  fromDate: string,
  toDate: string,
  language: PeriodLanguage,
): Period | { problem: CustomPeriodProblem } {
  const parse = (text: string) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    if (!match) return null;
    const [y, m, d] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
    // Date.UTC reads years 0–99 as 1900–1999, and the ledger starts long after 1970: an earlier
    // year is a slip of the keyboard, not a day to show.
    if (y < 1970) return null;
    const ms = hkMidnight(y, m, d);
    // 2026-02-30 would roll over into March: not a date.
    return new Date(ms + HK_OFFSET).getUTCDate() === d ? ms : null;
  };
  const from = parse(fromDate);
  const lastDay = parse(toDate);
  if (from === null) return { problem: 'firstDay' };
  if (lastDay === null) return { problem: 'lastDay' };
  if (lastDay < from) return { problem: 'order' };
  const label = fill(language.words.period.range, {
    from: dayIn(language, from),
    to: dayIn(language, lastDay),
  });
  return { from, to: lastDay + DAY, label };
}

export interface AccountPeriod {
  account: BalanceAccount;
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
      opening: centsText(s.opening),
      credits: centsText(s.credits),
      debits: centsText(s.debits),
      closing: centsText(end),
    };
  });
  return { accounts, opening: centsText(opening), closing: centsText(closing), lines };
}

/**
 * The line under the chart, also painted early: the period and its opening and closing totals, in
 * `language`. The amounts are isolated left to right on a right-to-left page (ltrIn).
 */
export function periodCaption(
  summary: Pick<PeriodSummary, 'opening' | 'closing'>,
  period: Period,
  now: number,
  language: PeriodLanguage,
): string {
  const { captionOpen, captionClosed } = language.words.chart;
  const amount = (value: string) => ltrIn(language.locale, formatUsdIn(language.locale, value));
  return fill(period.to > now ? captionOpen : captionClosed, {
    period: period.label,
    opening: amount(summary.opening),
    closing: amount(summary.closing),
  });
}
