import type { Locale } from '../../locales';
import type { Widen } from '../../widen';

/**
 * /user/deposit's own words (issue 36), in the three languages side by side. English defines the keys;
 * the page passes its language's set to its island as a prop (src/pages/[...locale]/user/deposit.astro),
 * so the island's bundle carries none. Glossaries: docs/languages.md.
 */
const en = {
  /** The page's heading and title. */
  heading: 'Deposit',
} as const;

export type DepositWords = Widen<typeof en>;

export const depositWords: Record<Locale, DepositWords> = {
  en,
  'zh-hant': {
    heading: '存入',
  },
  ar: {
    heading: 'الإيداع',
  },
};
