import type { Locale } from '../../locales';
import type { Widen } from '../../widen';

/**
 * /user/freeze's own words (issue 36), in the three languages side by side. English defines the keys;
 * the page passes its language's set to its island as a prop (src/pages/[...locale]/user/freeze.astro),
 * so the island's bundle carries none. Glossaries: docs/languages.md.
 */
const en = {
  /** The page's heading and title. */
  heading: 'Freeze withdrawals',
} as const;

export type FreezeWords = Widen<typeof en>;

export const freezeWords: Record<Locale, FreezeWords> = {
  en,
  'zh-hant': {
    heading: '凍結提取',
  },
  ar: {
    heading: 'تجميد السحوبات',
  },
};
