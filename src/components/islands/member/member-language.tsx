import { createContext, useContext, type ReactNode } from 'react';
import type { MemberWords } from '~/i18n/member/en';
import type { Locale } from '~/i18n/locales';
import { memberPathIn } from '~/config/member-routes';

/**
 * The language of a member page: its locale (for addresses and amounts) and its words. The words are
 * the page's prop in every language, English included (src/i18n/page-locale.ts, memberLanguage):
 * Astro writes the page's language into its HTML, and no member bundle carries words of its own.
 */
export interface MemberLanguage {
  locale: Locale;
  /** The tag Intl formatters take for this language (Arabic with Latin digits): src/i18n/locales.ts. */
  intl: string;
  words: MemberWords;
  /** Where this language's pages live: '' in English, '/zh-hant', '/ar'. */
  prefix: string;
  /** The member pages built in every language (src/config/member-routes.ts). */
  translated: readonly string[];
  /** This language's home page and sign-in page. */
  home: string;
  signIn: string;
  /** The other languages, for the sidebar's language menu: name in its own language, lang tag, prefix. */
  others: readonly { locale: Locale; name: string; lang: string; prefix: string }[];
}

/**
 * A member page's address in the page's language: a translated page under its prefix, others (English
 * only so far) as they are. Worked out from the page's prop, so no bundle carries the language list.
 */
export function memberLink(language: Pick<MemberLanguage, 'prefix' | 'translated'>, path: string): string {
  return memberPathIn(language.prefix, language.translated, path);
}

const LanguageContext = createContext<MemberLanguage | null>(null);

export function MemberLanguageProvider({
  language,
  children,
}: {
  language: MemberLanguage;
  children: ReactNode;
}) {
  return <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>;
}

/** The page's language, for any component under MemberShell (or a skeleton given the same). */
export function useMemberLanguage(): MemberLanguage {
  const language = useContext(LanguageContext);
  if (!language) throw new Error('No MemberLanguageProvider');
  return language;
}
