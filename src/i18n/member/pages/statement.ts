import type { Locale } from '../../locales';
import type { Widen } from '../../widen';
import statementPdfEn from '../../statement/en';
import statementPdfZhHant from '../../statement/zh-hant';
import statementPdfAr from '../../statement/ar';

/**
 * /user/statement's own words (issue 36), in the three languages side by side. English defines the keys;
 * the page passes its language's set to its island as a prop (src/pages/[...locale]/user/statement.astro),
 * so the island's bundle carries none. The kinds of line are the monthly statement's own
 * (src/i18n/statement/<locale>.ts), so the page and the PDF name a line alike. The admin area's
 * statements page lists statements with the English `list`. Glossaries: docs/languages.md.
 */
const en = {
  /** The page's heading and title. */
  heading: 'Statement',
  monthly: {
    heading: 'Monthly statements',
    /** Follows the link to the monthly statements at the top of the page. */
    linkNote: '(signed PDF and CSV for each month) are below the live view.',
    intro:
      'A statement for each month, prepared after the month ends (Hong Kong time) and available by the seventh business day. Each is a PDF signed by Liquid Capital Limited, with the same lines as a CSV file.',
    none: 'Your first monthly statement will appear here after the end of your first month with us.',
    failed: 'Your monthly statements could not be loaded.',
  },
  /** The list of monthly statements (also the admin area's, in English). */
  list: {
    preparing: 'Being prepared',
    replaced: 'Replaced by a corrected version',
    correction: 'Corrected version: replaces {reference}',
    /** A download button's accessible name: {period} "November 2026", {kind} "PDF" or "CSV". */
    download: 'Download the {period} statement as {kind}',
    failed: 'The file could not be downloaded. Try again in a moment.',
  },
  period: {
    heading: 'Your accounts over a period',
    label: 'Period',
    firstDay: 'First day',
    lastDay: 'Last day',
    choices: {
      this_month: 'This month',
      last_month: 'Last month',
      this_quarter: 'This quarter',
      last_quarter: 'Last quarter',
      custom: 'Custom dates',
    },
    /** A quarter's name: {quarter} 1–4, {year}. */
    quarter: 'Q{quarter} {year}',
    /** Custom dates, both days included. */
    range: '{from} – {to}',
    problems: {
      firstDay: 'Enter the first day of the period.',
      lastDay: 'Enter the last day of the period.',
      order: 'The last day cannot be before the first day.',
    },
  },
  balances: {
    /** The accessible name of the accounts' boxes. */
    label: 'Opening and closing balances',
    opening: 'Opening',
    credits: 'Money in',
    debits: 'Money out',
    closing: 'Closing',
  },
  chart: {
    /** The chart's accessible name: {period}, {amount} the total at its end. */
    title: 'Total value, {period}: {amount}',
    /** How many moments the line steps at ({count}); the start of the chart's description. */
    moments: 'Moments with changes: {count}',
    /** The chart's description: {moments} the line above, {opening}, {closing}, {time} the last moment. */
    description: '{moments}; {opening} at the start, {closing} at {time}.',
    /** Under the chart (also painted before the page's code arrives), while the period is still open. */
    captionOpen: 'Total value, {period} (Hong Kong time): {opening} at the start, {closing} now.',
    /** The same for a period that has ended. */
    captionClosed: 'Total value, {period} (Hong Kong time): {opening} at the start, {closing} at the end.',
  },
  ledger: {
    heading: 'Ledger entries',
    none: 'No balance changes yet.',
    failed: 'Your statement could not be loaded.',
    /** Also the chart's place when nothing changed in the period. */
    noneInPeriod: 'No changes in {period}.',
    download: 'Download CSV',
    date: 'Date',
    account: 'Account',
    change: 'Change',
    balanceAfter: 'Balance after',
    reason: 'Reason',
    /** A line on a phone, after its time: {amount}. */
    balanceAfterLine: 'Balance after {amount}',
  },
  /** A line's kind, before its reason (the monthly statement's words). */
  kinds: statementPdfEn.kinds,
} as const;

export type StatementWords = Widen<typeof en>;

export const statementWords: Record<Locale, StatementWords> = {
  en,
  'zh-hant': {
    heading: '結單',
    monthly: {
      heading: '每月結單',
      linkNote: '（每月附有電子簽署的PDF及CSV檔案）載於即時概覽下方。',
      intro:
        '每月結單於該月結束後（以香港時間計）編製，並於第七個工作天或之前提供。每份結單均為由Liquid Capital Limited電子簽署的PDF檔案，並附載有相同交易紀錄的CSV檔案。',
      none: '您的首份每月結單將於您開戶後首個月結束後在此顯示。',
      failed: '未能載入您的每月結單。',
    },
    list: {
      preparing: '編製中',
      replaced: '已由更正版本取代',
      correction: '更正版本：取代{reference}',
      download: '下載{period}結單（{kind}）',
      failed: '未能下載檔案，請稍後再試。',
    },
    period: {
      heading: '您的帳戶在指定期間的變動',
      label: '期間',
      firstDay: '首日',
      lastDay: '最後一日',
      choices: {
        this_month: '本月',
        last_month: '上月',
        this_quarter: '本季',
        last_quarter: '上季',
        custom: '自訂日期',
      },
      quarter: '{year}年第{quarter}季',
      range: '{from}至{to}',
      problems: {
        firstDay: '請輸入期間的首日。',
        lastDay: '請輸入期間的最後一日。',
        order: '最後一日不可早於首日。',
      },
    },
    balances: {
      label: '期初及期末結餘',
      opening: '期初結餘',
      credits: '進賬',
      debits: '支賬',
      closing: '期末結餘',
    },
    chart: {
      title: '{period}總值：{amount}',
      moments: '有變動的時間點：{count}個',
      description: '{moments}；期初為{opening}，於{time}為{closing}。',
      captionOpen: '{period}總值（香港時間）：期初為{opening}，現時為{closing}。',
      captionClosed: '{period}總值（香港時間）：期初為{opening}，期末為{closing}。',
    },
    ledger: {
      heading: '賬項紀錄',
      none: '暫無結餘變動。',
      failed: '未能載入您的結單。',
      noneInPeriod: '{period}並無變動。',
      download: '下載CSV',
      date: '日期',
      account: '帳戶',
      change: '變動',
      balanceAfter: '變動後結餘',
      reason: '原因',
      balanceAfterLine: '變動後結餘{amount}',
    },
    kinds: statementPdfZhHant.kinds,
  },
  ar: {
    heading: 'كشف الحساب',
    monthly: {
      heading: 'كشوف الحساب الشهرية',
      linkNote: '(ملف PDF موقّع وملف CSV لكل شهر) تجدونها أسفل العرض المباشر.',
      intro:
        'يُعدّ كشف حساب لكل شهر بعد انتهائه (بتوقيت هونغ كونغ) ويُتاح في موعد أقصاه يوم العمل السابع. وكل كشف ملف PDF موقّع من Liquid Capital Limited، ومعه ملف CSV يتضمن المعاملات نفسها.',
      none: 'سيظهر هنا أول كشف حساب شهري لكم بعد انتهاء شهركم الأول معنا.',
      failed: 'تعذّر تحميل كشوف حسابكم الشهرية.',
    },
    list: {
      preparing: 'قيد الإعداد',
      replaced: 'حلّت محله نسخة مصححة',
      correction: 'نسخة مصححة: تحل محل {reference}',
      download: 'تنزيل كشف حساب {period} بصيغة {kind}',
      failed: 'تعذّر تنزيل الملف. يُرجى المحاولة مرة أخرى بعد قليل.',
    },
    period: {
      heading: 'حساباتكم خلال فترة',
      label: 'الفترة',
      firstDay: 'اليوم الأول',
      lastDay: 'اليوم الأخير',
      choices: {
        this_month: 'هذا الشهر',
        last_month: 'الشهر الماضي',
        this_quarter: 'هذا الربع',
        last_quarter: 'الربع الماضي',
        custom: 'تواريخ مخصصة',
      },
      quarter: 'الربع {quarter} من {year}',
      range: 'من {from} إلى {to}',
      problems: {
        firstDay: 'أدخلوا اليوم الأول من الفترة.',
        lastDay: 'أدخلوا اليوم الأخير من الفترة.',
        order: 'لا يمكن أن يكون اليوم الأخير قبل اليوم الأول.',
      },
    },
    balances: {
      label: 'الأرصدة الافتتاحية والختامية',
      opening: 'الرصيد الافتتاحي',
      credits: 'المبالغ الواردة',
      debits: 'المبالغ الصادرة',
      closing: 'الرصيد الختامي',
    },
    chart: {
      title: 'القيمة الإجمالية، {period}: {amount}',
      moments: 'عدد لحظات التغيّر: {count}',
      description: '{moments}؛ {opening} في البداية، و{closing} في {time}.',
      captionOpen: 'القيمة الإجمالية، {period} (بتوقيت هونغ كونغ): {opening} في البداية، و{closing} الآن.',
      captionClosed:
        'القيمة الإجمالية، {period} (بتوقيت هونغ كونغ): {opening} في البداية، و{closing} في النهاية.',
    },
    ledger: {
      heading: 'قيود الحساب',
      none: 'لا توجد أي تغييرات في الأرصدة بعد.',
      failed: 'تعذّر تحميل كشف حسابكم.',
      noneInPeriod: 'لا توجد تغييرات في {period}.',
      download: 'تنزيل CSV',
      date: 'التاريخ',
      account: 'الحساب',
      change: 'التغيّر',
      balanceAfter: 'الرصيد بعد القيد',
      reason: 'السبب',
      balanceAfterLine: 'الرصيد بعد القيد {amount}',
    },
    kinds: statementPdfAr.kinds,
  },
};
