import type { Locale } from '../../locales';
import type { Widen } from '../../widen';

/**
 * /user/support's own words (issue 36), in the three languages side by side. English defines the keys;
 * the page passes its language's set to its island as a prop (src/pages/[...locale]/user/support.astro),
 * so the island's bundle carries none. Glossaries: docs/languages.md.
 */
const en = {
  /** The page's heading and title. */
  heading: 'Support',
} as const;

export type SupportWords = Widen<typeof en>;

export const supportWords: Record<Locale, SupportWords> = {
  en,
  'zh-hant': {
    heading: '客戶支援',
  },
  ar: {
    heading: 'الدعم',
  },
};
