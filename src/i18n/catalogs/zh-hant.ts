/** The site's frame in Traditional Chinese (Hong Kong); keys and placeholders are English's (./en.ts). */
import type { Catalog } from './en';

const zhHant = {
  document: {
    skipToContent: '跳至主要內容',
    titleTemplate: '{page} | Liquid Capital',
    homeTitle: 'Liquid Capital | 推動數碼資產機構化',
    siteDescription:
      'Liquid Capital為數碼資產流動性提供者及市場莊家，為機構及高淨值人士提供資產抵押借貸、資產管理、場外交易執行及安全託管服務。',
    tagline: '推動數碼資產機構化',
    imageAlt: 'Liquid Capital：推動數碼資產機構化',
  },
  logo: { home: '主頁' },
  nav: {
    home: '主頁',
    about: '關於我們',
    services: '服務',
    loan: '貸款',
    assetManagement: '資產管理',
    signIn: '登入',
    myAccount: '我的帳戶',
    contact: '聯絡我們',
    terms: '服務條款',
    privacy: '私隱政策',
    cookies: 'Cookie政策',
    mainLabel: '主選單',
    mobileLabel: '流動版選單',
    menuLabel: '選單',
    openMenu: '開啟選單',
    closeMenu: '關閉選單',
  },
  language: {
    label: '語言',
    current: '目前語言',
  },
  footer: {
    interested: '對{name}感興趣？',
    pitch: '歡迎與我們的交易團隊商討流動性、借貸或全權委託投資組合事宜。',
    explore: '瀏覽',
    exploreLabel: '頁尾',
    office: '辦事處',
    getInTouch: '與我們聯絡',
    opensInNewTab: '（於新分頁開啟）',
    rights: '© {year} {name}。保留所有權利。',
    legalLabel: '法律資訊',
  },
  office: {
    lines: ['國際金融中心二期19樓', '中環金融街8號', '香港'],
  },
  disclosures: {
    title: '監管資料',
    providedBy: '服務由{entity}提供。',
    licence: '牌照',
    registration: '公司註冊編號',
    regulator: '監管機構',
    riskWarning: '風險警告：',
    toFill: '待填：',
  },
  legal: {
    eyebrow: '法律文件',
    lastUpdated: '最後更新：',
    onThisPage: '本頁內容',
    englishPrevails: '本文件亦以英文及阿拉伯文刊發，以供參閱。如各語言版本之間有任何歧異，概以英文版本為準。',
  },
  notFound: {
    title: '找不到網頁',
    description: '您要瀏覽的網頁並不存在。',
    eyebrow: '錯誤代碼404',
    body: '您要瀏覽的網頁已遷移或從未存在。請檢查網址，或前往以下任何一個網頁。',
  },
  sections: {
    linkAbout: '有關{title}',
  },
  chat: {
    open: '與我們即時通訊',
    loading: '正在開啟即時通訊…',
    failed: '即時通訊暫時未能使用，請再試一次',
    consent: '將開啟我們即時通訊服務供應商（tawk.to）的視窗；在您點擊之前，不會載入任何相關內容。',
  },
} satisfies Catalog;

export default zhHant;
