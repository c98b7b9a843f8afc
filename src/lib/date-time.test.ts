import { describe, expect, it } from 'vitest';
import { formatDate, formatDateIn, formatDateTime, hongKongClock } from './date-time';

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
  it('builds one date formatter per language and options, however many dates it writes', () => {
    const real = Intl.DateTimeFormat;
    let built = 0;
    const counting = function (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      built += 1;
      return new real(...args);
    } as unknown as typeof Intl.DateTimeFormat;
    Intl.DateTimeFormat = counting;
    try {
      const days = ['2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z', '2026-11-03T00:00:00Z'];
      const written = days.map((d) => formatDateIn('zh-Hant-HK', d));
      expect(written).toEqual(
        days.map((d) =>
          new real('zh-Hant-HK', {
            day: 'numeric',
            month: 'long',
            year: 'numeric',
            timeZone: 'Asia/Hong_Kong',
          }).format(new Date(d)),
        ),
      );
      days.forEach((d) => formatDateIn('ar-AE-u-nu-latn', d));
      expect(built).toBeLessThanOrEqual(2);
    } finally {
      Intl.DateTimeFormat = real;
    }
  });
});
