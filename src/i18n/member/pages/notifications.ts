import type { Locale } from '../../locales';
import type { Widen } from '../../widen';

/**
 * /user/notifications's own words (issue 36), in the three languages side by side. English defines the keys;
 * the page passes its language's set to its island as a prop (src/pages/[...locale]/user/notifications.astro),
 * so the island's bundle carries none. Glossaries: docs/languages.md.
 */
const en = {
  /** The page's heading and title. */
  heading: 'Notifications',
} as const;

export type NotificationsWords = Widen<typeof en>;

export const notificationsWords: Record<Locale, NotificationsWords> = {
  en,
  'zh-hant': {
    heading: '通知',
  },
  ar: {
    heading: 'الإشعارات',
  },
};
