import type { Locale } from '../../locales';
import type { Widen } from '../../widen';

/**
 * /user/deposit's own words (issue 36), in the three languages side by side. English defines the keys;
 * the page passes its language's set to its island as a prop (src/pages/[...locale]/user/deposit.astro),
 * so the island's bundle carries none. Wallet names, tickers, addresses and transaction ids stay as
 * they are in every language. Glossaries: docs/languages.md.
 */
const en = {
  /** The page's heading and title. */
  heading: 'Deposit',
  /** The spec's instruction above the wallets. */
  instruction:
    'Please copy the wallet address for your chosen asset and proceed with your investment deposit.',
  walletsHeading: 'Wallet Addresses',
  walletsFailed: 'The wallet addresses could not be loaded.',
  madeDeposit: "I've made the deposit",
  card: {
    /** {asset} is a ticker, {network} the network's name below. */
    sendOnly: 'Send only {asset} on {network}',
    unavailable: 'This address is temporarily unavailable.',
    notOpen: 'Deposits for this asset are not open yet.',
    copied: 'Address Copied!',
    address: 'Address',
    /** {wallet} is the wallet's name ("Bitcoin"). */
    qr: 'QR code of the {wallet} deposit address',
    qrWithTag: 'QR code of the {wallet} deposit address and your destination tag',
    tag: 'Your destination tag (required)',
    tagNote: 'Deposits without this tag cannot be credited to you.',
    copy: 'Copy {wallet} address',
  },
  /** The networks as a card names them; a chain's own coin is sent on the chain itself ("ETH on Ethereum"). */
  networks: {
    bitcoin: 'Bitcoin',
    ethereum: 'Ethereum (ERC-20)',
    ethereumNative: 'Ethereum',
    tron: 'TRON (TRC-20)',
    ripple: 'XRP Ledger',
  },
  /** "I've made the deposit": the dialog with its deposit notice. */
  notice: {
    openChat: 'Open support chat',
    emailSupport: 'E-mail support',
    or: 'Or send us a deposit notice and we will confirm it:',
    asset: 'Asset',
    chooseAsset: 'Choose the asset you sent.',
    /** {asset} is the chosen ticker. */
    quantity: 'Quantity sent ({asset})',
    quantityBare: 'Quantity sent',
    quantityHint:
      'The amount of the asset you sent, as your wallet shows it (not its value in USD). We value it in USD when it arrives.',
    txId: 'Transaction ID',
    send: 'Send deposit notice',
    sending: 'Sending…',
    sent: 'Deposit notice sent. We will confirm it once the transfer arrives.',
    failed: 'Your deposit notice could not be filed.',
    /** What is wrong with a typed quantity; {label} is the field's name. */
    quantityProblems: {
      required: '{label} is required.',
      negative: '{label} must not be negative.',
      notNumber: '{label} must be a number, such as 0.5 (use a point for decimals, no commas).',
      decimals: '{label} can have at most {decimals} decimals: {asset} is counted to {unit}.',
      tooLarge: '{label} is too large.',
      zero: '{label} must be more than zero.',
    },
    /** What is wrong with a typed transaction id; {network} is the network's name. */
    txProblems: {
      required: 'Transaction ID is required.',
      invisible:
        'The transaction ID contains a space or an invisible character. Copy it again from the block explorer.',
      no0x: '{network} transaction IDs have no 0x: enter the 64 characters after it.',
      ethereum: 'That is not an Ethereum transaction ID: 0x and 64 characters 0-9 and a-f.',
      format: 'That is not a {network} transaction ID: 64 characters 0-9 and a-f.',
    },
    /** The database's refusals a member can meet here, in the page's words (others: `failed`). */
    refusals: {
      /** {number} is the notice already filed with it. */
      duplicate: 'You have already filed this transaction ID (deposit notice #{number}).',
      /** Too many notices waiting, or filed in the last hour. */
      tooMany:
        'You have filed many deposit notices recently. Please wait until we have reviewed them, then try again.',
    },
  },
} as const;

export type DepositWords = Widen<typeof en>;

export const depositWords: Record<Locale, DepositWords> = {
  en,
  'zh-hant': {
    heading: '存入',
    instruction: '請複製您所選資產的錢包地址，然後存入您的投資款項。',
    walletsHeading: '錢包地址',
    walletsFailed: '未能載入錢包地址。',
    madeDeposit: '我已完成存入',
    card: {
      sendOnly: '只可透過{network}發送{asset}',
      unavailable: '此地址暫時無法使用。',
      notOpen: '此資產尚未開放存入。',
      copied: '已複製地址！',
      address: '地址',
      qr: '{wallet}存入地址的QR碼',
      qrWithTag: '{wallet}存入地址及您的目的地標籤的QR碼',
      tag: '您的目的地標籤（必須填寫）',
      tagNote: '未附此標籤的存入無法記入您的帳戶。',
      copy: '複製{wallet}地址',
    },
    networks: {
      bitcoin: 'Bitcoin網絡',
      ethereum: 'Ethereum（ERC-20）網絡',
      ethereumNative: 'Ethereum網絡',
      tron: 'TRON（TRC-20）網絡',
      ripple: 'XRP Ledger',
    },
    notice: {
      openChat: '開啟客戶支援即時通訊',
      emailSupport: '以電郵聯絡客戶支援',
      or: '或向我們發送存入通知，我們會作出確認：',
      asset: '資產',
      chooseAsset: '請選擇您所發送的資產。',
      quantity: '發送數量（{asset}）',
      quantityBare: '發送數量',
      quantityHint:
        '您所發送資產的數量，以您的錢包所顯示者為準（並非其美元價值）。款項到賬時，我們會以美元估值。',
      txId: '交易編號',
      send: '發送存入通知',
      sending: '正在發送…',
      sent: '存入通知已發送。款項到賬後，我們會作出確認。',
      failed: '未能提交您的存入通知。',
      quantityProblems: {
        required: '請填寫{label}。',
        negative: '{label}不可為負數。',
        notNumber: '{label}必須為數字，例如0.5（以小數點表示小數，不可使用逗號）。',
        decimals: '{label}最多只可有{decimals}位小數：{asset}的最小單位為{unit}。',
        tooLarge: '{label}過大。',
        zero: '{label}必須大於零。',
      },
      txProblems: {
        required: '請填寫交易編號。',
        invisible: '交易編號含有空格或不可見字元。請從區塊瀏覽器重新複製。',
        no0x: '{network}的交易編號沒有0x：請輸入其後的64個字元。',
        ethereum: '這不是Ethereum交易編號：應為0x加64個0-9及a-f字元。',
        format: '這不是{network}交易編號：應為64個0-9及a-f字元。',
      },
      refusals: {
        duplicate: '您已提交過此交易編號（存入通知#{number}）。',
        tooMany: '您近期提交的存入通知較多。請待我們審核後再試。',
      },
    },
  },
  ar: {
    heading: 'الإيداع',
    instruction: 'يُرجى نسخ عنوان المحفظة الخاص بالأصل الذي اخترتموه، ثم إتمام إيداع استثماركم.',
    walletsHeading: 'عناوين المحافظ',
    walletsFailed: 'تعذّر تحميل عناوين المحافظ.',
    madeDeposit: 'لقد أتممت الإيداع',
    card: {
      sendOnly: 'أرسلوا {asset} عبر شبكة {network} فقط',
      unavailable: 'هذا العنوان غير متاح مؤقتًا.',
      notOpen: 'الإيداع لهذا الأصل غير متاح بعد.',
      copied: 'تم نسخ العنوان!',
      address: 'العنوان',
      qr: 'رمز QR لعنوان إيداع {wallet}',
      qrWithTag: 'رمز QR لعنوان إيداع {wallet} ووسم الوجهة الخاص بكم',
      tag: 'وسم الوجهة الخاص بكم (إلزامي)',
      tagNote: 'لا يمكن قيد الإيداعات التي لا تحمل هذا الوسم في حسابكم.',
      copy: 'نسخ عنوان {wallet}',
    },
    networks: {
      bitcoin: 'Bitcoin',
      ethereum: 'Ethereum (ERC-20)',
      ethereumNative: 'Ethereum',
      tron: 'TRON (TRC-20)',
      ripple: 'XRP Ledger',
    },
    notice: {
      openChat: 'فتح الدردشة مع فريق الدعم',
      emailSupport: 'مراسلة فريق الدعم بالبريد الإلكتروني',
      or: 'أو أرسلوا إلينا إشعار إيداع وسنؤكده:',
      asset: 'الأصل',
      chooseAsset: 'اختاروا الأصل الذي أرسلتموه.',
      quantity: 'الكمية المرسلة ({asset})',
      quantityBare: 'الكمية المرسلة',
      quantityHint:
        'كمية الأصل التي أرسلتموها كما تظهر في محفظتكم (وليس قيمتها بالدولار الأمريكي). نقيّمها بالدولار الأمريكي عند وصولها.',
      txId: 'معرّف المعاملة',
      send: 'إرسال إشعار الإيداع',
      sending: 'جارٍ الإرسال…',
      sent: 'تم إرسال إشعار الإيداع. سنؤكده فور وصول التحويل.',
      failed: 'تعذّر تقديم إشعار الإيداع الخاص بكم.',
      quantityProblems: {
        required: '{label} مطلوبة.',
        negative: 'يجب ألا تكون {label} سالبة.',
        notNumber: 'يجب أن تكون {label} رقمًا، مثل 0.5 (استخدموا النقطة للكسور العشرية، دون فواصل).',
        decimals:
          'يمكن أن تحتوي {label} على {decimals} منازل عشرية كحد أقصى: أصغر وحدة لـ {asset} هي {unit}.',
        tooLarge: '{label} كبيرة جدًا.',
        zero: 'يجب أن تكون {label} أكبر من صفر.',
      },
      txProblems: {
        required: 'معرّف المعاملة مطلوب.',
        invisible: 'يحتوي معرّف المعاملة على مسافة أو حرف غير مرئي. انسخوه مجددًا من مستكشف الكتل.',
        no0x: 'لا تبدأ معرّفات معاملات {network} بـ 0x: أدخلوا الأحرف الـ 64 التي تليها.',
        ethereum: 'هذا ليس معرّف معاملة على Ethereum: 0x متبوعة بـ 64 حرفًا من 0-9 وa-f.',
        format: 'هذا ليس معرّف معاملة على {network}: 64 حرفًا من 0-9 وa-f.',
      },
      refusals: {
        duplicate: 'سبق أن قدّمتم معرّف المعاملة هذا (إشعار الإيداع رقم {number}).',
        tooMany: 'قدّمتم عددًا كبيرًا من إشعارات الإيداع مؤخرًا. يُرجى الانتظار حتى نراجعها، ثم المحاولة مجددًا.',
      },
    },
  },
};
