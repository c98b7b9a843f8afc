import type { Locale } from '../../locales';
import type { Widen } from '../../widen';
import { SECURITY_MESSAGES } from '~/lib/security-rules';

// The messages the sign-in and reset forms word too are taken from their catalog section instead.
const {
  weakPassword: _weakPassword,
  samePassword: _samePassword,
  passwordMismatch: _passwordMismatch,
  invalidEmail: _invalidEmail,
  mailRateLimited: _mailRateLimited,
  mailFailed: _mailFailed,
  ...OWN_MESSAGES
} = SECURITY_MESSAGES;

/**
 * /user/security's own words (issue 36), in the three languages side by side. English defines the keys;
 * the page passes its language's set to its island as a prop (src/pages/[...locale]/user/security.astro),
 * so the island's bundle carries none. The page adds what it shares with the sign-in and reset forms
 * (the new-password fields, the password and e-mail checks, the authenticator code's answers, the
 * question a mailed link asks) from their own catalog section. Glossaries: docs/languages.md.
 */
const en = {
  /** The page's heading and title. */
  heading: 'Security',
  password: {
    heading: 'Change password',
    /** {email}: where the code goes. */
    codeTo: 'To confirm it is you, we send a 6-digit code to {email}.',
    sendCode: 'Send me a code',
    sending: 'Sending…',
    codeLabel: 'Code from the e-mail',
    submit: 'Change password',
    saving: 'Saving…',
  },
  email: {
    heading: 'Change e-mail address',
    current: 'Current address:',
    /** {email}: the new address, not yet confirmed. */
    pending: 'Change to {email} waiting for confirmation: open the links we sent to both addresses.',
    newLabel: 'New e-mail address',
    submit: 'Change e-mail address',
    sending: 'Sending…',
    /** After the last link: {email} the address now. */
    changedTo: 'Your e-mail address has been changed. It is now {email}.',
  },
  authenticators: {
    heading: 'Authenticator app',
    text: 'A code from an app on your phone, asked for at every sign-in, keeps your account safe even if someone learns your password.',
    loading: 'Loading authenticators',
    listLabel: 'Your authenticators',
    /** {date}: the day it was added. */
    added: 'Added {date}',
    remove: 'Remove',
    removeLabel: 'Remove {name}',
    none: 'No authenticator yet: signing in needs only your password.',
    /** {name}: the authenticator's name. */
    removePrompt: 'To remove {name}, enter the code it shows now.',
    removeSubmit: 'Remove authenticator',
    removing: 'Removing…',
    add: 'Add an authenticator app',
    steps: [
      'Open an authenticator app (Google Authenticator, 1Password, Authy, …) on your phone.',
      'Scan the QR code, or type the key into the app.',
      'Enter the 6-digit code the app shows to confirm.',
    ],
    confirm: 'Confirm and turn on',
    checking: 'Checking…',
    cancel: 'Cancel',
    addedToast: 'Authenticator added. Signing in now asks for its code.',
    removedToast: 'Authenticator removed.',
    /** The new key: a placeholder's name, the QR code's text, the key's label. */
    key: {
      preparing: 'Preparing your key',
      qr: 'QR code for your authenticator app',
      manual: 'Key for manual entry',
    },
    /** src/lib/mfa.ts's answers the set-up and the list give (a test holds English equal to them). */
    messages: {
      enrolFailed: 'Could not start setting up your authenticator. Please try again.',
      listFailed: 'Could not load your authenticators. Please reload the page.',
      removeNeedsCode: 'Enter a code from your authenticator app first: removing one needs it.',
      removeFailed: 'Could not remove the authenticator. Please try again.',
    },
  },
  sessions: {
    heading: 'Other sessions',
    text: 'Signed in on a device you no longer use, or one you do not recognise? End every session except this one.',
    submit: 'Sign out of all other sessions',
    signingOut: 'Signing out…',
  },
  /**
   * src/lib/security-rules.ts's SECURITY_MESSAGES that are the page's own; the page adds the ones the
   * sign-in forms share (src/i18n/security-words.ts).
   */
  messages: OWN_MESSAGES,
} as const;

export type SecurityWords = Widen<typeof en>;

export const securityWords: Record<Locale, SecurityWords> = {
  en,
  'zh-hant': {
    heading: '帳戶安全',
    password: {
      heading: '更改密碼',
      codeTo: '為確認是您本人，我們會將6位數字驗證碼發送至{email}。',
      sendCode: '發送驗證碼',
      sending: '正在發送…',
      codeLabel: '電郵驗證碼',
      submit: '更改密碼',
      saving: '正在儲存…',
    },
    email: {
      heading: '更改電郵地址',
      current: '目前地址：',
      pending: '更改為{email}的申請正等候確認：請開啟我們發送至兩個地址的連結。',
      newLabel: '新電郵地址',
      submit: '更改電郵地址',
      sending: '正在發送…',
      changedTo: '您的電郵地址已更改，現為{email}。',
    },
    authenticators: {
      heading: '驗證器應用程式',
      text: '每次登入時均須輸入手機應用程式顯示的驗證碼，即使他人得知您的密碼，您的帳戶仍然安全。',
      loading: '正在載入驗證器',
      listLabel: '您的驗證器',
      added: '於{date}新增',
      remove: '移除',
      removeLabel: '移除{name}',
      none: '尚未設定驗證器：登入時只須輸入密碼。',
      removePrompt: '如要移除{name}，請輸入它現時顯示的驗證碼。',
      removeSubmit: '移除驗證器',
      removing: '正在移除…',
      add: '新增驗證器應用程式',
      steps: [
        '在手機上開啟驗證器應用程式（Google Authenticator、1Password、Authy等）。',
        '掃描二維碼，或在應用程式中輸入金鑰。',
        '輸入應用程式顯示的6位數字驗證碼以確認。',
      ],
      confirm: '確認並啟用',
      checking: '正在核對…',
      cancel: '取消',
      addedToast: '已新增驗證器。日後登入時須輸入其驗證碼。',
      removedToast: '已移除驗證器。',
      key: {
        preparing: '正在準備您的金鑰',
        qr: '供驗證器應用程式掃描的二維碼',
        manual: '手動輸入的金鑰',
      },
      messages: {
        enrolFailed: '未能開始設定驗證器，請再試一次。',
        listFailed: '未能載入您的驗證器，請重新載入頁面。',
        removeNeedsCode: '請先輸入驗證器應用程式顯示的驗證碼：移除驗證器時須輸入。',
        removeFailed: '未能移除驗證器，請再試一次。',
      },
    },
    sessions: {
      heading: '其他登入工作階段',
      text: '曾在不再使用或不認識的裝置上登入？您可結束除本工作階段以外的所有工作階段。',
      submit: '登出所有其他工作階段',
      signingOut: '正在登出…',
    },
    messages: {
      codeSent: '我們已將6位數字驗證碼發送至您的電郵地址。請在下方輸入驗證碼及新密碼。',
      codeMissing: '請輸入電郵中的6位數字驗證碼（請先申請驗證碼）。',
      codeInvalid: '驗證碼不正確或已過期，請重新申請。',
      codeRequired: '為保障您的安全，請先透過電郵申請驗證碼，並連同新密碼一併輸入。',
      passwordChanged: '您的密碼已更改，其他工作階段已被登出。',
      passwordChangeFailed: '未能更改您的密碼，請再試一次。',
      sameEmail: '這已是您的電郵地址。',
      emailUnavailable: '無法使用此電郵地址，請選擇另一個。',
      emailChangeSent: '即將完成：我們已將確認連結發送至您現時及新的電郵地址。請開啟兩個連結以完成更改。',
      emailChangeFailed: '未能更改您的電郵地址，請再試一次。',
      emailChangeHalfway: '已確認一個連結。請開啟我們發送至另一個地址的連結以完成更改。',
      emailChanged: '您的電郵地址已更改。',
      emailChangeLinkInvalid: '此電郵地址更改連結無效或已過期，請重新開始更改。',
      otherSessionsSignedOut: '您已在所有其他裝置及瀏覽器上登出。',
      otherSessionsFailed: '未能登出您的其他工作階段，請再試一次。',
    },
  },
  ar: {
    heading: 'الأمان',
    password: {
      heading: 'تغيير كلمة المرور',
      codeTo: 'للتأكد من هويتكم، نرسل رمزًا من 6 أرقام إلى {email}.',
      sendCode: 'أرسلوا لي رمزًا',
      sending: 'جارٍ الإرسال…',
      codeLabel: 'الرمز الوارد في البريد الإلكتروني',
      submit: 'تغيير كلمة المرور',
      saving: 'جارٍ الحفظ…',
    },
    email: {
      heading: 'تغيير عنوان البريد الإلكتروني',
      current: 'العنوان الحالي:',
      pending: 'التغيير إلى {email} بانتظار التأكيد: افتحوا الرابطين اللذين أرسلناهما إلى العنوانين.',
      newLabel: 'عنوان البريد الإلكتروني الجديد',
      submit: 'تغيير عنوان البريد الإلكتروني',
      sending: 'جارٍ الإرسال…',
      changedTo: 'تم تغيير عنوان بريدكم الإلكتروني، وهو الآن {email}.',
    },
    authenticators: {
      heading: 'تطبيق المصادقة',
      text: 'رمز من تطبيق على هاتفكم يُطلب عند كل تسجيل دخول، ويحافظ على أمان حسابكم حتى لو عرف أحد كلمة مروركم.',
      loading: 'جارٍ تحميل تطبيقات المصادقة',
      listLabel: 'تطبيقات المصادقة لديكم',
      added: 'أُضيف في {date}',
      remove: 'إزالة',
      removeLabel: 'إزالة {name}',
      none: 'لا يوجد تطبيق مصادقة بعد: يتطلب تسجيل الدخول كلمة المرور فقط.',
      removePrompt: 'لإزالة {name}، أدخلوا الرمز الذي يعرضه الآن.',
      removeSubmit: 'إزالة تطبيق المصادقة',
      removing: 'جارٍ الإزالة…',
      add: 'إضافة تطبيق مصادقة',
      steps: [
        'افتحوا تطبيق مصادقة (Google Authenticator أو 1Password أو Authy أو غيرها) على هاتفكم.',
        'امسحوا رمز الاستجابة السريعة، أو اكتبوا المفتاح في التطبيق.',
        'أدخلوا الرمز المكوّن من 6 أرقام الذي يعرضه التطبيق للتأكيد.',
      ],
      confirm: 'التأكيد والتفعيل',
      checking: 'جارٍ التحقق…',
      cancel: 'إلغاء',
      addedToast: 'تمت إضافة تطبيق المصادقة. سيُطلب رمزه عند تسجيل الدخول من الآن.',
      removedToast: 'تمت إزالة تطبيق المصادقة.',
      key: {
        preparing: 'جارٍ إعداد مفتاحكم',
        qr: 'رمز الاستجابة السريعة لتطبيق المصادقة',
        manual: 'المفتاح للإدخال اليدوي',
      },
      messages: {
        enrolFailed: 'تعذّر بدء إعداد تطبيق المصادقة. يُرجى المحاولة مرة أخرى.',
        listFailed: 'تعذّر تحميل تطبيقات المصادقة. يُرجى إعادة تحميل الصفحة.',
        removeNeedsCode: 'أدخلوا أولًا رمزًا من تطبيق المصادقة: إزالته تتطلب ذلك.',
        removeFailed: 'تعذّرت إزالة تطبيق المصادقة. يُرجى المحاولة مرة أخرى.',
      },
    },
    sessions: {
      heading: 'الجلسات الأخرى',
      text: 'هل سجلتم الدخول على جهاز لم تعودوا تستخدمونه، أو جهاز لا تعرفونه؟ أنهوا كل الجلسات عدا هذه الجلسة.',
      submit: 'تسجيل الخروج من كل الجلسات الأخرى',
      signingOut: 'جارٍ تسجيل الخروج…',
    },
    messages: {
      codeSent: 'أرسلنا رمزًا من 6 أرقام إلى بريدكم الإلكتروني. أدخلوه أدناه مع كلمة المرور الجديدة.',
      codeMissing: 'أدخلوا الرمز المكوّن من 6 أرقام الوارد في البريد الإلكتروني (اطلبوا رمزًا أولًا).',
      codeInvalid: 'هذا الرمز غير صحيح أو منتهي الصلاحية. اطلبوا رمزًا جديدًا.',
      codeRequired: 'حرصًا على أمانكم، اطلبوا رمزًا عبر البريد الإلكتروني وأدخلوه مع كلمة المرور الجديدة.',
      passwordChanged: 'تم تغيير كلمة المرور، وتم تسجيل الخروج من جلساتكم الأخرى.',
      passwordChangeFailed: 'تعذّر تغيير كلمة المرور. يُرجى المحاولة مرة أخرى.',
      sameEmail: 'هذا هو عنوان بريدكم الإلكتروني الحالي.',
      emailUnavailable: 'لا يمكن استخدام عنوان البريد الإلكتروني هذا. يُرجى اختيار عنوان آخر.',
      emailChangeSent:
        'أوشكتم على الانتهاء: أرسلنا رابط تأكيد إلى عنوانكم الحالي وإلى عنوانكم الجديد. افتحوا الرابطين لإتمام التغيير.',
      emailChangeFailed: 'تعذّر تغيير عنوان بريدكم الإلكتروني. يُرجى المحاولة مرة أخرى.',
      emailChangeHalfway:
        'تم تأكيد رابط واحد. افتحوا الآن الرابط الذي أرسلناه إلى العنوان الآخر لإتمام التغيير.',
      emailChanged: 'تم تغيير عنوان بريدكم الإلكتروني.',
      emailChangeLinkInvalid:
        'رابط تغيير البريد الإلكتروني هذا غير صالح أو منتهي الصلاحية. يُرجى بدء التغيير من جديد.',
      otherSessionsSignedOut: 'تم تسجيل خروجكم من كل الأجهزة والمتصفحات الأخرى.',
      otherSessionsFailed: 'تعذّر تسجيل الخروج من جلساتكم الأخرى. يُرجى المحاولة مرة أخرى.',
    },
  },
};
