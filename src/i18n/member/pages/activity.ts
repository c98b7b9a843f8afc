import type { Locale } from '../../locales';
import type { Widen } from '../../widen';

/**
 * /user/activity's own words (issue 36), in the three languages side by side. English defines the keys;
 * the page passes its language's set to its island as a prop (src/pages/[...locale]/user/activity.astro),
 * so the island's bundle carries none. Glossaries: docs/languages.md.
 */
const en = {
  /** The page's heading and title. */
  heading: 'Activity',
} as const;

export type ActivityWords = Widen<typeof en>;

export const activityWords: Record<Locale, ActivityWords> = {
  en,
  'zh-hant': {
    heading: '活動紀錄',
  },
  ar: {
    heading: 'سجل النشاط',
  },
};
