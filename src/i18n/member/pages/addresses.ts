import type { Locale } from '../../locales';
import type { Widen } from '../../widen';

/**
 * /user/addresses's own words (issue 36), in the three languages side by side. English defines the keys;
 * the page passes its language's set to its island as a prop (src/pages/[...locale]/user/addresses.astro),
 * so the island's bundle carries none. Glossaries: docs/languages.md.
 */
const en = {
  /** The page's heading and title. */
  heading: 'Addresses',
} as const;

export type AddressesWords = Widen<typeof en>;

export const addressesWords: Record<Locale, AddressesWords> = {
  en,
  'zh-hant': {
    heading: '提取地址',
  },
  ar: {
    heading: 'عناوين السحب',
  },
};
