import { routes } from '~/config/navigation';
import type { PluralForms } from '~/i18n/text';
import type { Asset, Cta, Feature, PageMetaText, Plan, SectionIntro, Step } from '../types';

const hero = {
  eyebrow: 'Digital Assets Management',
  title: 'Seamless Onramp to Digital Assets',
  lead: 'Portfolio strategies designed for institutions and private investors: a disciplined route from fiat into digital assets, with custody, execution and risk oversight handled by one team.',
  cta: { label: 'Explore Plans', href: '#plans' } satisfies Cta,
};

const assets: readonly Asset[] = [
  { slug: 'bitcoin', name: 'Bitcoin', symbol: 'BTC' },
  { slug: 'ethereum', name: 'Ethereum', symbol: 'ETH' },
  { slug: 'tether', name: 'Tether', symbol: 'USDT' },
  { slug: 'ripple', name: 'Ripple', symbol: 'XRP' },
  { slug: 'usdc', name: 'USDC', symbol: 'USDC' },
];

const assetsNote = 'More asset will be integrated';

const products: readonly Feature[] = [
  {
    slug: 'fiat-crypto-onramp',
    icon: 'onramp',
    title: 'Fiat-Crypto Onramp',
    body: 'Move between major fiat currencies and digital assets through banking partners and settlement rails chosen for reliability and speed.',
  },
  {
    slug: 'otc-trading',
    icon: 'exchange',
    title: 'OTC Trading',
    body: 'Block trades quoted and settled privately, away from public order books, with firm pricing for size.',
  },
  {
    slug: 'execution',
    icon: 'execution',
    title: 'Execution',
    body: 'Orders routed across aggregated liquidity pools under a documented best-execution policy, with full post-trade transparency.',
  },
  {
    slug: 'risk-infrastructure',
    icon: 'risk',
    title: 'Institutional-Grade Risk Infrastructure',
    body: 'Real-time exposure monitoring, limits per client and per asset, and independent oversight of every strategy we run.',
  },
];

const custodyIntro = {
  eyebrow: 'Custody',
  title: 'Secure Custody',
  lead: 'Client assets are segregated, held predominantly offline and moved only under controls that no single person can override.',
};

const custodyItems: readonly Feature[] = [
  {
    slug: 'cold-storage',
    icon: 'lock',
    title: 'Cold Storage',
    body: 'The large majority of client assets are held in cold storage: keys generated and kept offline in geographically separate, access-controlled locations, with only the working balance needed for settlement kept online.',
  },
  {
    slug: 'multi-level-approval',
    icon: 'approval',
    title: 'Multi-Level Approval',
    body: 'Every withdrawal and transfer requires independent approvals from separate teams, with address allow-lists, time locks for unusual movements and a complete audit trail.',
  },
  {
    slug: 'market-access',
    icon: 'market',
    title: 'Market Access',
    body: 'Assets in custody can be traded, pledged as collateral or rebalanced without leaving our controlled environment, so opportunity never requires compromising security.',
  },
];

const howItWorks: readonly Step[] = [
  {
    slug: 'fill-out-form',
    title: 'Fill Out the Form',
    body: 'Tell us about your objectives and the capital you wish to allocate. A relationship manager will respond within one business day.',
  },
  {
    slug: 'explore-plans',
    title: 'Explore Our Plans',
    body: 'Review the Silver, Gold, Diamond and Platinum plans with your relationship manager and choose the one that fits your horizon.',
  },
  {
    slug: 'maximise-portfolio',
    title: 'Maximise Your Portfolio',
    body: 'Fund your account and follow performance on your dashboard while our desk manages execution, custody and risk.',
  },
];

const PORTFOLIO_RETURNS =
  "Returns are set by the firm each month from the portfolio's results and posted to your Interest Wallet. They are not guaranteed and can be zero.";
const MANDATE_RETURNS =
  "Returns are set by the firm each month from the mandate's results and posted to your Interest Wallet. They are not guaranteed and can be zero.";
const NO_FEES = 'No subscription or redemption fee. Network fees apply when you withdraw.';
const RISK =
  'Digital assets are volatile: the value of your investment can fall as well as rise, and you may get back less than you invested.';

/** "/user/plans?plan=gold": the member's plan form with the plan chosen. */
const planForm = (slug: string) => `/user/plans?plan=${slug}`;

export const plans: readonly Plan[] = [
  {
    slug: 'silver',
    name: 'Silver',
    minimumUsd: 500,
    description: 'A measured first allocation to a diversified basket of leading digital assets.',
    noticeDays: 5,
    returnsText: PORTFOLIO_RETURNS,
    feesText: NO_FEES,
    riskText: RISK,
    features: ['Diversified core portfolio', 'Monthly performance statement', 'E-mail and chat support'],
    href: planForm('silver'),
  },
  {
    slug: 'gold',
    name: 'Gold',
    minimumUsd: 5_000,
    description: 'A broader strategy with periodic rebalancing and access to our OTC desk.',
    noticeDays: 5,
    returnsText: PORTFOLIO_RETURNS,
    feesText: NO_FEES,
    riskText: RISK,
    features: ['Quarterly rebalancing', 'OTC desk access', 'Priority support'],
    href: planForm('gold'),
    featured: true,
  },
  {
    slug: 'diamond',
    name: 'Diamond',
    minimumUsd: 25_000,
    description: 'An actively managed mandate with a named relationship manager.',
    noticeDays: 10,
    returnsText: MANDATE_RETURNS,
    feesText: NO_FEES,
    riskText: RISK,
    features: ['Active risk management', 'Named relationship manager', 'Bespoke reporting'],
    href: planForm('diamond'),
  },
  {
    slug: 'platinum',
    name: 'Platinum',
    minimumUsd: 50_000,
    description: 'Our most comprehensive service, combining bespoke strategy, lending and treasury advice.',
    noticeDays: 30,
    returnsText: MANDATE_RETURNS,
    feesText: NO_FEES,
    riskText: RISK,
    features: ['Bespoke strategy design', 'Access to asset-backed lending', 'Treasury and tax-aware advice'],
    href: planForm('platinum'),
  },
];

const finalCta = {
  title: 'Ready to put your capital to work?',
  lead: 'Speak to our desk about liquidity for your portfolio today.',
  cta: { label: 'Get Liquidity', href: routes.assetManagement } satisfies Cta,
};

const assetManagement = {
  meta: {
    title: 'Asset Management',
    description:
      'Digital-asset portfolio strategies with a fiat-crypto onramp, OTC trading, cold-storage custody and plans from $500: Silver, Gold, Diamond and Platinum.',
  } satisfies PageMetaText,
  hero,
  assetsTitle: 'Assets',
  assets,
  assetsNote,
  productsIntro: {
    eyebrow: 'Products',
    title: 'Everything an institutional allocation needs',
    lead: 'From the first fiat transfer to daily risk reports, one desk handles the full life of your portfolio.',
  } satisfies SectionIntro,
  products,
  custodyIntro,
  custodyItems,
  howIntro: { eyebrow: 'Getting started', title: 'How it works' } satisfies SectionIntro,
  howItWorks,
  plansIntro: {
    eyebrow: 'Plans',
    title: 'Choose your plan',
    lead: 'Every plan includes segregated custody, execution through our desk and a live dashboard. Sign in to get started.',
  } satisfies SectionIntro,
  plans,
  /** The words around each plan card's terms (components/sections/PlanCards.astro). */
  planCard: {
    from: 'From',
    noticePeriod: 'Notice period',
    returns: 'Returns',
    fees: 'Fees',
    risk: 'Risk',
    /** {plan} is the plan's name. */
    choose: 'Choose {plan}',
    noticeOnAcceptance: 'Redemptions paid once accepted',
    /** {count} is the number of days. */
    noticeWithin: {
      one: 'Redemptions paid within {count} day',
      other: 'Redemptions paid within {count} days',
    } as PluralForms,
  },
  finalCta,
};

export type AssetManagementContent = typeof assetManagement;
export default assetManagement;
