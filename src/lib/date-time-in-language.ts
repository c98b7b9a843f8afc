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

/** A Hong Kong wall-clock reading, its fields as numbers and zero-padded text. */
interface Clock {
  year: string;
  month: number;
  day: number;
  mm: string;
  dd: string;
}

/** How each of the site's languages writes its dates. */
interface WrittenDates {
  date(c: Clock): string;
  dayMonth(c: Clock): string;
  numericDate(c: Clock): string;
  month(c: Clock): string;
}

/**
 * The site's three languages write their dates here, as Intl writes them for their tags
 * (src/i18n/locales.ts, `intl`; date-time.test.ts holds each equal to Intl from 1980 to 2100), not
 * through Intl: the first Intl object a page builds starts ICU, 30-46 ms of the main thread on a
 * fresh page, which the Chinese and Arabic statement and plan pages paid for their dates.
 */
const ENGLISH: WrittenDates = {
  date: (c) => `${c.day} ${MONTH_NAMES[c.month - 1]} ${c.year}`,
  dayMonth: (c) => `${c.day} ${MONTH_NAMES[c.month - 1]}`,
  numericDate: (c) => `${c.dd}/${c.mm}/${c.year}`,
  month: (c) => `${MONTH_NAMES[c.month - 1]} ${c.year}`,
};
const CHINESE: WrittenDates = {
  date: (c) => `${c.year}年${c.month}月${c.day}日`,
  dayMonth: (c) => `${c.month}月${c.day}日`,
  numericDate: (c) => `${c.dd}/${c.mm}/${c.year}`,
  month: (c) => `${c.year}年${c.month}月`,
};
// Latin digits (-u-nu-latn); a right-to-left mark follows the day and the month of a numeric date.
const ARABIC: WrittenDates = {
  date: (c) => `${c.day} ${ARABIC_MONTHS[c.month - 1]} ${c.year}`,
  dayMonth: (c) => `${c.day} ${ARABIC_MONTHS[c.month - 1]}`,
  numericDate: (c) => `${c.dd}\u200f/${c.mm}\u200f/${c.year}`,
  month: (c) => `${ARABIC_MONTHS[c.month - 1]} ${c.year}`,
};
const WRITTEN: Readonly<Record<Locale, WrittenDates>> = { en: ENGLISH, 'zh-hant': CHINESE, ar: ARABIC };

/** The fields of an ISO string read as a wall clock ("2026-11-03T14:05:09.000Z"). */
function clockFields(iso: string): Clock {
  return {
    year: iso.slice(0, 4),
    month: Number(iso.slice(5, 7)),
    day: Number(iso.slice(8, 10)),
    mm: iso.slice(5, 7),
    dd: iso.slice(8, 10),
  };
}

/**
 * The same day in another language: "2026年11月27日", "27 نوفمبر 2026", still the Hong Kong day.
 */
export function formatDateIn(locale: Locale, instant: string | number | Date): string {
  return WRITTEN[locale].date(clockFields(hongKongClock(instant)));
}

/** The same day without its year, where the year is said nearby: "27 Nov" is English's (formatDate). */
export function formatDayMonthIn(locale: Locale, instant: string | number | Date): string {
  return WRITTEN[locale].dayMonth(clockFields(hongKongClock(instant)));
}

/**
 * A moment as a language writes it in figures, on the Hong Kong clock: its numeric date and its
 * 24-hour time, apart ("03/11/2026", "14:05"), for a statement's lines.
 */
export function formatNumericDateTimeIn(locale: Locale, instant: string | number | Date): [string, string] {
  const clock = hongKongClock(instant);
  return [WRITTEN[locale].numericDate(clockFields(clock)), clock.slice(11, 16)];
}

/** A calendar month (1-12) as a language names it: "November 2026", "2026年11月", "نوفمبر 2026". */
export function formatMonthIn(locale: Locale, year: number, month: number): string {
  return WRITTEN[locale].month(clockFields(new Date(Date.UTC(year, month - 1, 1)).toISOString()));
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
  if (locale === 'zh-hant') return `${CHINESE.date(clockFields(clock))} ${time}（香港時間）`;
  return `${ARABIC.date(clockFields(clock))}، ${time} (بتوقيت هونغ كونغ)`;
}
