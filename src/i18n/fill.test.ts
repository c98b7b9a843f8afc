import fc from 'fast-check';
import { countIntlBuilt } from '../../tests/support/intl-count';
import { describe, expect, it } from 'vitest';
import { pluralCategory, plural } from './fill';
import { localeInfo, locales } from './locales';

describe('plural categories, written out', () => {
  it('are Intl.PluralRules’ for whole counts in every language, 0 to a billion and below zero', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...locales),
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        (locale, n) => {
          expect(pluralCategory(locale, n)).toBe(new Intl.PluralRules(localeInfo[locale].intl).select(n));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('are Intl.PluralRules’ at every boundary of Arabic’s six forms, and for fractions', () => {
    const counts = [
      ...Array(231).keys(),
      999,
      1000,
      1001,
      1002,
      1003,
      1010,
      1011,
      1099,
      1100,
      0.5,
      1.5,
      2.25,
      3.1,
      11.5,
    ];
    for (const locale of locales) {
      const rules = new Intl.PluralRules(localeInfo[locale].intl);
      for (const n of counts) expect(pluralCategory(locale, n), `${locale} ${n}`).toBe(rules.select(n));
    }
  });

  it('pick the form, falling back to other, without building an Intl object', () => {
    const forms = {
      zero: 'none',
      one: 'one day',
      two: 'two days',
      few: '{count} days (few)',
      other: '{count} days',
    };
    const built = countIntlBuilt('PluralRules', () => {
      expect(plural('ar', 0, forms)).toBe('none');
      expect(plural('ar', 2, forms)).toBe('two days');
      expect(plural('ar', 5, forms)).toBe('5 days (few)');
      expect(plural('ar', 11, forms)).toBe('11 days');
      expect(plural('en', 1, forms)).toBe('one day');
      expect(plural('zh-hant', 1, forms)).toBe('1 days');
      expect(plural('en', 1200, forms)).toBe('1,200 days');
    });
    expect(built).toBe(0);
  });
});
