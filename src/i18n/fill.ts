/**
 * Filling a catalog's sentences: `{placeholders}` (`fill`) and the plural form a count needs in a
 * language (`plural`: English has two forms, Chinese one, Arabic six). No catalog is imported here,
 * so an island that fills the words its page gave it loads none.
 */
import { countText } from '~/lib/digits';
import { localeInfo, type Locale } from './locales';

/**
 * "Choose {plan}" with { plan: 'Gold' } → "Choose Gold". A placeholder without a value is an error
 * (a sentence with a hole is worse than none); a value without a placeholder is ignored.
 */
export function fill(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for {${name}} in "${template}"`);
    return String(value);
  });
}

/** A sentence per plural category; `other` is the fallback every language has. */
export type PluralForms = { readonly other: string } & Partial<Readonly<Record<Intl.LDMLPluralRule, string>>>;

/**
 * The plural category of `count` in `locale`, by CLDR's rules for the three languages, written out
 * rather than asked of Intl.PluralRules: the first Intl object a page builds starts ICU (30-46 ms of
 * a fresh page's main thread). fill.test.ts holds it equal to Intl.PluralRules for whole and
 * fractional numbers. English: one for 1 (not 1.5); Chinese: a single form; Arabic: zero, one, two,
 * few (3-10, and 103-110 …: by the last two digits), many (11-99 by the last two digits), other.
 */
export function pluralCategory(locale: Locale, count: number): Intl.LDMLPluralRule {
  const n = Math.abs(count);
  if (locale === 'zh-hant' || !Number.isInteger(n)) return 'other';
  if (locale === 'en') return n === 1 ? 'one' : 'other';
  if (n <= 2) return n === 0 ? 'zero' : n === 1 ? 'one' : 'two';
  const lastTwo = n % 100;
  return lastTwo >= 3 && lastTwo <= 10 ? 'few' : lastTwo >= 11 ? 'many' : 'other';
}

/** The form `count` takes in `locale`, with {count} and any other values filled in. */
export function plural(
  locale: Locale,
  count: number,
  forms: PluralForms,
  values: Readonly<Record<string, string | number>> = {},
): string {
  const form = forms[pluralCategory(locale, count)] ?? forms.other;
  return fill(form, { count: formatCount(locale, count), ...values });
}

/** A whole count in the language's digits and grouping ("1,000"; Latin digits in Arabic too): ~/lib/digits. */
export function formatCount(locale: Locale, count: number): string {
  return countText(count, localeInfo[locale].intl);
}
