/**
 * The monthly statement's words in Arabic (Modern Standard Arabic, formal register, the reader
 * addressed in the polite plural); keys and placeholders are English's (./en.ts), which prevails.
 * Terms follow docs/languages.md's glossary (كشف الحساب، محفظة الإيداع، محفظة الفوائد، السحب،
 * الاسترداد، العوائد). Figures are written in Latin digits by the template, never here.
 */
import type { StatementWords } from './en';

const ar = {
  documentTitle: 'كشف الحساب الشهري من {firm} رقم {reference}',
  title: 'كشف الحساب الشهري',
  timeZone: 'بتوقيت هونغ كونغ (UTC+8)',
  allTimesIn: 'جميع الأوقات {zone}',
  englishPrevails:
    'هذا الكشف ترجمة لكشف الحساب الصادر باللغة الإنجليزية، وفي حال وجود أي اختلاف بينهما يسود النص الإنجليزي.',
  correctedNotice:
    'كشف حساب مصحح: الإصدار {version}. يحل هذا الكشف محل الكشف {reference}، الذي لم يعد يُعتمد عليه.',
  parties: {
    member: 'العميل',
    statement: 'الكشف',
  },
  fields: {
    member: 'العميل',
    email: 'البريد الإلكتروني',
    accountNumber: 'رقم الحساب',
    reference: 'المرجع',
    version: 'الإصدار',
    versionReplaces: '{version} (يحل محل {reference})',
    period: 'الفترة',
    periodRange: 'من {from} إلى {to}',
    prepared: 'تاريخ الإعداد',
  },
  sections: {
    accounts: 'الحسابات',
    lines: 'المعاملات',
    returns: 'العوائد',
    pending: 'البنود المعلقة في نهاية الشهر',
    valuation: 'التقييم',
    complaints: 'الاستفسارات والشكاوى',
  },
  columns: {
    account: 'الحساب',
    opening: 'الرصيد الافتتاحي',
    credits: 'المبالغ الدائنة',
    debits: 'المبالغ المدينة',
    closing: 'الرصيد الختامي',
    total: 'الإجمالي',
    dateHeading: 'التاريخ (بتوقيت هونغ كونغ)',
    date: 'التاريخ',
    description: 'البيان',
    amount: 'المبلغ',
    balanceAfter: 'الرصيد بعد المعاملة',
    plan: 'الخطة',
    principal: 'أصل المبلغ',
    returnsInPeriod: 'عوائد الفترة',
    returnsToDate: 'العوائد حتى تاريخه',
    requestedHeading: 'تاريخ الطلب (بتوقيت هونغ كونغ)',
    requested: 'تاريخ الطلب',
    item: 'البند',
  },
  rate: '، بسعر {rate} لكل {asset}',
  noLines: 'لم تُسجل أي معاملات خلال هذه الفترة.',
  noPlans: 'لا توجد أي خطة تحتفظ بأصل مبلغ أو حققت عوائد.',
  returnsInPeriod: 'العوائد المضافة خلال {period}',
  returnsToDate: 'العوائد منذ فتح حسابكم',
  nothingPending: 'لم تكن هناك أي بنود معلقة في نهاية الشهر.',
  pendingNotIncluded: 'البنود المعلقة غير مشمولة في الأرصدة الواردة أعلاه.',
  valuationSource: 'المصدر:',
  complaintsEmail: 'الشكاوى:',
  issuedBy:
    'يصدر هذا الكشف عن {legalName} وهو موقّع إلكترونيًا، ويُظهر التوقيع الرقمي لملف PDF ما إذا كان قد تم تعديله بعد إصداره. المرجع {reference}.',
  header: {
    account: 'الحساب {number}',
    page: 'الصفحة {page} من {total}',
  },
  accounts: {
    deposit_wallet: 'محفظة الإيداع',
    interest_wallet: 'محفظة الفوائد',
    total_invest: 'إجمالي الاستثمار',
    referral: 'مكافآت الإحالة',
  },
  kinds: {
    deposit: 'إيداع',
    withdrawal: 'سحب',
    subscription: 'استثمار',
    redemption: 'استرداد',
    return: 'عوائد',
    referral_bonus: 'مكافأة إحالة',
    fee: 'رسوم',
    correction: 'تصحيح',
  },
  plans: {
    silver: 'الخطة الفضية',
    gold: 'الخطة الذهبية',
    diamond: 'الخطة الماسية',
    platinum: 'الخطة البلاتينية',
  },
  firm: {
    complaintsText:
      'إذا كان لديكم أي استفسار بشأن هذا الكشف أو أي شكوى، يُرجى مراسلتنا على {email} مع ذكر مرجع الكشف. ونؤكد استلام الشكاوى خلال 5 أيام عمل.',
    valuationSource: 'دفتر الأستاذ لدى Liquid Capital، بالدولار الأمريكي',
    valuationText:
      'تُسجل الأرصدة والحركات بالدولار الأمريكي. ويُبين كل إيداع أو سحب بالأصول الرقمية كمية الأصل وسعر الدولار الأمريكي المطبق، الذي أُخذ من المصدر المذكور في الطلب عند تقييمه.',
  },
} satisfies StatementWords;

export default ar;
