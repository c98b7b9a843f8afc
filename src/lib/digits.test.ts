import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countText, groupDigits } from './digits';
import { formatCount } from '~/i18n/fill';
import { localeInfo, locales } from '~/i18n/locales';
import { formatUsd } from './money';

/** What Intl writes for a count in each language of the site: the reference the written-out form must equal. */
const intlCount = (tag: string, n: number) =>
  new Intl.NumberFormat(tag, { maximumFractionDigits: 0 }).format(n);

describe('whole numbers without Intl', () => {
  it('groups digits by three from the right, at every length boundary', () => {
    expect(groupDigits('')).toBe('');
    expect(groupDigits('0')).toBe('0');
    expect(groupDigits('999')).toBe('999');
    expect(groupDigits('1000')).toBe('1,000');
    expect(groupDigits('999999')).toBe('999,999');
    expect(groupDigits('1000000')).toBe('1,000,000');
    expect(groupDigits('12345678901234')).toBe('12,345,678,901,234');
  });

  it('drops leading zeros as a stored whole part is written, keeping one zero for zero', () => {
    expect(groupDigits('000')).toBe('0');
    expect(groupDigits('0007')).toBe('7');
    expect(groupDigits('0001000')).toBe('1,000');
    fc.assert(
      fc.property(fc.nat({ max: 20 }), fc.bigInt({ min: 0n, max: 10n ** 30n }), (zeros, n) => {
        expect(groupDigits('0'.repeat(zeros) + n.toString())).toBe(groupDigits(n.toString()));
      }),
    );
  });

  it('writes every count from 0 up exactly as Intl does in English, Chinese and Arabic', () => {
    const boundaries = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10000, 99999, 100000, 999999, 1000000];
    const counts = [...boundaries, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER - 1];
    for (const locale of locales)
      for (const n of counts)
        expect(countText(n, localeInfo[locale].intl), `${locale} ${n}`).toBe(
          intlCount(localeInfo[locale].intl, n),
        );
    fc.assert(
      fc.property(fc.constantFrom(...locales), fc.nat({ max: Number.MAX_SAFE_INTEGER }), (locale, n) => {
        expect(formatCount(locale, n)).toBe(intlCount(localeInfo[locale].intl, n));
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves what is not a whole count from 0 up to Intl, with the same answer as before', () => {
    for (const n of [-1, -1234, 0.5, 2.5, 1234.4, Number.MAX_SAFE_INTEGER + 2, Number.NaN, Infinity]) {
      expect(countText(n), String(n)).toBe(intlCount('en-GB', n));
      for (const locale of locales)
        expect(formatCount(locale, n)).toBe(intlCount(localeInfo[locale].intl, n));
    }
  });

  it('is the grouping money uses too', () => {
    expect(formatUsd('1234567.5')).toBe(`$${groupDigits('1234567')}.50`);
    expect(formatUsd('0001000')).toBe('$1,000.00');
  });

  it('writes English counts by default (the admin area)', () => {
    expect(countText(1234567)).toBe(intlCount('en-GB', 1234567));
  });
});
