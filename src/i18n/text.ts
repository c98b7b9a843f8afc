/**
 * Reading the catalogs: one language's words (`catalog`), for Astro pages, which render at build
 * time. An island never imports this module (it would carry every language): its page passes it the
 * words it needs, and it fills them with src/i18n/fill.ts.
 */
import en, { type Catalog } from './catalogs/en';
import zhHant from './catalogs/zh-hant';
import ar from './catalogs/ar';
import type { Locale } from './locales';

export type { Catalog } from './catalogs/en';

const catalogs: Record<Locale, Catalog> = { en, 'zh-hant': zhHant, ar };

/** The site's words in `locale`. */
export function catalog(locale: Locale): Catalog {
  return catalogs[locale];
}

export { fill, plural, formatCount, type PluralForms } from './fill';
