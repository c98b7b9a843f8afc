/**
 * The asset-management page in Arabic; the shape and every link, slug, icon, symbol and plan term
 * (minimum, notice days, featured) are English's (src/content/en/asset-management.ts). The plan texts
 * translate the English ones, which prevail (the legal pages say so).
 */
import { routes } from '~/config/navigation';
import type { Plan } from '../types';
import type { PluralForms } from '~/i18n/text';
import type { AssetManagementContent } from '../en/asset-management';

const PORTFOLIO_RETURNS =
  'تحدد الشركة العوائد شهريًا بناءً على نتائج المحفظة الاستثمارية وتضيفها إلى محفظة الفوائد الخاصة بكم. والعوائد غير مضمونة وقد تكون صفرًا.';
const MANDATE_RETURNS =
  'تحدد الشركة العوائد شهريًا بناءً على نتائج تفويض الإدارة وتضيفها إلى محفظة الفوائد الخاصة بكم. والعوائد غير مضمونة وقد تكون صفرًا.';
const NO_FEES = 'لا توجد رسوم اشتراك أو استرداد. وتسري رسوم الشبكة عند السحب.';
const RISK =
  'الأصول الرقمية متقلبة: فقد تنخفض قيمة استثماركم كما قد ترتفع، وقد تستردون مبلغًا أقل مما استثمرتموه.';

/** "/user/plans?plan=gold": the member's plan form with the plan chosen. */
const planForm = (slug: string) => `/user/plans?plan=${slug}`;

export const plans: readonly Plan[] = [
  {
    slug: 'silver',
    name: 'الفضية',
    minimumUsd: 500,
    description: 'تخصيص أولي مدروس لسلة متنوعة من الأصول الرقمية الرائدة.',
    noticeDays: 5,
    returnsText: PORTFOLIO_RETURNS,
    feesText: NO_FEES,
    riskText: RISK,
    features: ['محفظة أساسية متنوعة', 'كشف أداء شهري', 'الدعم عبر البريد الإلكتروني والمحادثة'],
    href: planForm('silver'),
  },
  {
    slug: 'gold',
    name: 'الذهبية',
    minimumUsd: 5_000,
    description:
      'استراتيجية أوسع نطاقًا مع إعادة توازن دورية وإمكانية الوصول إلى مكتب التداول خارج البورصة لدينا.',
    noticeDays: 5,
    returnsText: PORTFOLIO_RETURNS,
    feesText: NO_FEES,
    riskText: RISK,
    features: ['إعادة توازن ربع سنوية', 'الوصول إلى مكتب التداول خارج البورصة', 'دعم ذو أولوية'],
    href: planForm('gold'),
    featured: true,
  },
  {
    slug: 'diamond',
    name: 'الماسية',
    minimumUsd: 25_000,
    description: 'تفويض إدارة نشطة مع مدير علاقات محدد بالاسم.',
    noticeDays: 10,
    returnsText: MANDATE_RETURNS,
    feesText: NO_FEES,
    riskText: RISK,
    features: ['إدارة نشطة للمخاطر', 'مدير علاقات محدد بالاسم', 'تقارير مصممة حسب الطلب'],
    href: planForm('diamond'),
  },
  {
    slug: 'platinum',
    name: 'البلاتينية',
    minimumUsd: 50_000,
    description:
      'خدمتنا الأكثر شمولًا، إذ تجمع بين استراتيجية مصممة حسب الطلب والإقراض والمشورة في شؤون الخزينة.',
    noticeDays: 30,
    returnsText: MANDATE_RETURNS,
    feesText: NO_FEES,
    riskText: RISK,
    features: [
      'تصميم استراتيجية حسب الطلب',
      'الوصول إلى الإقراض المضمون بالأصول',
      'مشورة في شؤون الخزينة تراعي الاعتبارات الضريبية',
    ],
    href: planForm('platinum'),
  },
];

/**
 * Arabic's six plural forms. A separate constant: English's type has only `one` and `other`, and an
 * object literal written in place would be refused for its extra keys; `plural()` reads them all.
 */
const noticeWithin = {
  zero: 'تُدفع طلبات الاسترداد خلال {count} يوم',
  one: 'تُدفع طلبات الاسترداد خلال يوم واحد',
  two: 'تُدفع طلبات الاسترداد خلال يومين',
  few: 'تُدفع طلبات الاسترداد خلال {count} أيام',
  many: 'تُدفع طلبات الاسترداد خلال {count} يومًا',
  other: 'تُدفع طلبات الاسترداد خلال {count} يوم',
} satisfies PluralForms;

const assetManagement: AssetManagementContent = {
  meta: {
    title: 'إدارة الأصول',
    description:
      'محافظ للأصول الرقمية مع بوابة تحويل من العملات الورقية، وتداول خارج البورصة، وحفظ بالتخزين البارد، وخطط تبدأ من 500 دولار: الفضية والذهبية والماسية والبلاتينية.',
  },
  hero: {
    eyebrow: 'إدارة الأصول الرقمية',
    title: 'مدخل سلس إلى الأصول الرقمية',
    lead: 'استراتيجيات للمحافظ الاستثمارية مصممة للمؤسسات والمستثمرين من الأفراد: مسار منضبط من العملات الورقية إلى الأصول الرقمية، يتولى فيه فريق واحد الحفظ والتنفيذ والرقابة على المخاطر.',
    cta: { label: 'استكشفوا الخطط', href: '#plans' },
  },
  assetsTitle: 'الأصول',
  assets: [
    { slug: 'bitcoin', name: 'بيتكوين', symbol: 'BTC' },
    { slug: 'ethereum', name: 'إيثريوم', symbol: 'ETH' },
    { slug: 'tether', name: 'تيثر', symbol: 'USDT' },
    { slug: 'ripple', name: 'ريبل', symbol: 'XRP' },
    { slug: 'usdc', name: 'USDC', symbol: 'USDC' },
  ],
  assetsNote: 'سندرج المزيد من الأصول مستقبلًا',
  productsIntro: {
    eyebrow: 'المنتجات',
    title: 'كل ما يحتاجه التخصيص المؤسسي',
    lead: 'من أول تحويل بالعملات الورقية إلى تقارير المخاطر اليومية، يتولى فريق واحد دورة حياة محفظتكم الاستثمارية بالكامل.',
  },
  products: [
    {
      slug: 'fiat-crypto-onramp',
      icon: 'onramp',
      title: 'بوابة التحويل من العملات الورقية إلى الأصول المشفرة',
      body: 'تنقلوا بين العملات الورقية الرئيسية والأصول الرقمية عبر شركاء مصرفيين وقنوات تسوية اخترناها لموثوقيتها وسرعتها.',
    },
    {
      slug: 'otc-trading',
      icon: 'exchange',
      title: 'التداول خارج البورصة (OTC)',
      body: 'صفقات كبيرة نسعرها ونسويها بصورة خاصة بعيدًا عن دفاتر الأوامر العامة، بأسعار ملزمة للأحجام الكبيرة.',
    },
    {
      slug: 'execution',
      icon: 'execution',
      title: 'التنفيذ',
      body: 'توجيه الأوامر عبر مجمعات سيولة موحدة بموجب سياسة موثقة لتحقيق أفضل تنفيذ، مع شفافية كاملة لما بعد التداول.',
    },
    {
      slug: 'risk-infrastructure',
      icon: 'risk',
      title: 'بنية تحتية مؤسسية لإدارة المخاطر',
      body: 'مراقبة آنية للانكشاف، وحدود لكل عميل ولكل أصل، ورقابة مستقلة على كل استراتيجية نديرها.',
    },
  ],
  custodyIntro: {
    eyebrow: 'الحفظ',
    title: 'الحفظ الآمن',
    lead: 'نفصل أصول العملاء ونحفظ معظمها دون اتصال بالإنترنت، ولا ننقلها إلا بموجب ضوابط لا يستطيع أي شخص بمفرده تجاوزها.',
  },
  custodyItems: [
    {
      slug: 'cold-storage',
      icon: 'lock',
      title: 'التخزين البارد',
      body: 'نحفظ الغالبية العظمى من أصول العملاء في التخزين البارد: إذ يجري توليد المفاتيح وحفظها دون اتصال بالإنترنت في مواقع منفصلة جغرافيًا وخاضعة لضوابط الدخول، ولا نبقي متصلًا بالإنترنت إلا الرصيد التشغيلي اللازم للتسوية.',
    },
    {
      slug: 'multi-level-approval',
      icon: 'approval',
      title: 'الموافقة متعددة المستويات',
      body: 'تتطلب كل عملية سحب أو تحويل موافقات مستقلة من فرق منفصلة، مع قوائم معتمدة للعناوين، ومهل زمنية للعمليات غير المعتادة، وسجل تدقيق كامل.',
    },
    {
      slug: 'market-access',
      icon: 'market',
      title: 'الوصول إلى الأسواق',
      body: 'يمكن تداول الأصول المحفوظة لدينا أو رهنها ضمانًا أو إعادة توازنها دون مغادرة بيئتنا الخاضعة للرقابة، فلا يتطلب اغتنام الفرص أي تنازل عن الأمان.',
    },
  ],
  howIntro: { eyebrow: 'البدء', title: 'آلية العمل' },
  howItWorks: [
    {
      slug: 'fill-out-form',
      title: 'املؤوا النموذج',
      body: 'أخبرونا بأهدافكم ورأس المال الذي ترغبون في تخصيصه، وسيرد عليكم مدير علاقات خلال يوم عمل واحد.',
    },
    {
      slug: 'explore-plans',
      title: 'استكشفوا خططنا',
      body: 'راجعوا مع مدير العلاقات الخاص بكم الخطط الفضية والذهبية والماسية والبلاتينية، واختاروا الخطة التي تناسب أفقكم الاستثماري.',
    },
    {
      slug: 'maximise-portfolio',
      title: 'ارتقوا بمحفظتكم الاستثمارية',
      body: 'أودعوا الأموال في حسابكم وتابعوا الأداء عبر لوحة المعلومات، بينما يتولى فريقنا التنفيذ والحفظ وإدارة المخاطر.',
    },
  ],
  plansIntro: {
    eyebrow: 'الخطط',
    title: 'اختاروا خطتكم',
    lead: 'تشمل كل خطة حفظًا منفصلًا للأصول، وتنفيذًا عبر مكتبنا، ولوحة معلومات مباشرة. سجلوا الدخول للبدء.',
  },
  plans,
  planCard: {
    from: 'ابتداءً من',
    noticePeriod: 'مدة الإشعار',
    returns: 'العوائد',
    fees: 'الرسوم',
    risk: 'المخاطر',
    choose: 'اختيار الخطة {plan}',
    noticeOnAcceptance: 'تُدفع طلبات الاسترداد فور قبولها',
    noticeWithin,
  },
  finalCta: {
    title: 'هل أنتم مستعدون لاستثمار رأس مالكم؟',
    lead: 'تحدثوا اليوم إلى فريقنا بشأن السيولة لمحفظتكم الاستثمارية.',
    cta: { label: 'احصلوا على السيولة', href: routes.assetManagement },
  },
};

export default assetManagement;
