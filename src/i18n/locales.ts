/**
 * The languages the site speaks, and how a page's address says which one it is in.
 *
 * English keeps today's addresses ("/loan"); the others sit under their own prefix ("/zh-hant/loan",
 * "/ar/loan"). The prefix is the locale's id; `htmlLang` is the BCP 47 tag the document declares,
 * `dir` its writing direction, and `intl` the tag the Intl formatters use (Arabic with Latin digits:
 * the firm's figures, addresses and ids are written in Latin digits in every language).
 * Imports nothing, so Astro's config, scripts and islands can all read it.
 */

export const locales = ['en', 'zh-hant', 'ar'] as const;
export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = 'en';

export interface LocaleInfo {
  /** The value of <html lang> and of hreflang. */
  htmlLang: string;
  dir: 'ltr' | 'rtl';
  /** The language's name in itself, for the switcher. */
  nativeName: string;
  /** Open Graph's og:locale. */
  ogLocale: string;
  /** The tag for Intl formatters. */
  intl: string;
}

export const localeInfo: Record<Locale, LocaleInfo> = {
  en: { htmlLang: 'en', dir: 'ltr', nativeName: 'English', ogLocale: 'en_US', intl: 'en-GB' },
  'zh-hant': {
    htmlLang: 'zh-Hant',
    dir: 'ltr',
    nativeName: '繁體中文',
    ogLocale: 'zh_HK',
    intl: 'zh-Hant-HK',
  },
  ar: { htmlLang: 'ar', dir: 'rtl', nativeName: 'العربية', ogLocale: 'ar_AE', intl: 'ar-AE-u-nu-latn' },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** Reads a locale id given by Astro (Astro.currentLocale) or a cookie; anything else is English. */
export function toLocale(value: string | undefined | null): Locale {
  return isLocale(value) ? value : defaultLocale;
}

/**
 * The same page in `locale`: "/loan" → "/ar/loan", "/" → "/ar". Only site paths (starting with one
 * "/") are rewritten; "#top", "mailto:", "https://…" and "//host" pass through unchanged. The query
 * and fragment are kept.
 */
export function localePath(locale: Locale, path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  const { path: bare } = splitLocale(path);
  if (locale === defaultLocale) return bare;
  const [pathname = '/', rest = ''] = splitSuffix(bare);
  return pathname === '/' ? `/${locale}${rest}` : `/${locale}${pathname}${rest}`;
}

/**
 * Which language an address is in, and the address without the language: "/zh-hant/loan" →
 * { locale: 'zh-hant', path: '/loan' }; "/ar" → { locale: 'ar', path: '/' }; "/loan" → English.
 */
export function splitLocale(path: string): { locale: Locale; path: string } {
  const [pathname = '/', rest = ''] = splitSuffix(path);
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first !== undefined && first !== defaultLocale && isLocale(first)) {
    return { locale: first, path: `${match?.[2] ?? '/'}${rest}` };
  }
  return { locale: defaultLocale, path };
}

/** "/a/b?x#y" → ["/a/b", "?x#y"]. */
function splitSuffix(path: string): [string, string] {
  const cut = path.search(/[?#]/);
  return cut === -1 ? [path, ''] : [path.slice(0, cut), path.slice(cut)];
}
