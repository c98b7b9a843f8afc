import { routes } from '~/config/navigation';
import type { Cta, Feature, LinkCard, StatItem } from '../types';

const hero = {
  eyebrow: 'Liquidity provider & market maker',
  title: 'Institutionalizing Digital Assets',
  lead: 'Liquid Capital brings the discipline of institutional finance to digital assets: deep liquidity, asset-backed lending and professionally managed portfolios for institutions and high-net-worth individuals.',
  cta: { label: 'Get Liquidity', href: routes.loan } satisfies Cta,
  secondary: { label: 'Contact Us', href: routes.contact } satisfies Cta,
};

const stats: readonly StatItem[] = [
  { value: '700+', label: 'Specialty hedge funds, family offices and private lenders on our panel' },
  { value: '10 days', label: 'Is all it can take to fund a loan against publicly listed shares' },
  { value: 'Cold storage', label: 'Custody with multi-level approval on every movement' },
];

const services: readonly LinkCard[] = [
  {
    slug: 'lending',
    icon: 'lending',
    title: 'Lending',
    body: 'Loans secured by digital assets and project finance arranged through a panel of more than 700 specialty hedge funds, family offices and private lenders, structured around your balance sheet rather than a template.',
    href: routes.loan,
    linkLabel: 'Learn More',
  },
  {
    slug: 'asset-management',
    icon: 'portfolio',
    title: 'Digital Assets Management',
    body: 'Portfolio strategies for digital assets with institutional custody, OTC execution and risk oversight, from a first allocation to a fully managed mandate.',
    href: routes.assetManagement,
    linkLabel: 'Learn More',
  },
];

const conciergeIntro = {
  title: 'Curated Concierge Services',
  lead: 'A single, senior point of contact for every part of your digital-asset life, backed by a desk that works across time zones.',
};

const conciergeServices: readonly Feature[] = [
  {
    slug: 'advisory',
    icon: 'advisory',
    title: 'Advisory',
    body: 'Independent counsel on allocation, treasury policy and market structure, so that every decision about digital assets is taken with a clear view of its risks.',
  },
  {
    slug: 'wealth-management',
    icon: 'wealth',
    title: 'Wealth Management',
    body: 'Long-horizon planning that integrates digital assets with the rest of a family or corporate balance sheet, with reporting your accountants can use.',
  },
  {
    slug: 'liquidity-provision',
    icon: 'liquidity',
    title: 'Liquidity Provision',
    body: 'Two-way pricing and block liquidity for size, sourced across aggregated pools to keep slippage and information leakage to a minimum.',
  },
  {
    slug: 'otc-trading',
    icon: 'exchange',
    title: 'OTC Trading',
    body: 'A discreet over-the-counter desk for large orders and fiat settlement, with firm quotes and same-day settlement across major currencies and stablecoins.',
  },
];

const liquidityIntro = {
  eyebrow: 'Why Liquid Capital',
  title: 'Deep liquidity, delivered with discipline',
  lead: 'We combine the reach of a market maker with controls we can show: two people approve every payout and every correction to a balance. Capital moves quickly; risk is managed deliberately.',
  primary: { label: 'Get In Touch', href: routes.contact } satisfies Cta,
  secondary: { label: 'Get Liquidity', href: routes.assetManagement } satisfies Cta,
};

const liquidityFeatures: readonly Feature[] = [
  {
    slug: 'deep-liquidity',
    icon: 'liquidity',
    title: 'Deep Liquidity',
    body: 'Access to aggregated liquidity pools across venues and counterparties, so orders of institutional size are filled without moving the market.',
  },
  {
    slug: 'lending',
    icon: 'lending',
    title: 'Lending',
    body: 'Credit against digital assets and listed securities, arranged through a panel of more than 700 lenders and priced to the collateral you hold.',
  },
  {
    slug: 'protocol',
    icon: 'protocol',
    title: 'State-of-the-Art Protocol',
    body: 'Purpose-built infrastructure for pricing, settlement and reconciliation, monitored around the clock and audited against documented procedures.',
  },
  {
    slug: 'risk-management',
    icon: 'risk',
    title: 'Risk Management',
    body: 'Collateral is marked to market continuously, with conservative loan-to-value limits and pre-agreed margin procedures that leave nothing to improvisation.',
  },
  {
    slug: 'client-service',
    icon: 'client',
    title: 'Dedicated Client Service',
    body: 'Every client has a named relationship manager and direct access to the trading desk, rather than a ticket queue.',
  },
  {
    slug: 'execution',
    icon: 'execution',
    title: 'Execution',
    body: 'Best-execution policies, smart order routing and transparent post-trade reporting on every transaction we handle for you.',
  },
];

/** The home page in English: the other languages' files have this shape (src/content/home.ts). */
const home = {
  meta: {
    description:
      'Liquid Capital is a digital-asset liquidity provider and market maker: asset-backed lending through 700+ lenders, managed portfolios, OTC execution and cold-storage custody for institutions.',
  },
  hero,
  statsLabel: 'Key figures',
  stats,
  servicesIntro: {
    eyebrow: 'What we do',
    title: 'Our Services',
    lead: 'Two disciplines, one standard of care: credit arranged around your assets, and portfolios managed around your goals.',
  },
  services,
  conciergeIntro: { eyebrow: 'Concierge', ...conciergeIntro },
  conciergeServices,
  liquidityIntro,
  liquidityFeatures,
};

export type HomeContent = typeof home;
export default home;
