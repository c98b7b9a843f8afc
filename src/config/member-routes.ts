import { defaultLocale, localePath, type Locale } from '~/i18n/locales';

/**
 * The member pages built in every language (src/pages/[...locale]/), growing page by page as their
 * islands take the catalogs' words (issue 36). The others exist in English only, so a link to one of
 * them from a translated page leads to the English page.
 */
export const translatedMemberRoutes: readonly string[] = ['/user-dashboard', '/user/support'];

/** A member page's address in `locale`: translated pages under the language's prefix, others as they are. */
export function memberHref(locale: Locale, path: string): string {
  const bare = path.split(/[?#]/)[0] ?? path;
  return locale !== defaultLocale && translatedMemberRoutes.includes(bare) ? localePath(locale, path) : path;
}
