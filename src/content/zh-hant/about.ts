/** The about page in Traditional Chinese (Hong Kong); the shape and every link, slug and icon are English's (src/content/en/about.ts). */
import { routes } from '~/config/navigation';
import type { AboutContent } from '../en/about';

const about: AboutContent = {
  meta: {
    title: '關於我們',
    description: '認識我們：數碼資產流動性提供者及市場莊家，為數碼資產引入機構級的流動性、借貸及託管標準。',
  },
  hero: {
    eyebrow: '關於Liquid Capital',
    title: '推動數碼資產機構化',
    lead: '我們是流動性提供者及市場莊家，服務有意把握數碼資產機遇、同時堅守傳統金融標準的機構及高淨值人士。',
  },
  rise: {
    eyebrow: '我們的故事',
    title: '數碼資產的崛起',
    paragraphs: [
      '短短十餘年間，數碼資產已由一項實驗發展為企業庫務、退休基金及家族辦公室均有持有的資產類別。受規管的交易所買賣產品、代幣化證券及穩定幣結算，如今已與它們當初被預期取代的市場並存。',
      '然而，相關基礎設施未能一直與之同步發展。流動性分散、託管標準參差及信貸供應短缺，至今仍令不少認真的投資者持觀望態度，或迫使他們承受在其他市場絕不會接受的風險。',
      'Liquid Capital正是為填補這一缺口而創立：為這個值得更高標準的市場，帶來深度流動性、審慎借貸、分隔託管及問責分明的服務。',
    ],
  },
  pillarsIntro: { eyebrow: '我們的指導原則', title: '願景、使命、團隊及優勢' },
  pillars: [
    {
      slug: 'vision',
      icon: 'vision',
      title: '願景',
      body: '建立一個金融體系，讓數碼資產在持有、融資及交易各方面，均享有與其他機構資產同等的信心、透明度及保障。',
    },
    {
      slug: 'mission',
      icon: 'mission',
      title: '使命',
      body: '為客戶提供可靠的流動性、信貸及專業數碼資產管理服務，以嚴謹紀律執行，並以坦誠態度匯報。',
    },
    {
      slug: 'team',
      icon: 'team',
      title: '團隊',
      body: '我們的交易員、信貸主任、工程師及合規專家來自投資銀行、資產管理公司及領先的數碼資產企業，同屬一個交易團隊，緊密協作。',
    },
    {
      slug: 'edge',
      icon: 'edge',
      title: '優勢',
      body: '由逾700家專業貸款機構組成的合作網絡、橫跨多個交易場所的聚合流動性，以及建基於冷儲存及多層審批的託管模式。',
    },
  ],
  leadershipIntro: {
    eyebrow: '領導團隊',
    title: '公司管理層',
    lead: '為您的資產承擔責任的管理人員，以及他們過往的資歷。',
  },
  join: {
    title: '與專為機構而設的夥伴攜手成長',
    lead: '選擇切合您資金規模的計劃，其餘一切交由我們的交易團隊處理。',
    cta: { label: '加入我們', href: routes.assetManagement },
  },
};

export default about;
