import type { Locale } from '../../locales';
import type { Widen } from '../../widen';

/**
 * /user/freeze's own words (issue 36), in the three languages side by side. English defines the keys;
 * the page passes its language's set to its island as a prop (src/pages/[...locale]/user/freeze.astro),
 * so the island's bundle carries none. The freeze dialog, the frozen notice and the hold's sentence are
 * the shell's (src/i18n/member/<locale>.ts). Glossaries: docs/languages.md.
 */
const en = {
  /** The page's heading and title. */
  heading: 'Freeze withdrawals',
  loading: 'Loading your security status',
  failed: 'Could not load your security status.',
  /** {since} is when, with its zone; the frozen notice's sentence follows. */
  frozenSince: 'Frozen since {since}.',
  notFrozen: 'Withdrawals are not frozen',
  notFrozenText:
    'If you think someone else is using your account, freeze withdrawals. It takes effect at once and needs no code.',
  noHold:
    'No security hold is on your account. After a change to your password, e-mail address or authenticator apps, new withdrawal addresses and withdrawal requests wait for a while.',
  noticesHeading: 'Recent security notices',
  noNotices: 'No security notices yet.',
} as const;

export type FreezeWords = Widen<typeof en>;

export const freezeWords: Record<Locale, FreezeWords> = {
  en,
  'zh-hant': {
    heading: '凍結提取',
    loading: '正在載入您的帳戶安全狀態',
    failed: '未能載入您的帳戶安全狀態。',
    frozenSince: '自{since}起凍結。',
    notFrozen: '提取未被凍結',
    notFrozenText: '如您懷疑有人正在使用您的帳戶，請凍結提取。凍結即時生效，無須輸入驗證碼。',
    noHold:
      '您的帳戶沒有安全暫緩。當您的密碼、電郵地址或驗證器應用程式更改後，新的提取地址及提取申請須等候一段時間。',
    noticesHeading: '近期安全通知',
    noNotices: '暫無安全通知。',
  },
  ar: {
    heading: 'تجميد السحوبات',
    loading: 'جارٍ تحميل حالة أمان حسابكم',
    failed: 'تعذّر تحميل حالة أمان حسابكم.',
    frozenSince: 'مجمّدة منذ {since}.',
    notFrozen: 'السحوبات غير مجمّدة',
    notFrozenText:
      'إذا كنتم تعتقدون أن شخصًا آخر يستخدم حسابكم، فجمّدوا السحوبات. يسري التجميد فورًا ولا يتطلب أي رمز.',
    noHold:
      'لا يوجد تعليق أمني على حسابكم. بعد تغيير كلمة المرور أو عنوان البريد الإلكتروني أو تطبيقات المصادقة، تنتظر عناوين السحب الجديدة وطلبات السحب فترة من الوقت.',
    noticesHeading: 'إشعارات الأمان الأخيرة',
    noNotices: 'لا توجد إشعارات أمان بعد.',
  },
};
