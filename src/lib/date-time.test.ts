import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countIntlBuilt } from '../../tests/support/intl-count';
import { localeInfo, locales, type Locale } from '~/i18n/locales';
import { formatDate, formatDateTime, hongKongClock } from './date-time';
import {
  formatDateIn,
  formatDayMonthIn,
  formatMonthIn,
  formatNumericDateTimeIn,
} from './date-time-in-language';

describe('one date-time format, in the firm’s clock (Hong Kong, UTC+8)', () => {
  it('writes a moment with its zone, the day as Hong Kong sees it', () => {
    expect(formatDateTime('2026-11-27T12:40:36Z')).toBe('27 Nov 2026, 20:40 HKT');
    expect(formatDateTime('2026-11-27T12:40:36Z', { seconds: true })).toBe('27 Nov 2026, 20:40:36 HKT');
    // 16:00 UTC is already the next day in Hong Kong; 15:59:59 is not.
    expect(formatDate('2026-11-27T15:59:59Z')).toBe('27 Nov 2026');
    expect(formatDate('2026-11-27T16:00:00Z')).toBe('28 Nov 2026');
    expect(formatDateTime('2026-12-31T16:00:00Z')).toBe('1 Jan 2027, 00:00 HKT');
  });

  it('does not depend on the zone of the machine that runs it', () => {
    expect(hongKongClock(Date.UTC(2026, 0, 1, 0, 0, 0))).toBe('2026-01-01T08:00:00.000Z');
    expect(formatDateTime(new Date(Date.UTC(2026, 5, 30, 23, 59)))).toBe('1 Jul 2026, 07:59 HKT');
  });

  it('shows a dash, never "Invalid Date", for a missing or unreadable value', () => {
    for (const bad of [null, undefined, '', 'not a date']) {
      expect(formatDateTime(bad)).toBe('—');
      expect(formatDate(bad)).toBe('—');
    }
    expect(() => hongKongClock('not a date')).toThrow(/Not a date/);
  });
});

describe('dates in other languages', () => {
  // Each language as Intl writes it for the language's tag (src/i18n/locales.ts).
  const intl = (locale: Locale, options: Intl.DateTimeFormatOptions, at: number) =>
    new Intl.DateTimeFormat(localeInfo[locale].intl, { ...options, timeZone: 'Asia/Hong_Kong' }).format(
      new Date(at),
    );

  it('writes the site’s languages as Intl does, on the Hong Kong clock, any moment from 1980 to 2100 (Hong Kong kept summer time until 1979)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...locales),
        fc.integer({ min: Date.UTC(1980, 0, 1), max: Date.UTC(2100, 11, 31) }),
        (tag, at) => {
          expect(formatDateIn(tag, at)).toBe(
            intl(tag, { day: 'numeric', month: 'long', year: 'numeric' }, at),
          );
          expect(formatDayMonthIn(tag, at)).toBe(intl(tag, { day: 'numeric', month: 'long' }, at));
          expect(formatNumericDateTimeIn(tag, at)).toEqual([
            intl(tag, { year: 'numeric', month: '2-digit', day: '2-digit' }, at),
            intl(tag, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, at),
          ]);
          const [year, month] = hongKongClock(at).split('-').map(Number) as [number, number];
          expect(formatMonthIn(tag, year, month)).toBe(
            intl(tag, { month: 'long', year: 'numeric' }, Date.UTC(year, month - 1, 15)),
          );
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('every day boundary and month: the last minute of a Hong Kong day and the first of the next', () => {
    for (const tag of locales) {
      for (let month = 0; month < 12; month++) {
        // Midnight in Hong Kong is 16:00 UTC the day before.
        const midnight = Date.UTC(2026, month, 1) - 8 * 3600_000;
        for (const at of [midnight - 60_000, midnight]) {
          expect(formatDateIn(tag, at)).toBe(
            intl(tag, { day: 'numeric', month: 'long', year: 'numeric' }, at),
          );
          expect(formatNumericDateTimeIn(tag, at)[1]).toBe(
            intl(tag, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, at),
          );
        }
      }
    }
  });

  it('builds no Intl formatter for them (the first one a page builds starts ICU)', () => {
    const built = countIntlBuilt('DateTimeFormat', () => {
      for (const tag of locales) {
        formatDateIn(tag, '2026-11-03T06:05:00Z');
        formatDayMonthIn(tag, '2026-11-03T06:05:00Z');
        formatNumericDateTimeIn(tag, '2026-11-03T06:05:00Z');
        formatMonthIn(tag, 2026, 11);
      }
    });
    expect(built).toBe(0);
  });
});
