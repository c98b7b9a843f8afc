import { defaultLocale, type Locale } from '~/i18n/locales';

/**
 * The member pages built in every language (src/pages/[...locale]/), growing page by page as their
 * islands take the catalogs' words (issue 36). The others exist in English only, so a link to one of
 * them from a translated page leads to the English page.
 */
export const translatedMemberRoutes: readonly string[] = [
  '/user-dashboard',
  '/user/activity',
  '/user/addresses',
  '/user/deposit',
  '/user/freeze',
  '/user/notifications',
  '/user/plans',
  '/user/security',
  '/user/statement',
  '/user/support',
  '/user/withdraw',
];

/** Where a language's pages live: '' for English (today's addresses), '/zh-hant', '/ar'. */
export function localePrefix(locale: Locale): string {
  return locale === defaultLocale ? '' : `/${locale}`;
}

/**
 * The one rule for a member link in a language, given that language's prefix and the translated
 * pages: under the prefix where the page is translated, as it is otherwise. Pure, so an island
 * applies it to what its page gave it (member-language.tsx, memberLink) without bundling the lists.
 */
export function memberPathIn(prefix: string, translated: readonly string[], path: string): string {
  const bare = path.split(/[?#]/)[0] ?? path;
  return translated.includes(bare) ? `${prefix}${path}` : path;
}

/** A member page's address in `locale`, for Astro pages and build-time words (memberPathIn). */
export function memberHref(locale: Locale, path: string): string {
  return memberPathIn(localePrefix(locale), translatedMemberRoutes, path);
}
