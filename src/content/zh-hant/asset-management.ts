/** The asset-management page in Traditional Chinese (Hong Kong); the shape and every link, slug, icon, symbol and plan term are English's (src/content/en/asset-management.ts). */
import { routes } from '~/config/navigation';
import type { AssetManagementContent } from '../en/asset-management';
import type { Plan } from '../types';

const PORTFOLIO_RETURNS =
  '回報由本公司每月根據投資組合的業績釐定，並記入您的利息錢包。回報並無保證，且可能為零。';
const MANDATE_RETURNS =
  '回報由本公司每月根據全權委託的業績釐定，並記入您的利息錢包。回報並無保證，且可能為零。';
const NO_FEES = '不收取認購費或贖回費。您提取資產時須支付網絡費用。';
const RISK = '數碼資產價格波動大：您的投資價值可升可跌，您取回的金額可能少於您的投資金額。';

const plans: readonly Plan[] = [
  {
    slug: 'silver',
    name: '白銀計劃',
    minimumUsd: 500,
    description: '審慎的首次配置，投資於由主要數碼資產組成的多元化組合。',
    noticeDays: 5,
    returnsText: PORTFOLIO_RETURNS,
    feesText: NO_FEES,
    riskText: RISK,
    features: ['多元化核心投資組合', '每月表現結單', '電郵及即時通訊支援'],
    href: '/user/plans?plan=silver',
  },
  {
    slug: 'gold',
    name: '黃金計劃',
    minimumUsd: 5_000,
    description: '涵蓋範圍更廣的策略，定期重新平衡，並可使用我們的場外交易團隊服務。',
    noticeDays: 5,
    returnsText: PORTFOLIO_RETURNS,
    feesText: NO_FEES,
    riskText: RISK,
    features: ['每季重新平衡', '可使用場外交易團隊服務', '優先支援'],
    href: '/user/plans?plan=gold',
    featured: true,
  },
  {
    slug: 'diamond',
    name: '鑽石計劃',
    minimumUsd: 25_000,
    description: '主動管理的全權委託，並配備專屬客戶經理。',
    noticeDays: 10,
    returnsText: MANDATE_RETURNS,
    feesText: NO_FEES,
    riskText: RISK,
    features: ['主動風險管理', '專屬客戶經理', '度身訂造的報告'],
    href: '/user/plans?plan=diamond',
  },
  {
    slug: 'platinum',
    name: '白金計劃',
    minimumUsd: 50_000,
    description: '我們最全面的服務，結合度身訂造的策略、借貸及庫務顧問服務。',
    noticeDays: 30,
    returnsText: MANDATE_RETURNS,
    feesText: NO_FEES,
    riskText: RISK,
    features: ['度身訂造的策略設計', '可使用資產抵押借貸', '兼顧稅務考量的庫務顧問服務'],
    href: '/user/plans?plan=platinum',
  },
];

const assetManagement: AssetManagementContent = {
  meta: {
    title: '資產管理',
    description:
      '數碼資產投資組合策略，提供法定貨幣與加密資產兌換通道、場外交易、冷儲存託管，以及500美元起的白銀、黃金、鑽石及白金計劃。',
  },
  hero: {
    eyebrow: '數碼資產管理',
    title: '無縫進入數碼資產世界',
    lead: '為機構及私人投資者而設的投資組合策略：由法定貨幣邁向數碼資產的嚴謹途徑，託管、交易執行及風險監察均由同一團隊負責。',
    cta: { label: '瀏覽計劃', href: '#plans' },
  },
  assetsTitle: '資產',
  assets: [
    { slug: 'bitcoin', name: '比特幣', symbol: 'BTC' },
    { slug: 'ethereum', name: '以太坊', symbol: 'ETH' },
    { slug: 'tether', name: '泰達幣', symbol: 'USDT' },
    { slug: 'ripple', name: '瑞波幣', symbol: 'XRP' },
    { slug: 'usdc', name: 'USDC', symbol: 'USDC' },
  ],
  assetsNote: '更多資產即將加入',
  productsIntro: {
    eyebrow: '產品',
    title: '機構資產配置所需，一應俱全',
    lead: '由首筆法定貨幣轉賬以至每日風險報告，同一交易團隊處理您投資組合的整個周期。',
  },
  products: [
    {
      slug: 'fiat-crypto-onramp',
      icon: 'onramp',
      title: '法定貨幣與加密資產兌換通道',
      body: '透過以可靠及快捷為準則而選定的銀行夥伴及結算渠道，在主要法定貨幣與數碼資產之間轉換。',
    },
    {
      slug: 'otc-trading',
      icon: 'exchange',
      title: '場外交易',
      body: '大宗交易以私下方式報價及結算，不經公開訂單簿，並就大額交易提供確定報價。',
    },
    {
      slug: 'execution',
      icon: 'execution',
      title: '交易執行',
      body: '按照既定的最佳執行政策，將訂單傳遞至多個聚合流動性池，並提供完全透明的交易後資料。',
    },
    {
      slug: 'risk-infrastructure',
      icon: 'risk',
      title: '機構級風險管理基礎設施',
      body: '即時監察風險承擔，按客戶及按資產設定限額，並對我們執行的每項策略進行獨立監督。',
    },
  ],
  custodyIntro: {
    eyebrow: '託管',
    title: '安全託管',
    lead: '客戶資產獨立分隔，絕大部分以離線方式持有，並只可在任何單一人士均無法凌駕的監控措施下調動。',
  },
  custodyItems: [
    {
      slug: 'cold-storage',
      icon: 'lock',
      title: '冷儲存',
      body: '絕大部分客戶資產以冷儲存方式持有：私鑰於離線環境生成，並保管於地理上分隔且設有門禁管制的地點，只有結算所需的營運結餘會保留在線。',
    },
    {
      slug: 'multi-level-approval',
      icon: 'approval',
      title: '多層審批',
      body: '每項提取及轉賬均須由不同團隊獨立審批，並設有地址白名單、異常調動的時間鎖及完整的審計追蹤紀錄。',
    },
    {
      slug: 'market-access',
      icon: 'market',
      title: '市場准入',
      body: '託管中的資產毋須離開我們受控的環境，即可進行交易、作抵押品質押或重新平衡，把握機遇之餘無損安全。',
    },
  ],
  howIntro: { eyebrow: '開始使用', title: '運作方式' },
  howItWorks: [
    {
      slug: 'fill-out-form',
      title: '填寫表格',
      body: '告訴我們您的投資目標及擬配置的資金。客戶經理將於一個工作天內回覆。',
    },
    {
      slug: 'explore-plans',
      title: '瀏覽我們的計劃',
      body: '與您的客戶經理一同審視白銀、黃金、鑽石及白金計劃，並選擇切合您投資年期的計劃。',
    },
    {
      slug: 'maximise-portfolio',
      title: '盡展投資組合潛力',
      body: '向您的帳戶存入資金，並在儀表板上追蹤投資表現；交易執行、託管及風險管理則由我們的交易團隊負責。',
    },
  ],
  plansIntro: {
    eyebrow: '計劃',
    title: '選擇您的計劃',
    lead: '每個計劃均包括分隔託管、經由我們交易團隊執行交易及即時儀表板。登入即可開始。',
  },
  plans,
  planCard: {
    from: '最低投資額',
    noticePeriod: '通知期',
    returns: '回報',
    fees: '費用',
    risk: '風險',
    choose: '選擇{plan}',
    noticeOnAcceptance: '贖回申請獲接納後即支付款項',
    noticeWithin: { one: '贖回款項於{count}日內支付', other: '贖回款項於{count}日內支付' },
  },
  finalCta: {
    title: '準備好讓您的資金發揮作用？',
    lead: '立即與我們的交易團隊商討您投資組合的流動性安排。',
    cta: { label: '獲取流動性', href: routes.assetManagement },
  },
};

export default assetManagement;
