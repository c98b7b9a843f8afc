/**
 * Every date and time the portal, the admin area, the mails and the statements show, in one clock
 * and one format: the firm's, Hong Kong time, with the zone written beside the time
 * ("27 Nov 2026, 20:40 HKT"). Two admins in different places, a member abroad and the monthly
 * statement all read the same moment the same way. CSV exports keep ISO 8601 in UTC instead.
 *
 * Hong Kong has kept UTC+8 without daylight saving since 1979, so a fixed offset gives the same
 * answer as the tz database without depending on the ICU data a browser or Node was built with.
 */

/**
 * Intl.DateTimeFormat for this language tag and these options, built once per page and shared (they
 * are immutable), for a language the site does not write out itself (WRITTEN, below).
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** Hong Kong is UTC+8 all year: the firm's clock. */
export const HONG_KONG_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The zone as it is written after a time. */
export const TIME_ZONE_ABBREVIATION = 'HKT';

/** The zone in words, for captions and documents ("All times are Hong Kong time (UTC+8)."). */
export const TIME_ZONE_TEXT = 'Hong Kong time (UTC+8)';

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const toMs = (instant: string | number | Date): number =>
  instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);

/**
 * The wall clock in Hong Kong at `instant`, as an ISO string whose fields are Hong Kong's
 * ("2026-11-03T14:05:09.000Z" for 06:05:09 UTC). Throws on what is not a time.
 */
export function hongKongClock(instant: string | number | Date): string {
  const ms = toMs(instant);
  if (Number.isNaN(ms)) throw new Error(`Not a date: ${JSON.stringify(instant)}`);
  return new Date(ms + HONG_KONG_OFFSET_MS).toISOString();
}

const shortMonth = (clock: string) => (MONTH_NAMES[Number(clock.slice(5, 7)) - 1] ?? '').slice(0, 3);
const day = (clock: string) => String(Number(clock.slice(8, 10)));

/** "27 Nov 2026": a day. An empty or unreadable value is shown as a dash, never as "Invalid Date". */
export function formatDate(instant: string | number | Date | null | undefined): string {
  if (instant === null || instant === undefined || instant === '') return '—';
  if (Number.isNaN(toMs(instant))) return '—';
  const clock = hongKongClock(instant);
  return `${day(clock)} ${shortMonth(clock)} ${clock.slice(0, 4)}`;
}

const ARABIC_MONTH_NAMES = [
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

/** How each of the site's languages (their Intl tags, src/i18n/locales.ts) writes its dates. */
interface WrittenDates {
  date(c: Clock): string;
  dayMonth(c: Clock): string;
  numericDate(c: Clock): string;
  month(c: Clock): string;
}

/**
 * The site's three languages write their dates here, as Intl writes them (CLDR; date-time.test.ts
 * holds each equal to Intl over a century of days), instead of through Intl: the first Intl object a
 * page builds starts ICU, 30-46 ms of the main thread on a fresh page, which the Chinese and Arabic
 * statement and plan pages paid for their dates. Any other tag still goes through Intl.
 */
const WRITTEN: Readonly<Record<string, WrittenDates>> = {
  'en-GB': {
    date: (c) => `${c.day} ${MONTH_NAMES[c.month - 1]} ${c.year}`,
    dayMonth: (c) => `${c.day} ${MONTH_NAMES[c.month - 1]}`,
    numericDate: (c) => `${c.dd}/${c.mm}/${c.year}`,
    month: (c) => `${MONTH_NAMES[c.month - 1]} ${c.year}`,
  },
  'zh-Hant-HK': {
    date: (c) => `${c.year}年${c.month}月${c.day}日`,
    dayMonth: (c) => `${c.month}月${c.day}日`,
    numericDate: (c) => `${c.dd}/${c.mm}/${c.year}`,
    month: (c) => `${c.year}年${c.month}月`,
  },
  // Latin digits (-u-nu-latn); a right-to-left mark follows the day and the month of a numeric date.
  'ar-AE-u-nu-latn': {
    date: (c) => `${c.day} ${ARABIC_MONTH_NAMES[c.month - 1]} ${c.year}`,
    dayMonth: (c) => `${c.day} ${ARABIC_MONTH_NAMES[c.month - 1]}`,
    numericDate: (c) => `${c.dd}\u200f/${c.mm}\u200f/${c.year}`,
    month: (c) => `${ARABIC_MONTH_NAMES[c.month - 1]} ${c.year}`,
  },
};

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
 * The same day in another language, given its Intl tag (src/i18n/locales.ts, `intl`):
 * "2026年11月27日", "27 نوفمبر 2026", still the Hong Kong day.
 */
export function formatDateIn(intlTag: string, instant: string | number | Date): string {
  const clock = hongKongClock(instant);
  const written = WRITTEN[intlTag];
  if (written) return written.date(clockFields(clock));
  // The formatter reads the Hong Kong wall clock as if it were UTC, so no tz data is needed.
  const options = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
  return dateTimeFormat(intlTag, options).format(new Date(clock));
}

/** The same day without its year, where the year is said nearby: "27 Nov" is English's (formatDate). */
export function formatDayMonthIn(intlTag: string, instant: string | number | Date): string {
  const clock = hongKongClock(instant);
  const written = WRITTEN[intlTag];
  if (written) return written.dayMonth(clockFields(clock));
  const options = { day: 'numeric', month: 'long', timeZone: 'UTC' } as const;
  return dateTimeFormat(intlTag, options).format(new Date(clock));
}

/**
 * A moment as a language writes it in figures, on the Hong Kong clock: its numeric date and its
 * 24-hour time, apart ("03/11/2026", "14:05"), for a statement's lines.
 */
export function formatNumericDateTimeIn(intlTag: string, instant: string | number | Date): [string, string] {
  const clock = hongKongClock(instant);
  const written = WRITTEN[intlTag];
  if (written) return [written.numericDate(clockFields(clock)), clock.slice(11, 16)];
  const date = { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' } as const;
  const time = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' } as const;
  const at = new Date(clock);
  return [dateTimeFormat(intlTag, date).format(at), dateTimeFormat(intlTag, time).format(at)];
}

/** A calendar month (1-12) as a language names it: "November 2026", "2026年11月", "نوفمبر 2026". */
export function formatMonthIn(intlTag: string, year: number, month: number): string {
  const written = WRITTEN[intlTag];
  if (written) return written.month(clockFields(new Date(Date.UTC(year, month - 1, 1)).toISOString()));
  const options = { month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
  return dateTimeFormat(intlTag, options).format(new Date(Date.UTC(year, month - 1, 1)));
}

/**
 * "27 Nov 2026, 20:40 HKT": a moment, with its zone. `seconds` adds them ("20:40:36 HKT") where
 * the order of close events matters (the audit log, a security hold).
 */
export function formatDateTime(
  instant: string | number | Date | null | undefined,
  options: { seconds?: boolean } = {},
): string {
  if (instant === null || instant === undefined || instant === '') return '—';
  if (Number.isNaN(toMs(instant))) return '—';
  const clock = hongKongClock(instant);
  const time = clock.slice(11, options.seconds ? 19 : 16);
  return `${formatDate(instant)}, ${time} ${TIME_ZONE_ABBREVIATION}`;
}
