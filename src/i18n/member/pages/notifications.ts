import type { Locale } from '../../locales';
import type { Widen } from '../../widen';

/**
 * /user/notifications's own words (issue 36), in the three languages side by side. English defines the keys;
 * the page passes its language's set to its island as a prop (src/pages/[...locale]/user/notifications.astro),
 * so the island's bundle carries none. The notices themselves are written by the database in the
 * page's language (docs/notifications.md). Glossaries: docs/languages.md.
 */
const en = {
  /** The page's heading and title, and the list's heading. */
  heading: 'Notifications',
  markAll: 'Mark all as read',
  /** The list's accessible name. */
  listLabel: 'Notifications, newest first',
  empty: 'No notifications yet. Changes to your account, balances and requests will appear here.',
  /** The badge on a notice not yet read. */
  unread: 'Unread',
  markOne: 'Mark as read',
  /** The button's accessible name: {title} is the notice's title. */
  markOneLabel: 'Mark as read: {title}',
  failed: 'Your notifications could not be loaded.',
  markFailed: 'Your notifications could not be marked as read.',
} as const;

export type NotificationsWords = Widen<typeof en>;

export const notificationsWords: Record<Locale, NotificationsWords> = {
  en,
  'zh-hant': {
    heading: '通知',
    markAll: '全部標示為已讀',
    listLabel: '通知，最新的在前',
    empty: '暫時未有通知。您的帳戶、結餘及申請有任何變動時，會在此顯示。',
    unread: '未讀',
    markOne: '標示為已讀',
    markOneLabel: '標示為已讀：{title}',
    failed: '未能載入您的通知。',
    markFailed: '未能將您的通知標示為已讀。',
  },
  ar: {
    heading: 'الإشعارات',
    markAll: 'تعليم الكل كمقروء',
    listLabel: 'الإشعارات، الأحدث أولًا',
    empty: 'لا توجد إشعارات بعد. ستظهر هنا التغييرات على حسابكم وأرصدتكم وطلباتكم.',
    unread: 'غير مقروء',
    markOne: 'تعليم كمقروء',
    markOneLabel: 'تعليم كمقروء: {title}',
    failed: 'تعذّر تحميل إشعاراتكم.',
    markFailed: 'تعذّر تعليم إشعاراتكم كمقروءة.',
  },
};
