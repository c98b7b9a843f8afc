/**
 * Which language an Astro page or component renders in, and the paths that build each public page
 * once per language. Pages under src/pages/[...locale]/ are built for "" (English, today's
 * addresses), "zh-hant" and "ar"; Astro.currentLocale (astro.config.mjs `i18n`) names the language.
 */
import type { MemberLanguage } from '~/components/islands/member/member-language';
import { localePrefix, translatedMemberRoutes } from '~/config/member-routes';
import { defaultLocale, localeInfo, localePath, locales, toLocale, type Locale } from './locales';
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
 * A member page's language for its island: the locale and that language's member words, which Astro
 * writes into the page (English too: no member bundle carries words of its own).
 */
export function memberLanguage(locale: Locale): MemberLanguage {
  return {
    locale,
    intl: localeInfo[locale].intl,
    words: catalog(locale).member,
    prefix: localePrefix(locale),
    translated: translatedMemberRoutes,
    home: localePath(locale, '/'),
    signIn: localePath(locale, '/login'),
    others: locales
      .filter((other) => other !== locale)
      .map((other) => ({
        locale: other,
        name: localeInfo[other].nativeName,
        lang: localeInfo[other].htmlLang,
        prefix: localePrefix(other),
      })),
  };
}
