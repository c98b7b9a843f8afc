/** The loan page in Traditional Chinese (Hong Kong); the shape and every link and slug are English's (src/content/en/loan.ts). */
import { routes } from '~/config/navigation';
import type { LoanContent } from '../en/loan';

const loan: LoanContent = {
  meta: {
    title: '貸款',
    description:
      '透過由逾700家專業貸款機構組成的合作網絡，提供項目及企業融資：債務、股權、項目、營運資金、過渡性、夾層及延伸融資。',
  },
  hero: {
    eyebrow: '借貸',
    title: '專為借款人而設的數碼借貸平台',
    lead: '透過由逾700家專業對沖基金、家族辦公室及私人貸款機構組成的合作網絡，提供全方位的項目及企業融資服務。以上市股份作抵押的融資，最快可於10日內完成撥款。',
    cta: { label: '與我們聯絡', href: routes.contact },
  },
  financingIntro: {
    eyebrow: '全方位融資服務',
    title: '融資類型',
    lead: '無論採用何種結構，我們都能為您物色所需資金。我們的合作網絡涵蓋整個資本結構。',
  },
  financingTypes: [
    {
      slug: 'debt',
      title: '債務融資',
      body: '優先有抵押貸款及資產抵押貸款，包括以數碼資產及上市股份作抵押的信貸。',
    },
    {
      slug: 'equity',
      title: '股權融資',
      body: '來自熟悉您所屬行業的投資者的增長資本及策略資本。',
    },
    {
      slug: 'project',
      title: '項目融資',
      body: '以現金流為基礎的長期資金，適用於基建、能源及房地產項目。',
    },
    {
      slug: 'working-capital',
      title: '營運資金融資',
      body: '協助平衡應收賬款、存貨及季節性現金需求的融資安排。',
    },
    {
      slug: 'bridge',
      title: '過渡性融資',
      body: '短期資金，支持交易直至取得長期融資或完成退出。',
    },
    {
      slug: 'mezzanine',
      title: '夾層融資',
      body: '附帶股權特點的次級債務，用以完善資本結構。',
    },
    {
      slug: 'stretch',
      title: '延伸融資',
      body: '為現金流穩健且可預測的借款人提供較高槓桿的優先融資安排。',
    },
  ],
  startIntro: { eyebrow: '三個步驟', title: '開展您的融資' },
  fundingStart: [
    {
      slug: 'get-in-touch',
      title: '與我們聯絡',
      body: '簡述您的業務、所需金額，以及相關的抵押品或項目。',
    },
    {
      slug: 'get-approved',
      title: '獲得批核',
      body: '我們會為您的申請配對合作網絡中合適的貸款機構，並向您提供指示性條款。',
    },
    {
      slug: 'receive-funds',
      title: '收取資金',
      body: '完成盡職審查及相關文件後，資金將撥入您的帳戶。',
    },
  ],
  processIntro: {
    eyebrow: '由申請至撥款',
    title: '我們的融資流程',
    lead: '八個步驟，次序始終如一，讓您隨時掌握申請進度。',
  },
  fundingProcess: [
    {
      slug: 'initial-documentation',
      title: '初步文件',
      body: '您提供業務或項目概要、財務報表及擬提供抵押品的詳情。',
    },
    {
      slug: 'initial-review',
      title: '初步審閱',
      body: '我們的信貸團隊評估申請是否完備，以及是否切合合作網絡中貸款機構的要求。',
    },
    {
      slug: 'indicative-terms',
      title: '指示性條款（初步批核）',
      body: '有意的貸款機構提供指示性條款，包括金額、年期、定價及主要條件。',
    },
    {
      slug: 'presenting-indicative-terms',
      title: '向客戶提交指示性條款',
      body: '我們向您提交並解釋指示性條款，並在適當情況下代表您進行磋商。',
    },
    {
      slug: 'engagement',
      title: '正式委聘',
      body: '您透過條款清晰的委聘書，委託我們與選定的貸款機構推進交易。',
    },
    {
      slug: 'due-diligence',
      title: '盡職審查、風險評估及信貸審批',
      body: '貸款機構核實資料、評估風險並完成信貸審批。',
    },
    {
      slug: 'final-offer',
      title: '提交最終要約',
      body: '我們向您提交具約束力的最終要約，供您與您的顧問一同審閱。',
    },
    {
      slug: 'funding',
      title: '撥款',
      body: '簽署文件並達成各項條件後，即發放資金。',
    },
  ],
  advantagesIntro: { eyebrow: '為何向我們借貸', title: '我們的優勢' },
  advantages: [
    {
      slug: 'global-accessibility',
      icon: 'globe',
      title: '全球覆蓋',
      body: '透過單一而經驗豐富的團隊，連繫不同司法管轄區的借款人與貸款機構。',
    },
    {
      slug: 'security',
      icon: 'shield',
      title: '安全保障',
      body: '抵押品以分隔的冷儲存方式託管，每次調動均須經多層審批。',
    },
    {
      slug: 'integrated-account-management',
      icon: 'dashboard',
      title: '綜合帳戶管理',
      body: '融資安排、抵押品及結單盡在同一帳戶一覽無遺，並有專屬客戶經理隨時聯絡。',
    },
    {
      slug: 'savings',
      icon: 'savings',
      title: '節省成本',
      body: '由逾700家貸款機構提供具競爭力的條款，您毋須出售您看好的資產。',
    },
  ],
  sectorsIntro: {
    eyebrow: '行業',
    title: '我們融資的行業',
    lead: '我們的貸款機構為傳統資產及專門資產提供融資。',
  },
  sectors: [
    '房地產',
    '酒店',
    '基建',
    '採礦',
    '可再生能源',
    '電動車',
    '貿易融資',
    '水產養殖',
    '大麻',
    '體育會',
    '主題公園',
    '商場',
    '垂直農業',
    '最後一公里配送',
    '藝術品',
    '飛機',
    '寶石',
    '上市股份及上市股份抵押貸款',
    '探險旅遊',
    '古董博物館',
    '其他各類行業',
  ],
  finalCta: {
    title: '告訴我們您的融資需要',
    lead: '信貸專員將審閱您的申請，並於一個工作天內回覆。',
    cta: { label: '與我們聯絡', href: routes.contact },
  },
};

export default loan;
