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
  lead: 'Invest from your Deposit Wallet in one of our plans. Each instruction is pending until our finance team accepts it, and you can cancel it until then.',
  sending: 'Sending…',
  /** {plan} in the running text: the plan's name as the page writes it ("Gold" in English). */
  subscribe: {
    heading: 'Invest in a plan',
    plan: 'Plan',
    choose: 'Choose a plan',
    loading: 'Loading plans…',
    amount: 'Amount (USD)',
    review: 'Review investment',
    /** {amount}: what the Deposit Wallet has available. */
    available: 'Available to invest: {amount}',
    option: '{plan} — from {minimum}',
    closedOption: '{plan} — from {minimum} (not accepting new investments)',
    /** Under the menu once a plan is chosen. */
    chosenTerms: 'Minimum {minimum}. {notice}',
    recorded:
      'Investment recorded. It is pending until our finance team accepts it; you can cancel it until then.',
    failed: 'Your investment could not be recorded.',
  },
  /** A plan's notice period when it has none; {count} days are `noticeDays` below. */
  notice: {
    none: 'Redemptions are paid once accepted, with no notice period.',
  },
  confirm: {
    title: 'Confirm your investment',
    button: 'Confirm investment',
    back: 'Back',
    plan: 'Plan',
    amount: 'Amount',
    minimum: 'Minimum',
    pending:
      'Your investment is pending until our finance team accepts it; you can cancel it until then. The amount is reserved in your Deposit Wallet meanwhile.',
  },
  terms: {
    heading: 'The plans and their terms',
    accepting: 'Accepting new investments',
    closed: 'Not accepting new investments at the moment',
    minimum: 'Minimum',
    notice: 'Notice period',
    returns: 'Returns',
    fees: 'Fees',
    risk: 'Risk',
    invest: 'Invest in {plan}',
  },
  yours: {
    since: 'Since {date}',
    notAccepted: 'Not accepted yet',
    principal: 'Principal',
    returns: 'Returns to date',
    pendingLabel: 'Pending instructions in {plan}',
    pending: {
      subscription: 'Investment of {amount}, pending since {date}',
      redemption: 'Redemption of {amount}, pending since {date}',
    },
    cancelLabel: {
      subscription: 'Cancel investment of {amount} in {plan}',
      redemption: 'Cancel redemption of {amount} in {plan}',
    },
    cancel: 'Cancel',
    cancelling: 'Cancelling…',
    cancelled: 'Instruction cancelled. Nothing has moved.',
    cancelFailed: 'Your instruction could not be cancelled.',
    redeemOpen: 'Redeem from {plan}',
    redeemClose: 'Close redemption',
  },
  redeem: {
    heading: 'Redeem from {plan}',
    /** {notice} is the plan's notice period sentence. */
    rules:
      '{notice} The principal returns to your Deposit Wallet once our finance team accepts it. A part redemption must leave at least {minimum} in the {plan} plan.',
    howMuch: 'How much',
    all: 'All of it ({amount})',
    part: 'Part of it',
    button: 'Request redemption',
    recorded:
      'Redemption requested. It is pending until our finance team accepts it; you can cancel it until then.',
    failed: 'Your redemption could not be recorded.',
  },
  /** The forms' own checks, before anything is sent. */
  problems: {
    plan: 'Choose a plan.',
    required: 'Amount is required.',
    negative: 'Amount must not be negative.',
    notAmount: 'Amount must be a number with at most 2 decimals.',
    tooLarge: 'Amount must be at most {max}.',
    zero: 'Amount must be more than zero.',
  },
  /**
   * The database's refusals, by their hint, for a page in another language (an English page shows
   * the database's own sentence, which carries the exact figures).
   */
  refusals: {
    frozen:
      'Your account is frozen, so no investment instruction can be given. Contact us to lift the freeze.',
    closed: 'The {plan} plan is not accepting new investments at the moment.',
    belowMinimum: 'The {plan} plan starts at {minimum}: enter at least that amount.',
    leaveMinimum:
      'A part redemption must leave at least {minimum} in the {plan} plan: redeem less, or all of it.',
    notEnough: 'Your Deposit Wallet does not have that much available to invest.',
    tooMuch: 'You cannot redeem more than your principal in the {plan} plan.',
  },
  failed: {
    plans: 'The plans could not be loaded.',
    yours: 'Your plans could not be loaded.',
  },
} as const;

export type PlansWords = Widen<typeof en>;

export const plansWords: Record<Locale, PlansWords> = {
  en,
  'zh-hant': {
    heading: '計劃',
    lead: '從您的存入錢包投資於我們的其中一個計劃。每項指示在我們的財務團隊接納前均處於待處理狀態，在此之前您可隨時取消。',
    sending: '正在提交…',
    subscribe: {
      heading: '投資於計劃',
      plan: '計劃',
      choose: '請選擇計劃',
      loading: '正在載入計劃…',
      amount: '金額（美元）',
      review: '檢視投資',
      available: '可供投資：{amount}',
      option: '{plan}——最低{minimum}',
      closedOption: '{plan}——最低{minimum}（暫不接受新投資）',
      chosenTerms: '最低投資額{minimum}。{notice}',
      recorded: '已記錄投資指示。在我們的財務團隊接納前，指示處於待處理狀態；在此之前您可隨時取消。',
      failed: '未能記錄您的投資指示。',
    },
    notice: {
      none: '贖回款項於獲接納後支付，不設通知期。',
    },
    confirm: {
      title: '確認您的投資',
      button: '確認投資',
      back: '返回',
      plan: '計劃',
      amount: '金額',
      minimum: '最低投資額',
      pending:
        '在我們的財務團隊接納前，您的投資處於待處理狀態；在此之前您可隨時取消。期間該金額會在您的存入錢包中預留。',
    },
    terms: {
      heading: '各計劃及其條款',
      accepting: '接受新投資',
      closed: '暫不接受新投資',
      minimum: '最低投資額',
      notice: '通知期',
      returns: '回報',
      fees: '費用',
      risk: '風險',
      invest: '投資於{plan}',
    },
    yours: {
      since: '自{date}起',
      notAccepted: '尚未獲接納',
      principal: '本金',
      returns: '累計回報',
      pendingLabel: '{plan}的待處理指示',
      pending: {
        subscription: '投資{amount}，自{date}起待處理',
        redemption: '贖回{amount}，自{date}起待處理',
      },
      cancelLabel: {
        subscription: '取消於{plan}投資{amount}',
        redemption: '取消從{plan}贖回{amount}',
      },
      cancel: '取消',
      cancelling: '正在取消…',
      cancelled: '已取消指示，款項並無變動。',
      cancelFailed: '未能取消您的指示。',
      redeemOpen: '從{plan}贖回',
      redeemClose: '關閉贖回',
    },
    redeem: {
      heading: '從{plan}贖回',
      rules:
        '{notice}本金會於我們的財務團隊接納後撥回您的存入錢包。部分贖回後，{plan}內須保留最少{minimum}。',
      howMuch: '贖回金額',
      all: '全部（{amount}）',
      part: '部分',
      button: '申請贖回',
      recorded: '已提交贖回申請。在我們的財務團隊接納前，申請處於待處理狀態；在此之前您可隨時取消。',
      failed: '未能記錄您的贖回申請。',
    },
    problems: {
      plan: '請選擇計劃。',
      required: '請填寫金額。',
      negative: '金額不可為負數。',
      notAmount: '金額必須為數字，最多兩位小數。',
      tooLarge: '金額最多為{max}。',
      zero: '金額必須大於零。',
    },
    refusals: {
      frozen: '您的帳戶已凍結，因此不能作出任何投資指示。如需解除凍結，請聯絡我們。',
      closed: '{plan}暫不接受新投資。',
      belowMinimum: '{plan}的最低投資額為{minimum}，請輸入不少於此數的金額。',
      leaveMinimum: '部分贖回後，{plan}內須保留最少{minimum}：請減少贖回金額，或全數贖回。',
      notEnough: '您的存入錢包並無足夠可供投資的金額。',
      tooMuch: '贖回金額不可超過您於{plan}的本金。',
    },
    failed: {
      plans: '未能載入計劃。',
      yours: '未能載入您的計劃。',
    },
  },
  ar: {
    heading: 'الخطط',
    lead: 'استثمروا من محفظة الإيداع في إحدى خططنا. تبقى كل تعليمة قيد الانتظار إلى أن يقبلها فريقنا المالي، ويمكنكم إلغاؤها حتى ذلك الحين.',
    sending: 'جارٍ الإرسال…',
    subscribe: {
      heading: 'الاستثمار في خطة',
      plan: 'الخطة',
      choose: 'اختاروا خطة',
      loading: 'جارٍ تحميل الخطط…',
      amount: 'المبلغ (بالدولار الأمريكي)',
      review: 'مراجعة الاستثمار',
      available: 'المتاح للاستثمار: {amount}',
      option: '{plan} — ابتداءً من {minimum}',
      closedOption: '{plan} — ابتداءً من {minimum} (لا تقبل استثمارات جديدة)',
      chosenTerms: 'الحد الأدنى {minimum}. {notice}',
      recorded:
        'تم تسجيل الاستثمار. يبقى قيد الانتظار إلى أن يقبله فريقنا المالي، ويمكنكم إلغاؤه حتى ذلك الحين.',
      failed: 'تعذّر تسجيل استثماركم.',
    },
    notice: {
      none: 'تُدفع مبالغ الاسترداد فور قبولها، دون فترة إشعار.',
    },
    confirm: {
      title: 'تأكيد استثماركم',
      button: 'تأكيد الاستثمار',
      back: 'رجوع',
      plan: 'الخطة',
      amount: 'المبلغ',
      minimum: 'الحد الأدنى',
      pending:
        'يبقى استثماركم قيد الانتظار إلى أن يقبله فريقنا المالي، ويمكنكم إلغاؤه حتى ذلك الحين. ويُحجز المبلغ في محفظة الإيداع خلال هذه المدة.',
    },
    terms: {
      heading: 'الخطط وشروطها',
      accepting: 'تقبل استثمارات جديدة',
      closed: 'لا تقبل استثمارات جديدة في الوقت الحالي',
      minimum: 'الحد الأدنى',
      notice: 'فترة الإشعار',
      returns: 'العوائد',
      fees: 'الرسوم',
      risk: 'المخاطر',
      invest: 'الاستثمار في {plan}',
    },
    yours: {
      since: 'منذ {date}',
      notAccepted: 'لم تُقبل بعد',
      principal: 'رأس المال',
      returns: 'العوائد حتى تاريخه',
      pendingLabel: 'التعليمات المنتظرة في {plan}',
      pending: {
        subscription: 'استثمار بمبلغ {amount}، قيد الانتظار منذ {date}',
        redemption: 'استرداد بمبلغ {amount}، قيد الانتظار منذ {date}',
      },
      cancelLabel: {
        subscription: 'إلغاء استثمار بمبلغ {amount} في {plan}',
        redemption: 'إلغاء استرداد بمبلغ {amount} من {plan}',
      },
      cancel: 'إلغاء',
      cancelling: 'جارٍ الإلغاء…',
      cancelled: 'تم إلغاء التعليمة. لم يتحرك أي مبلغ.',
      cancelFailed: 'تعذّر إلغاء تعليمتكم.',
      redeemOpen: 'الاسترداد من {plan}',
      redeemClose: 'إغلاق الاسترداد',
    },
    redeem: {
      heading: 'الاسترداد من {plan}',
      rules:
        '{notice} يعود رأس المال إلى محفظة الإيداع بعد أن يقبله فريقنا المالي. ويجب أن يُبقي الاسترداد الجزئي {minimum} على الأقل في {plan}.',
      howMuch: 'المبلغ المطلوب استرداده',
      all: 'كامل المبلغ ({amount})',
      part: 'جزء منه',
      button: 'طلب الاسترداد',
      recorded:
        'تم تقديم طلب الاسترداد. يبقى قيد الانتظار إلى أن يقبله فريقنا المالي، ويمكنكم إلغاؤه حتى ذلك الحين.',
      failed: 'تعذّر تسجيل طلب الاسترداد.',
    },
    problems: {
      plan: 'اختاروا خطة.',
      required: 'المبلغ مطلوب.',
      negative: 'يجب ألا يكون المبلغ سالبًا.',
      notAmount: 'يجب أن يكون المبلغ رقمًا بمنزلتين عشريتين كحد أقصى.',
      tooLarge: 'يجب ألا يتجاوز المبلغ {max}.',
      zero: 'يجب أن يكون المبلغ أكبر من صفر.',
    },
    refusals: {
      frozen: 'حسابكم مجمّد، لذا لا يمكن تقديم أي تعليمة استثمار. تواصلوا معنا لرفع التجميد.',
      closed: 'لا تقبل {plan} استثمارات جديدة في الوقت الحالي.',
      belowMinimum: 'يبدأ الاستثمار في {plan} من {minimum}: أدخلوا هذا المبلغ على الأقل.',
      leaveMinimum:
        'يجب أن يُبقي الاسترداد الجزئي {minimum} على الأقل في {plan}: استردّوا مبلغًا أقل، أو المبلغ كاملًا.',
      notEnough: 'لا يوجد في محفظة الإيداع مبلغ متاح للاستثمار بهذا القدر.',
      tooMuch: 'لا يمكنكم استرداد أكثر من رأس مالكم في {plan}.',
    },
    failed: {
      plans: 'تعذّر تحميل الخطط.',
      yours: 'تعذّر تحميل خططكم.',
    },
  },
};
