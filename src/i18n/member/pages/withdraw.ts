import type { Locale } from '../../locales';
import type { Widen } from '../../widen';

/**
 * /user/withdraw's own words (issue 36), in the three languages side by side. English defines the keys;
 * the page passes its language's set to its island as a prop (src/pages/[...locale]/user/withdraw.astro),
 * so the island's bundle carries none. The list of requests is the shell's (`member.requests`).
 * Glossaries: docs/languages.md.
 */
const en = {
  /** The page's heading and title. */
  heading: 'Withdraw',
  openChat: 'Open support chat',
  emailSupport: 'E-mail support',
  walletsFailed: 'The wallet addresses could not be loaded.',
  form: {
    heading: 'Request a withdrawal',
    legend: 'Withdraw from',
    choose: 'Choose the account to withdraw from.',
    available: 'Available',
    /** What open requests hold in an account: {amount}. */
    reserved: '{amount} reserved',
    principal: 'Invested principal (Total Invest) cannot be withdrawn while it is invested.',
    asset: 'Asset',
    amount: 'Amount (USD)',
    destination: 'Destination (from your address book)',
    destinationBare: 'Destination',
    /** No active address for the asset: {wallet}; the link's words sit between before and after. */
    noDestination: 'You have no active {wallet} address yet.',
    addOne: 'Add one on the Addresses page',
    waitingPeriod: 'A new address can receive withdrawals after a waiting period (usually 24 hours).',
    /** An address still in its waiting period: {label}, {left} ("4 min", "1 h 5 min"). */
    waiting: '“{label}” can be used in {left}.',
    underAMinute: 'under a minute',
    hoursMinutes: '{hours} h {minutes} min',
    minutes: '{minutes} min',
    tag: 'tag {tag}',
    submit: 'Request withdrawal',
    sending: 'Sending…',
    sent: 'Withdrawal request sent. Its amount is reserved in the account you chose while we review it.',
    failed: 'Your withdrawal request could not be filed.',
  },
  /** What is wrong with the request, before it is sent. */
  problems: {
    account: 'Choose the account to withdraw from.',
    asset: 'Choose the asset to withdraw.',
    required: 'Amount is required.',
    negative: 'Amount must not be negative.',
    notAmount: 'Amount must be a number with at most 2 decimals.',
    tooLarge: 'Amount must be at most {max}.',
    zero: 'Amount must be more than zero.',
    /** {account} is the account's name, {available} what it has. */
    overAvailable: 'Amount must not be more than your {account} has available: {available}.',
    noDestination: 'Add a {wallet} address on the Addresses page first.',
  },
} as const;

export type WithdrawWords = Widen<typeof en>;

export const withdrawWords: Record<Locale, WithdrawWords> = {
  en,
  'zh-hant': {
    heading: '提取',
    openChat: '開啟客戶支援即時通訊',
    emailSupport: '以電郵聯絡客戶支援',
    walletsFailed: '未能載入錢包地址。',
    form: {
      heading: '提出提取申請',
      legend: '提取來源',
      choose: '請選擇提取款項的帳戶。',
      available: '可用',
      reserved: '已預留{amount}',
      principal: '已投資的本金（投資總額）在投資期間不可提取。',
      asset: '資產',
      amount: '金額（美元）',
      destination: '目的地（來自您的地址簿）',
      destinationBare: '目的地',
      noDestination: '您尚未有可用的{wallet}地址。',
      addOne: '請在「地址」頁面新增',
      waitingPeriod: '新地址須經過等候期（通常為24小時）後方可接收提取款項。',
      waiting: '「{label}」可於{left}後使用。',
      underAMinute: '一分鐘內',
      hoursMinutes: '{hours}小時{minutes}分鐘',
      minutes: '{minutes}分鐘',
      tag: '標籤{tag}',
      submit: '提交提取申請',
      sending: '正在發送…',
      sent: '提取申請已發送。在我們審核期間，有關金額會在您所選的帳戶中預留。',
      failed: '未能提交您的提取申請。',
    },
    problems: {
      account: '請選擇提取款項的帳戶。',
      asset: '請選擇要提取的資產。',
      required: '請填寫金額。',
      negative: '金額不可為負數。',
      notAmount: '金額必須為數字，最多兩位小數。',
      tooLarge: '金額最多為{max}。',
      zero: '金額必須大於零。',
      overAvailable: '金額不可超過您的{account}可用結餘：{available}。',
      noDestination: '請先在「地址」頁面新增{wallet}地址。',
    },
  },
  ar: {
    heading: 'السحب',
    openChat: 'فتح الدردشة مع فريق الدعم',
    emailSupport: 'مراسلة فريق الدعم بالبريد الإلكتروني',
    walletsFailed: 'تعذّر تحميل عناوين المحافظ.',
    form: {
      heading: 'طلب سحب',
      legend: 'السحب من',
      choose: 'اختاروا الحساب الذي تريدون السحب منه.',
      available: 'المتاح',
      reserved: '{amount} محجوزة',
      principal: 'لا يمكن سحب رأس المال المستثمر (إجمالي الاستثمار) ما دام مستثمرًا.',
      asset: 'الأصل',
      amount: 'المبلغ (بالدولار الأمريكي)',
      destination: 'الوجهة (من دفتر عناوينكم)',
      destinationBare: 'الوجهة',
      noDestination: 'ليس لديكم بعد عنوان {wallet} نشط.',
      addOne: 'أضيفوا عنوانًا في صفحة العناوين',
      waitingPeriod: 'يمكن للعنوان الجديد استقبال السحوبات بعد فترة انتظار (عادةً 24 ساعة).',
      waiting: 'يمكن استخدام «{label}» بعد {left}.',
      underAMinute: 'أقل من دقيقة',
      hoursMinutes: '{hours} ساعة و{minutes} دقيقة',
      minutes: '{minutes} دقيقة',
      tag: 'الوسم {tag}',
      submit: 'طلب السحب',
      sending: 'جارٍ الإرسال…',
      sent: 'تم إرسال طلب السحب. المبلغ محجوز في الحساب الذي اخترتموه أثناء مراجعتنا للطلب.',
      failed: 'تعذّر تقديم طلب السحب الخاص بكم.',
    },
    problems: {
      account: 'اختاروا الحساب الذي تريدون السحب منه.',
      asset: 'اختاروا الأصل الذي تريدون سحبه.',
      required: 'المبلغ مطلوب.',
      negative: 'يجب ألا يكون المبلغ سالبًا.',
      notAmount: 'يجب أن يكون المبلغ رقمًا بمنزلتين عشريتين كحد أقصى.',
      tooLarge: 'يجب ألا يتجاوز المبلغ {max}.',
      zero: 'يجب أن يكون المبلغ أكبر من صفر.',
      overAvailable: 'يجب ألا يتجاوز المبلغ المتاح في {account}: {available}.',
      noDestination: 'أضيفوا أولًا عنوان {wallet} في صفحة العناوين.',
    },
  },
};
