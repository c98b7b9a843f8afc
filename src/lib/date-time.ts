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
 * are immutable). Building one resolves the locale and its data each time: a statement's lines in
 * Chinese or Arabic used to build two per line. (The first one a page builds also starts ICU, 30-40 ms
 * of the main thread, which no cache avoids: English dates are written without Intl.)
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

/**
 * The same day in another language, given its Intl tag (src/i18n/locales.ts, `intl`):
 * "2026年11月27日", "27 نوفمبر 2026", still the Hong Kong day (the formatter reads the Hong Kong wall
 * clock as if it were UTC, so no tz data is needed). A function of its own, so pages that never
 * write another language (member, admin) do not load it.
 */
export function formatDateIn(intlTag: string, instant: string | number | Date): string {
  const options = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
  return dateTimeFormat(intlTag, options).format(new Date(hongKongClock(instant)));
}

/** The same day without its year, where the year is said nearby: "27 Nov" is English's (formatDate). */
export function formatDayMonthIn(intlTag: string, instant: string | number | Date): string {
  const options = { day: 'numeric', month: 'long', timeZone: 'UTC' } as const;
  return dateTimeFormat(intlTag, options).format(new Date(hongKongClock(instant)));
}

/**
 * A moment as a language writes it in figures, on the Hong Kong clock: its numeric date and its
 * 24-hour time, apart ("03/11/2026", "14:05"), for a statement's lines.
 */
export function formatNumericDateTimeIn(intlTag: string, instant: string | number | Date): [string, string] {
  const clock = new Date(hongKongClock(instant));
  const date = { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' } as const;
  const time = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' } as const;
  return [dateTimeFormat(intlTag, date).format(clock), dateTimeFormat(intlTag, time).format(clock)];
}

/** A calendar month (1-12) as a language names it: "November 2026", "2026年11月", "نوفمبر 2026". */
export function formatMonthIn(intlTag: string, year: number, month: number): string {
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
