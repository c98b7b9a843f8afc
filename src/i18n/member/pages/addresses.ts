import type { Locale } from '../../locales';
import type { Widen } from '../../widen';
import { depositWords } from './deposit';

/**
 * /user/addresses's own words (issue 36), in the three languages side by side. English defines the keys;
 * the page passes its language's set to its island as a prop (src/pages/[...locale]/user/addresses.astro),
 * so the island's bundle carries none. The security-hold notice is the shell's. A label, an address
 * and a tag are the member's own and are shown as typed. Glossaries: docs/languages.md.
 */
const en = {
  /** The page's heading and title. */
  heading: 'Addresses',
  walletsFailed: 'The wallet list could not be loaded.',
  add: {
    heading: 'Add an address',
    intro:
      'For your safety, a new address can receive withdrawals only after a waiting period (usually 24 hours), and adding one needs a one-time code.',
    asset: 'Asset',
    address: 'Address',
    tag: 'Destination tag',
    tagNote: '(if your receiving account needs one)',
    label: 'Label',
    labelPlaceholder: 'e.g. My hardware wallet',
    submit: 'Add address',
    adding: 'Adding…',
    added: 'Address added. You can withdraw to it once its waiting period is over.',
    failed: 'The address could not be added.',
  },
  /** What is wrong with the address before it is sent. */
  problems: {
    asset: 'Choose the asset.',
    required: 'Address is required.',
    /** {network}: one of `networks`. */
    invalid: 'That is not a valid {network} address. Check it and try again.',
    /** {max}: the largest tag, 4294967295. */
    tag: 'Destination tag must be a whole number from 0 to {max}.',
    label: 'Label is required (up to 60 characters).',
  },
  /** The networks an address belongs to. */
  networks: {
    bitcoin: 'Bitcoin',
    ethereum: 'Ethereum',
    tron: 'TRON',
    ripple: 'XRP Ledger',
  },
  /** A wallet's network, as the deposit page names it ("Ethereum (ERC-20)" for a token). */
  walletNetworks: depositWords.en.networks,
  /** Proving it is the member before an address is added. */
  stepUp: {
    heading: 'Confirm it is you',
    totp: 'Enter the 6-digit code from your authenticator app to add the address.',
    /** {email}: where the code went. */
    email: 'We sent a code to {email}. Enter it to add the address.',
    newFactor:
      'Your authenticator app was added in this session, so it cannot confirm this yet. We sent a code to {email}: enter it, then the code from your authenticator app.',
    emailLabel: 'Code from the e-mail',
    totpLabel: 'Authenticator code',
    confirm: 'Confirm and add',
    checking: 'Checking…',
    resend: 'Send a new code',
    cancel: 'Cancel',
    resent: 'We sent a new code to {email}.',
    resendFailed: 'We could not send the code.',
    failed: 'The code could not be checked.',
  },
  list: {
    heading: 'Your addresses',
    none: 'No addresses yet. Withdrawals can only go to an address listed here.',
    /** Which asset an address is for: {asset} "BTC", {network}. */
    onNetwork: '{asset} on {network}',
    /** A wallet no longer offered: {id}. */
    unknownWallet: 'Wallet {id}',
    /** The copy button's subject: {label} the member's name for the address. */
    copyLabel: 'address of {label}',
    tag: 'Destination tag {tag}',
    /** {when}: a moment with its zone; {left}: the time still to wait. */
    usableSince: 'Usable since {when}',
    usableFrom: 'Usable from {when} (in {left})',
    underAMinute: 'under a minute',
    hoursMinutes: '{hours} h {minutes} min',
    minutes: '{minutes} min',
    active: 'Active',
    pending: 'Pending',
    remove: 'Remove',
    removeLabel: 'Remove {label}',
  },
  remove: {
    title: 'Remove this address?',
    text: '“{label}” will no longer receive withdrawals. Requests already filed to it are not changed. Adding it again later starts a new waiting period.',
    keep: 'Keep it',
    remove: 'Remove',
    removing: 'Removing…',
    removed: '“{label}” was removed.',
    failed: 'The address could not be removed.',
  },
} as const;

export type AddressesWords = Widen<typeof en>;

export const addressesWords: Record<Locale, AddressesWords> = {
  en,
  'zh-hant': {
    heading: '提取地址',
    walletsFailed: '未能載入錢包清單。',
    add: {
      heading: '新增地址',
      intro:
        '為保障您的安全，新地址須經過等候期（通常為24小時）後方可接收提取款項，而新增地址須輸入一次性驗證碼。',
      asset: '資產',
      address: '地址',
      tag: '目的地標籤',
      tagNote: '（如收款帳戶需要）',
      label: '名稱',
      labelPlaceholder: '例如：我的硬件錢包',
      submit: '新增地址',
      adding: '正在新增…',
      added: '已新增地址。等候期結束後，您即可提取款項至此地址。',
      failed: '未能新增地址。',
    },
    problems: {
      asset: '請選擇資產。',
      required: '請輸入地址。',
      invalid: '這不是有效的{network}地址，請核對後再試。',
      tag: '目的地標籤必須為0至{max}之間的整數。',
      label: '請輸入名稱（最多60個字元）。',
    },
    networks: {
      bitcoin: 'Bitcoin',
      ethereum: 'Ethereum',
      tron: 'TRON',
      ripple: 'XRP Ledger',
    },
    walletNetworks: depositWords['zh-hant'].networks,
    stepUp: {
      heading: '確認是您本人',
      totp: '請輸入驗證器應用程式顯示的6位數字驗證碼以新增地址。',
      email: '我們已將驗證碼發送至{email}。請輸入驗證碼以新增地址。',
      newFactor:
        '您的驗證器應用程式是於本次登入期間新增的，因此暫時未能用作確認。我們已將驗證碼發送至{email}：請先輸入該驗證碼，再輸入驗證器應用程式顯示的驗證碼。',
      emailLabel: '電郵驗證碼',
      totpLabel: '驗證器驗證碼',
      confirm: '確認並新增',
      checking: '正在核對…',
      resend: '重新發送驗證碼',
      cancel: '取消',
      resent: '我們已將新的驗證碼發送至{email}。',
      resendFailed: '未能發送驗證碼。',
      failed: '未能核對驗證碼。',
    },
    list: {
      heading: '您的地址',
      none: '暫無地址。提取款項只可發送至此處列出的地址。',
      onNetwork: '{network}上的{asset}',
      unknownWallet: '錢包{id}',
      copyLabel: '「{label}」的地址',
      tag: '目的地標籤{tag}',
      usableSince: '自{when}起可用',
      usableFrom: '於{when}起可用（尚餘{left}）',
      underAMinute: '不足1分鐘',
      hoursMinutes: '{hours}小時{minutes}分鐘',
      minutes: '{minutes}分鐘',
      active: '可用',
      pending: '等候中',
      remove: '移除',
      removeLabel: '移除「{label}」',
    },
    remove: {
      title: '移除此地址？',
      text: '「{label}」將不再接收提取款項。已提交至此地址的申請不受影響。日後再次新增此地址須重新經過等候期。',
      keep: '保留',
      remove: '移除',
      removing: '正在移除…',
      removed: '已移除「{label}」。',
      failed: '未能移除地址。',
    },
  },
  ar: {
    heading: 'عناوين السحب',
    walletsFailed: 'تعذّر تحميل قائمة المحافظ.',
    add: {
      heading: 'إضافة عنوان',
      intro:
        'حرصًا على أمانكم، لا يستقبل العنوان الجديد السحوبات إلا بعد فترة انتظار (24 ساعة عادةً)، وتتطلب إضافته رمزًا لمرة واحدة.',
      asset: 'الأصل',
      address: 'العنوان',
      tag: 'وسم الوجهة',
      tagNote: '(إذا كان الحساب المستلم يتطلبه)',
      label: 'الاسم',
      labelPlaceholder: 'مثلًا: محفظتي الخاصة',
      submit: 'إضافة العنوان',
      adding: 'جارٍ الإضافة…',
      added: 'تمت إضافة العنوان. يمكنكم السحب إليه بعد انتهاء فترة الانتظار.',
      failed: 'تعذّرت إضافة العنوان.',
    },
    problems: {
      asset: 'اختاروا الأصل.',
      required: 'العنوان مطلوب.',
      invalid: 'هذا ليس عنوان {network} صالحًا. يُرجى التحقق منه والمحاولة مرة أخرى.',
      tag: 'يجب أن يكون وسم الوجهة عددًا صحيحًا من 0 إلى {max}.',
      label: 'الاسم مطلوب (حتى 60 حرفًا).',
    },
    networks: {
      bitcoin: 'Bitcoin',
      ethereum: 'Ethereum',
      tron: 'TRON',
      ripple: 'XRP Ledger',
    },
    walletNetworks: depositWords.ar.networks,
    stepUp: {
      heading: 'تأكيد هويتكم',
      totp: 'أدخلوا الرمز المكوّن من 6 أرقام من تطبيق المصادقة لإضافة العنوان.',
      email: 'أرسلنا رمزًا إلى {email}. أدخلوه لإضافة العنوان.',
      newFactor:
        'أُضيف تطبيق المصادقة خلال هذه الجلسة، لذا لا يمكنه تأكيد ذلك بعد. أرسلنا رمزًا إلى {email}: أدخلوه، ثم أدخلوا الرمز من تطبيق المصادقة.',
      emailLabel: 'الرمز الوارد في البريد الإلكتروني',
      totpLabel: 'رمز تطبيق المصادقة',
      confirm: 'التأكيد والإضافة',
      checking: 'جارٍ التحقق…',
      resend: 'إرسال رمز جديد',
      cancel: 'إلغاء',
      resent: 'أرسلنا رمزًا جديدًا إلى {email}.',
      resendFailed: 'تعذّر إرسال الرمز.',
      failed: 'تعذّر التحقق من الرمز.',
    },
    list: {
      heading: 'عناوينكم',
      none: 'لا توجد عناوين بعد. لا يمكن إرسال السحوبات إلا إلى عنوان مدرج هنا.',
      onNetwork: '{asset} على شبكة {network}',
      unknownWallet: 'المحفظة {id}',
      copyLabel: 'عنوان «{label}»',
      tag: 'وسم الوجهة {tag}',
      usableSince: 'قابل للاستخدام منذ {when}',
      usableFrom: 'قابل للاستخدام اعتبارًا من {when} (بعد {left})',
      underAMinute: 'أقل من دقيقة',
      hoursMinutes: '{hours} ساعة و{minutes} دقيقة',
      minutes: '{minutes} دقيقة',
      active: 'نشط',
      pending: 'قيد الانتظار',
      remove: 'إزالة',
      removeLabel: 'إزالة «{label}»',
    },
    remove: {
      title: 'إزالة هذا العنوان؟',
      text: 'لن يستقبل «{label}» أي سحوبات بعد الآن. ولا تتغير الطلبات المقدَّمة إليه من قبل. وإذا أضفتموه مرة أخرى لاحقًا، تبدأ فترة انتظار جديدة.',
      keep: 'الإبقاء عليه',
      remove: 'إزالة',
      removing: 'جارٍ الإزالة…',
      removed: 'تمت إزالة «{label}».',
      failed: 'تعذّرت إزالة العنوان.',
    },
  },
};
