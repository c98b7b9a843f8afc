/**
 * Which language an Astro page or component renders in, and the paths that build each public page
 * once per language. Pages under src/pages/[...locale]/ are built for "" (English, today's
 * addresses), "zh-hant" and "ar"; Astro.currentLocale (astro.config.mjs `i18n`) names the language.
 */
import type { MemberLanguage } from '~/components/islands/member/member-language';
import { defaultLocale, locales, toLocale, type Locale } from './locales';
import { catalog } from './text';

/** getStaticPaths for a page under [...locale]: one build per language, English without a prefix. */
export function localeStaticPaths(): { params: { locale: string | undefined }; props: { locale: Locale } }[] {
  return locales.map((locale) => ({
    params: { locale: locale === defaultLocale ? undefined : locale },
    props: { locale },
  }));
}

/** The language of the page being rendered (Astro.currentLocale; English when there is none). */
export function pageLocale(astro: { currentLocale?: string | undefined }): Locale {
  return toLocale(astro.currentLocale);
}

/**
 * A member page's language for its island: undefined in English (the island carries English), else
 * the locale with that language's member words, which Astro writes into the page.
 */
export function memberLanguage(locale: Locale): MemberLanguage | undefined {
  return locale === defaultLocale ? undefined : { locale, words: catalog(locale).member };
}
