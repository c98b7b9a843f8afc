import type { Locale } from '../../locales';
import type { Widen } from '../../widen';

/**
 * /user/security's own words (issue 36), in the three languages side by side. English defines the keys;
 * the page passes its language's set to its island as a prop (src/pages/[...locale]/user/security.astro),
 * so the island's bundle carries none. Glossaries: docs/languages.md.
 */
const en = {
  /** The page's heading and title. */
  heading: 'Security',
} as const;

export type SecurityWords = Widen<typeof en>;

export const securityWords: Record<Locale, SecurityWords> = {
  en,
  'zh-hant': {
    heading: '保安',
  },
  ar: {
    heading: 'الأمان',
  },
};
