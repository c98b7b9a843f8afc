import type { Locale } from '../../locales';
import type { Widen } from '../../widen';

/**
 * /user/plans's own words (issue 36), in the three languages side by side. English defines the keys;
 * the page passes its language's set to its island as a prop (src/pages/[...locale]/user/plans.astro),
 * so the island's bundle carries none. Glossaries: docs/languages.md.
 */
const en = {
  /** The page's heading and title. */
  heading: 'Plans',
} as const;

export type PlansWords = Widen<typeof en>;

export const plansWords: Record<Locale, PlansWords> = {
  en,
  'zh-hant': {
    heading: '計劃',
  },
  ar: {
    heading: 'الخطط',
  },
};
