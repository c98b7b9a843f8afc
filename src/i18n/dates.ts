/**
 * A day in the reader's language, on the firm's clock: "2 Nov 2026" (English, src/lib/date-time.ts),
 * "2026年11月2日", "2 نوفمبر 2026". The formatter reads the Hong Kong wall clock as if it were UTC,
 * so no tz data is needed. Kept apart from src/lib/date-time.ts, which every member and admin page
 * loads, until the portal itself speaks the other languages.
 */
import { formatDate, hongKongClock } from '~/lib/date-time';
import { localeInfo, type Locale } from './locales';

export function formatDayIn(locale: Locale, instant: string | number | Date): string {
  if (locale === 'en') return formatDate(instant);
  return new Intl.DateTimeFormat(localeInfo[locale].intl, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(hongKongClock(instant)));
}
