/** The site's frame in Arabic; keys and placeholders are English's (./en.ts). */
import type { Catalog } from './en';

const ar = {
  document: {
    skipToContent: 'الانتقال إلى المحتوى الرئيسي',
    titleTemplate: '{page} | Liquid Capital',
    homeTitle: 'Liquid Capital | مأسسة الأصول الرقمية',
    siteDescription:
      'Liquid Capital مزود سيولة وصانع سوق للأصول الرقمية، يقدم للمؤسسات والأفراد من ذوي الملاءة المالية العالية الإقراض المضمون بالأصول وإدارة الأصول والتنفيذ خارج البورصة والحفظ الآمن.',
    tagline: 'مأسسة الأصول الرقمية',
    imageAlt: 'Liquid Capital: مأسسة الأصول الرقمية',
  },
  logo: { home: 'الصفحة الرئيسية' },
  nav: {
    home: 'الرئيسية',
    about: 'من نحن',
    services: 'الخدمات',
    loan: 'القروض',
    assetManagement: 'إدارة الأصول',
    signIn: 'تسجيل الدخول',
    myAccount: 'حسابي',
    contact: 'اتصلوا بنا',
    terms: 'شروط الخدمة',
    privacy: 'سياسة الخصوصية',
    cookies: 'سياسة ملفات تعريف الارتباط',
    mainLabel: 'القائمة الرئيسية',
    mobileLabel: 'قائمة الهاتف المحمول',
    menuLabel: 'القائمة',
    openMenu: 'فتح القائمة',
    closeMenu: 'إغلاق القائمة',
  },
  language: {
    label: 'اللغة',
    current: 'اللغة الحالية',
  },
  footer: {
    interested: 'هل أنتم مهتمون بخدمات {name}؟',
    pitch: 'تحدثوا إلى فريقنا بشأن السيولة أو الإقراض أو المحافظ الاستثمارية المدارة.',
    explore: 'استكشفوا',
    exploreLabel: 'تذييل الصفحة',
    office: 'المكتب',
    getInTouch: 'تواصلوا معنا',
    opensInNewTab: '(يفتح في علامة تبويب جديدة)',
    rights: '© {year} {name}. جميع الحقوق محفوظة.',
    legalLabel: 'معلومات قانونية',
  },
  office: {
    lines: ['الطابق 19، برج إنترناشونال فاينانس سنتر 2', '8 شارع فاينانس، سنترال', 'هونغ كونغ'],
  },
  disclosures: {
    title: 'المعلومات التنظيمية',
    providedBy: 'الجهة المقدمة للخدمات: {entity}.',
    licence: 'الترخيص',
    registration: 'رقم تسجيل الشركة',
    regulator: 'الجهة الرقابية',
    riskWarning: 'تحذير من المخاطر:',
    toFill: 'للاستكمال:',
  },
  legal: {
    eyebrow: 'معلومات قانونية',
    lastUpdated: 'آخر تحديث:',
    onThisPage: 'في هذه الصفحة',
    englishPrevails:
      'يُنشر هذا النص أيضًا باللغتين الإنجليزية والصينية التقليدية تيسيرًا للاطلاع. وفي حال وجود أي اختلاف بين النسخ، يسود النص الإنجليزي.',
  },
  notFound: {
    title: 'الصفحة غير موجودة',
    description: 'الصفحة التي تبحثون عنها غير موجودة.',
    eyebrow: 'خطأ 404',
    body: 'ربما تغير عنوان الصفحة التي تبحثون عنها أو لم تكن موجودة أصلًا. يرجى التحقق من العنوان، أو الانتقال إلى إحدى الصفحات التالية.',
  },
  sections: {
    linkAbout: 'عن {title}',
  },
  chat: {
    open: 'تحدثوا معنا',
    loading: 'جارٍ فتح المحادثة…',
    failed: 'المحادثة غير متاحة، يرجى المحاولة مجددًا',
    consent: 'يفتح نافذة مزود خدمة المحادثة لدينا (tawk.to)، ولا يُحمَّل أي جزء منها قبل النقر.',
  },
} satisfies Catalog;

export default ar;
