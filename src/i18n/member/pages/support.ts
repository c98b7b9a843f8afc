import type { Locale } from '../../locales';
import type { Widen } from '../../widen';

/**
 * /user/support's own words (issue 36), in the three languages side by side. English defines the keys;
 * the page passes its language's set to its island as a prop (src/pages/[...locale]/user/support.astro),
 * so the island's bundle carries none. /admin/support shows the same list in English, with its own lead.
 * Glossaries: docs/languages.md.
 */
const en = {
  /** The page's heading and title. */
  heading: 'Support',
  contactHeading: 'Contact support',
  lead: 'Questions about your account, a deposit or a withdrawal: reach the support desk here.',
  noChat: 'There is no live chat at the moment.',
  /** After a link that opens in a new tab, for screen readers. */
  newTab: '(opens in a new tab)',
  /** Each channel (src/config/support.ts lists the ones this build has): its name, what the link says, a note. */
  channels: {
    chat: {
      name: 'Live chat',
      value: 'Chat with the support desk',
      note: "Opens the chat provider's page in a new tab; it never runs inside the portal.",
    },
    email: {
      name: 'E-mail',
      note: 'Write from the address you sign in with; never send your password or a code.',
    },
    phone: { name: 'Phone', note: 'We will never ask for your password or a one-time code on the phone.' },
  },
} as const;

export type SupportWords = Widen<typeof en>;

export const supportWords: Record<Locale, SupportWords> = {
  en,
  'zh-hant': {
    heading: '客戶支援',
    contactHeading: '聯絡客戶支援',
    lead: '如對您的帳戶、存入或提取有任何疑問，請在此聯絡我們的客戶支援團隊。',
    noChat: '目前未有提供即時通訊服務。',
    newTab: '（於新分頁開啟）',
    channels: {
      chat: {
        name: '即時通訊',
        value: '與客戶支援團隊即時通訊',
        note: '將於新分頁開啟即時通訊服務供應商的頁面；即時通訊從不在客戶專區內運行。',
      },
      email: { name: '電郵', note: '請以您登入時使用的電郵地址來信；切勿傳送您的密碼或驗證碼。' },
      phone: { name: '電話', note: '我們絕不會在電話中索取您的密碼或一次性驗證碼。' },
    },
  },
  ar: {
    heading: 'الدعم',
    contactHeading: 'التواصل مع فريق الدعم',
    lead: 'لأي استفسار بشأن حسابكم أو عملية إيداع أو سحب، تواصلوا مع فريق الدعم من هنا.',
    noChat: 'لا تتوفر الدردشة المباشرة في الوقت الحالي.',
    newTab: '(يُفتح في علامة تبويب جديدة)',
    channels: {
      chat: {
        name: 'الدردشة المباشرة',
        value: 'الدردشة مع فريق الدعم',
        note: 'تُفتح صفحة مزوّد خدمة الدردشة في علامة تبويب جديدة؛ ولا تعمل الدردشة أبدًا داخل بوابة العملاء.',
      },
      email: {
        name: 'البريد الإلكتروني',
        note: 'راسلونا من العنوان الذي تسجّلون الدخول به؛ ولا ترسلوا أبدًا كلمة المرور أو أي رمز.',
      },
      phone: { name: 'الهاتف', note: 'لن نطلب منكم أبدًا عبر الهاتف كلمة المرور أو رمزًا لمرة واحدة.' },
    },
  },
};
