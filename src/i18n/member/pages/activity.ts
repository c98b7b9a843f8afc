import type { Locale } from '../../locales';
import type { Widen } from '../../widen';

/**
 * /user/activity's own words (issue 36), in the three languages side by side. English defines the keys;
 * the page passes its language's set to its island as a prop (src/pages/[...locale]/user/activity.astro),
 * so the island's bundle carries none. Each event's words are written by the database in the page's
 * language (docs/notifications.md). Glossaries: docs/languages.md.
 */
const en = {
  /** The page's heading and title. */
  heading: 'Activity',
  listHeading: 'Account activity',
  intro: 'Every change to your account, who made it and why. Staff are shown by their role.',
  /** The list's accessible name. */
  listLabel: 'Account activity, newest first',
  empty: 'Nothing has happened on your account yet.',
  failed: 'Your account activity could not be loaded.',
} as const;

export type ActivityWords = Widen<typeof en>;

export const activityWords: Record<Locale, ActivityWords> = {
  en,
  'zh-hant': {
    heading: '活動紀錄',
    listHeading: '帳戶活動',
    intro: '您帳戶的每項變動、由誰作出及原因。職員以其職能顯示。',
    listLabel: '帳戶活動，最新的在前',
    empty: '您的帳戶暫時未有任何活動。',
    failed: '未能載入您的帳戶活動。',
  },
  ar: {
    heading: 'سجل النشاط',
    listHeading: 'نشاط الحساب',
    intro: 'كل تغيير على حسابكم، ومن أجراه وسببه. يظهر الموظفون بأدوارهم.',
    listLabel: 'نشاط الحساب، الأحدث أولًا',
    empty: 'لم يحدث أي شيء على حسابكم بعد.',
    failed: 'تعذّر تحميل نشاط حسابكم.',
  },
};
