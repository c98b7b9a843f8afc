/** The home page in Traditional Chinese (Hong Kong); the shape and every link, slug and icon are English's (src/content/en/home.ts). */
import { routes } from '~/config/navigation';
import type { HomeContent } from '../en/home';

const home: HomeContent = {
  meta: {
    description:
      'Liquid Capital為數碼資產流動性提供者及市場莊家，為機構提供經逾700家貸款機構安排的資產抵押借貸、投資組合管理、場外交易執行及冷儲存託管。',
  },
  hero: {
    eyebrow: '流動性提供者及市場莊家',
    title: '推動數碼資產機構化',
    lead: 'Liquid Capital將機構金融的嚴謹紀律引入數碼資產領域，為機構及高淨值人士提供深度流動性、資產抵押借貸及專業管理的投資組合。',
    cta: { label: '獲取流動性', href: routes.loan },
    secondary: { label: '聯絡我們', href: routes.contact },
  },
  statsLabel: '主要數據',
  stats: [
    { value: '700+', label: '專業對沖基金、家族辦公室及私人貸款機構加入我們的合作網絡' },
    { value: '10日', label: '以上市股份作抵押的貸款，最快可於此期間內完成撥款' },
    { value: '冷儲存', label: '資產託管，每次調動均須經多層審批' },
  ],
  servicesIntro: {
    eyebrow: '業務範疇',
    title: '我們的服務',
    lead: '兩大業務，同一服務標準：按您的資產安排信貸，並按您的目標管理投資組合。',
  },
  services: [
    {
      slug: 'lending',
      icon: 'lending',
      title: '借貸',
      body: '以數碼資產作抵押的貸款及項目融資，透過由逾700家專業對沖基金、家族辦公室及私人貸款機構組成的合作網絡安排，並按您的資產負債表度身訂造，而非套用標準範本。',
      href: routes.loan,
      linkLabel: '了解更多',
    },
    {
      slug: 'asset-management',
      icon: 'portfolio',
      title: '數碼資產管理',
      body: '結合機構級託管、場外交易執行及風險監察的數碼資產投資組合策略，由首次配置以至全權委託管理，一應俱全。',
      href: routes.assetManagement,
      linkLabel: '了解更多',
    },
  ],
  conciergeIntro: {
    eyebrow: '禮賓服務',
    title: '精選禮賓服務',
    lead: '由一位資深專責聯絡人照顧您數碼資產事務的每個環節，並由跨時區運作的交易團隊全力支援。',
  },
  conciergeServices: [
    {
      slug: 'advisory',
      icon: 'advisory',
      title: '顧問服務',
      body: '就資產配置、庫務政策及市場結構提供獨立意見，確保您作出每項數碼資產決策時，均清楚掌握其中風險。',
    },
    {
      slug: 'wealth-management',
      icon: 'wealth',
      title: '財富管理',
      body: '長遠規劃，將數碼資產與家族或企業資產負債表的其他部分整合，並提供可供您的會計師直接使用的報告。',
    },
    {
      slug: 'liquidity-provision',
      icon: 'liquidity',
      title: '流動性提供',
      body: '為大額交易提供雙向報價及大宗流動性，從多個聚合流動性池調配，將滑價及資訊外洩減至最低。',
    },
    {
      slug: 'otc-trading',
      icon: 'exchange',
      title: '場外交易',
      body: '低調審慎的場外交易團隊，處理大額訂單及法定貨幣結算，提供確定報價，並可以主要貨幣及穩定幣於同日完成結算。',
    },
  ],
  liquidityIntro: {
    eyebrow: '為何選擇Liquid Capital',
    title: '深度流動性，以嚴謹紀律實踐',
    lead: '我們兼具市場莊家的廣泛覆蓋與可具體展示的監控措施：每筆付款及每項結餘更正，均須經兩人審批。資金調動迅速，風險管理審慎周詳。',
    primary: { label: '與我們聯絡', href: routes.contact },
    secondary: { label: '獲取流動性', href: routes.assetManagement },
  },
  liquidityFeatures: [
    {
      slug: 'deep-liquidity',
      icon: 'liquidity',
      title: '深度流動性',
      body: '接通橫跨多個交易場所及交易對手的聚合流動性池，令機構規模的訂單得以成交而不影響市價。',
    },
    {
      slug: 'lending',
      icon: 'lending',
      title: '借貸',
      body: '以數碼資產及上市證券作抵押的信貸，透過由逾700家貸款機構組成的合作網絡安排，並按您所持的抵押品定價。',
    },
    {
      slug: 'protocol',
      icon: 'protocol',
      title: '尖端技術協定',
      body: '專為定價、結算及對賬而設的基礎設施，全天候監察，並按既定程序接受審計。',
    },
    {
      slug: 'risk-management',
      icon: 'risk',
      title: '風險管理',
      body: '抵押品持續按市值計價，配合審慎的貸款與估值比率上限及預先協定的保證金程序，一切有章可循，絕不臨場應變。',
    },
    {
      slug: 'client-service',
      icon: 'client',
      title: '專屬客戶服務',
      body: '每位客戶均有專屬客戶經理，並可直接聯絡交易團隊，毋須在工單系統中輪候。',
    },
    {
      slug: 'execution',
      icon: 'execution',
      title: '交易執行',
      body: '我們為您處理的每宗交易，均採用最佳執行政策及智能訂單路由，並提供透明的交易後報告。',
    },
  ],
};

export default home;
