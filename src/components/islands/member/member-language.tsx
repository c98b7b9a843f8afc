import { createContext, useContext, type ReactNode } from 'react';
import { memberEn, type MemberWords } from '~/i18n/member/en';
import { defaultLocale, type Locale } from '~/i18n/locales';

/**
 * The language of a member page: its locale (for addresses and amounts) and its words. English is
 * the default and travels in the bundle (as the literals did); another language's words are the
 * page's prop, written into its HTML by Astro, so a page carries one language only.
 */
export interface MemberLanguage {
  locale: Locale;
  words: MemberWords;
}

export const ENGLISH: MemberLanguage = { locale: defaultLocale, words: memberEn };

const LanguageContext = createContext<MemberLanguage>(ENGLISH);

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
export const useMemberLanguage = (): MemberLanguage => useContext(LanguageContext);
