import { routes } from '~/config/navigation';
import type { Cta, Feature, Step } from './types';

export const assetHero = {
  eyebrow: 'Digital Assets Management',
  title: 'Seamless Onramp to Digital Assets',
  lead: 'Portfolio strategies designed for institutions and private investors: a disciplined route from fiat into digital assets, with custody, execution and risk oversight handled by one team.',
  cta: { label: 'Explore Plans', href: '#plans' } satisfies Cta,
} as const;

export interface Asset {
  slug: string;
  name: string;
  symbol: string;
}

export const assets: readonly Asset[] = [
  { slug: 'bitcoin', name: 'Bitcoin', symbol: 'BTC' },
  { slug: 'ethereum', name: 'Ethereum', symbol: 'ETH' },
  { slug: 'tether', name: 'Tether', symbol: 'USDT' },
  { slug: 'ripple', name: 'Ripple', symbol: 'XRP' },
  { slug: 'usdc', name: 'USDC', symbol: 'USDC' },
];

export const assetsNote = 'More asset will be integrated';

export const products: readonly Feature[] = [
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

export const custodyIntro = {
  title: 'Secure Custody',
  lead: 'Client assets are segregated, held predominantly offline and moved only under controls that no single person can override.',
} as const;

export const custodyItems: readonly Feature[] = [
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

export const howItWorks: readonly Step[] = [
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

/**
 * A plan as the public card shows it. The terms (minimum, description, notice period, returns, fees,
 * risk) are the values the database holds in public.plans (migration 20261121000450, changed only by
 * an approved plan_terms proposal); supabase/tests/plans.test.ts compares them word for word.
 */
export interface Plan {
  slug: string;
  name: string;
  /** Minimum in whole US dollars; formatted for display with formatUsd. */
  minimumUsd: number;
  description: string;
  /** Redemptions are paid within this many days of the request. */
  noticeDays: number;
  /** How returns are set and paid (never promised). */
  returnsText: string;
  feesText: string;
  riskText: string;
  features: readonly string[];
  /** The member's plan form with this plan chosen (a visitor signs in first and comes back). */
  href: string;
  featured?: boolean;
}

const PORTFOLIO_RETURNS =
  "Returns are set by the firm each month from the portfolio's results and posted to your Interest Wallet. They are not guaranteed and can be zero.";
const MANDATE_RETURNS =
  "Returns are set by the firm each month from the mandate's results and posted to your Interest Wallet. They are not guaranteed and can be zero.";
const NO_FEES = 'No subscription or redemption fee. Network fees apply when you withdraw.';
const RISK =
  'Digital assets are volatile: the value of your investment can fall as well as rise, and you may get back less than you invested.';

/** "/user/plans?plan=gold": the member's plan form with the plan chosen. */
const planForm = (slug: string) => `/user/plans?plan=${slug}`;

/** "Redemptions paid within 5 days": a card's notice period in words. */
export function noticeWords(days: number): string {
  return days === 0
    ? 'Redemptions paid once accepted'
    : `Redemptions paid within ${days} ${days === 1 ? 'day' : 'days'}`;
}

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

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** "$5,000": whole dollars, en-US grouping, for display only (no arithmetic on money here). */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}

export const assetFinalCta = {
  title: 'Ready to put your capital to work?',
  lead: 'Speak to our desk about liquidity for your portfolio today.',
  cta: { label: 'Get Liquidity', href: routes.assetManagement } satisfies Cta,
} as const;
