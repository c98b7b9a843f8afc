/**
 * Filling a catalog's sentences: `{placeholders}` (`fill`) and the plural form a count needs in a
 * language (`plural`, through Intl.PluralRules: English has two forms, Arabic six). No catalog is
 * imported here, so an island that fills the words its page gave it loads none.
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

const pluralRules = new Map<Locale, Intl.PluralRules>();

/** The form `count` takes in `locale`, with {count} and any other values filled in. */
export function plural(
  locale: Locale,
  count: number,
  forms: PluralForms,
  values: Readonly<Record<string, string | number>> = {},
): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(localeInfo[locale].intl);
    pluralRules.set(locale, rules);
  }
  const form = forms[rules.select(count)] ?? forms.other;
  return fill(form, { count: formatCount(locale, count), ...values });
}

/** A whole count in the language's digits and grouping ("1,000"; Latin digits in Arabic too): ~/lib/digits. */
export function formatCount(locale: Locale, count: number): string {
  return countText(count, localeInfo[locale].intl);
}
