import type { Locale } from '~/i18n/locales';
import { MONTH_NAMES, formatDateTime, hongKongClock } from './date-time';

/*
 * Days and moments in a member's language (issue 36), apart from date-time.ts so that the admin area,
 * which shares that module with every member page, does not carry another language's months.
 */

/** The Arabic months as the portal and the database (private.when_words) write them. */
const ARABIC_MONTHS = [
  'يناير',
  'فبراير',
  'مارس',
  'أبريل',
  'مايو',
  'يونيو',
  'يوليو',
  'أغسطس',
  'سبتمبر',
  'أكتوبر',
  'نوفمبر',
  'ديسمبر',
] as const;

/**
 * The site's three languages write their dates here, as Intl writes them for their tags
 * (src/i18n/locales.ts, `intl`; date-time.test.ts holds each equal to Intl from 1980 to 2100), not
 * through Intl: the first Intl object a page builds starts ICU, 30-46 ms of the main thread on a
 * fresh page, which the Chinese and Arabic statement and plan pages paid for their dates. English and
 * Arabic put the day first ("3 November 2026", "3 نوفمبر 2026"; Latin digits), Chinese the year
 * ("2026年11月3日").
 */
const monthName = (locale: Locale, month: number): string =>
  (locale === 'ar' ? ARABIC_MONTHS : MONTH_NAMES)[month - 1] ?? '';

/** The Hong Kong wall clock's year, month and day (numbers but the year) and its ISO text. */
function hongKongDay(instant: string | number | Date) {
  const clock = hongKongClock(instant);
  return {
    clock,
    year: clock.slice(0, 4),
    month: Number(clock.slice(5, 7)),
    day: Number(clock.slice(8, 10)),
  };
}

/**
 * The same day in another language: "2026年11月27日", "27 نوفمبر 2026", still the Hong Kong day.
 */
export function formatDateIn(locale: Locale, instant: string | number | Date): string {
  const { year, month, day } = hongKongDay(instant);
  return locale === 'zh-hant' ? `${year}年${month}月${day}日` : `${day} ${monthName(locale, month)} ${year}`;
}

/** The same day without its year, where the year is said nearby: "27 Nov" is English's (formatDate). */
export function formatDayMonthIn(locale: Locale, instant: string | number | Date): string {
  const { month, day } = hongKongDay(instant);
  return locale === 'zh-hant' ? `${month}月${day}日` : `${day} ${monthName(locale, month)}`;
}

/**
 * A moment as a language writes it in figures, on the Hong Kong clock: its numeric date and its
 * 24-hour time, apart ("03/11/2026", "14:05"), for a statement's lines. Arabic puts a right-to-left
 * mark after the day and the month.
 */
export function formatNumericDateTimeIn(locale: Locale, instant: string | number | Date): [string, string] {
  const { clock } = hongKongDay(instant);
  const slash = locale === 'ar' ? '\u200f/' : '/';
  return [
    `${clock.slice(8, 10)}${slash}${clock.slice(5, 7)}${slash}${clock.slice(0, 4)}`,
    clock.slice(11, 16),
  ];
}

/** A calendar month (1-12) as a language names it: "November 2026", "2026年11月", "نوفمبر 2026". */
export function formatMonthIn(locale: Locale, year: number, month: number): string {
  return locale === 'zh-hant' ? `${year}年${month}月` : `${monthName(locale, month)} ${year}`;
}

/**
 * A moment in a member's language, on the firm's clock with the zone written out: "27 Nov 2026,
 * 20:40 HKT", "2026年11月27日 20:40（香港時間）", "27 نوفمبر 2026، 20:40 (بتوقيت هونغ كونغ)" (Latin
 * digits). Word for word what the database writes in notices and mails (private.when_words), so a
 * time reads the same on the page and in the mail; a test holds the two together. Built from the Hong
 * Kong wall clock, not Intl, so every browser writes it alike. Any other language gets English.
 */
export function formatDateTimeIn(
  locale: string,
  instant: string | number | Date | null | undefined,
  options: { seconds?: boolean } = {},
): string {
  if (locale !== 'zh-hant' && locale !== 'ar') return formatDateTime(instant, options);
  if (instant === null || instant === undefined || instant === '') return '—';
  if (Number.isNaN(new Date(instant).getTime())) return '—';
  const clock = hongKongClock(instant);
  const time = clock.slice(11, options.seconds ? 19 : 16);
  if (locale === 'zh-hant') return `${formatDateIn(locale, instant)} ${time}（香港時間）`;
  return `${formatDateIn('ar', instant)}، ${time} (بتوقيت هونغ كونغ)`;
}
