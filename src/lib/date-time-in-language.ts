import { formatDateTime, hongKongClock } from './date-time';

/*
 * Moments in a member's language (issue 36), apart from date-time.ts so that the admin area, which
 * shares that module with every member page, does not carry another language's months.
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
  const [year, month, day] = [clock.slice(0, 4), Number(clock.slice(5, 7)), Number(clock.slice(8, 10))];
  if (locale === 'zh-hant') return `${year}年${month}月${day}日 ${time}（香港時間）`;
  return `${day} ${ARABIC_MONTHS[month - 1] ?? ''} ${year}، ${time} (بتوقيت هونغ كونغ)`;
}
