/**
 * Every date and time the portal, the admin area, the mails and the statements show, in one clock
 * and one format: the firm's, Hong Kong time, with the zone written beside the time
 * ("27 Nov 2026, 20:40 HKT"). Two admins in different places, a member abroad and the monthly
 * statement all read the same moment the same way. CSV exports keep ISO 8601 in UTC instead.
 *
 * Hong Kong has kept UTC+8 without daylight saving since 1979, so a fixed offset gives the same
 * answer as the tz database without depending on the ICU data a browser or Node was built with.
 */

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
