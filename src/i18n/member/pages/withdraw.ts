import type { Locale } from '../../locales';
import type { Widen } from '../../widen';

/**
 * /user/withdraw's own words (issue 36), in the three languages side by side. English defines the keys;
 * the page passes its language's set to its island as a prop (src/pages/[...locale]/user/withdraw.astro),
 * so the island's bundle carries none. Glossaries: docs/languages.md.
 */
const en = {
  /** The page's heading and title. */
  heading: 'Withdraw',
} as const;

export type WithdrawWords = Widen<typeof en>;

export const withdrawWords: Record<Locale, WithdrawWords> = {
  en,
  'zh-hant': {
    heading: '提取',
  },
  ar: {
    heading: 'السحب',
  },
};
