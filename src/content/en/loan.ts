import { routes } from '~/config/navigation';
import type { Cta, Feature, PageMetaText, SectionIntro, Step } from '../types';

const hero = {
  eyebrow: 'Lending',
  title: 'Digital lending platform built for borrowers',
  lead: 'Full-service project and business financing, arranged through a panel of more than 700 specialty hedge funds, family offices and private lenders. Funding against publicly listed shares can take as little as 10 days.',
  cta: { label: 'Get In Touch', href: routes.contact } satisfies Cta,
};

interface FinancingType {
  slug: string;
  title: string;
  body: string;
}

const financingTypes: readonly FinancingType[] = [
  {
    slug: 'debt',
    title: 'Debt Financing',
    body: 'Senior secured and asset-backed loans, including credit against digital assets and listed shares.',
  },
  {
    slug: 'equity',
    title: 'Equity Financing',
    body: 'Growth and strategic capital from investors who understand your sector.',
  },
  {
    slug: 'project',
    title: 'Project Financing',
    body: 'Long-term, cash-flow based funding for infrastructure, energy and real-estate projects.',
  },
  {
    slug: 'working-capital',
    title: 'Working Capital Financing',
    body: 'Facilities that smooth receivables, inventory and seasonal cash needs.',
  },
  {
    slug: 'bridge',
    title: 'Bridge Financing',
    body: 'Short-term capital that carries a transaction through to permanent financing or exit.',
  },
  {
    slug: 'mezzanine',
    title: 'Mezzanine Financing',
    body: 'Subordinated debt with equity features to complete a capital structure.',
  },
  {
    slug: 'stretch',
    title: 'Stretch Financing',
    body: 'Higher-leverage senior facilities for borrowers with strong, predictable cash flows.',
  },
];

const fundingStart: readonly Step[] = [
  {
    slug: 'get-in-touch',
    title: 'Get in Touch',
    body: 'Share a short outline of your business, the amount you need and the collateral or project behind it.',
  },
  {
    slug: 'get-approved',
    title: 'Get Approved',
    body: 'We match your request with the right lenders on our panel and return indicative terms.',
  },
  {
    slug: 'receive-funds',
    title: 'Receive Funds',
    body: 'After due diligence and documentation, funds are released to your account.',
  },
];

/** The borrower funding process, in the fixed order of spec section 4. No status is tracked. */
const fundingProcess: readonly Step[] = [
  {
    slug: 'initial-documentation',
    title: 'Initial Documentation',
    body: 'You provide a summary of the business or project, financial statements and details of the proposed collateral.',
  },
  {
    slug: 'initial-review',
    title: 'Initial Review',
    body: 'Our credit team assesses the request for completeness and fit with lenders on our panel.',
  },
  {
    slug: 'indicative-terms',
    title: 'Indicative Terms (Initial Approval)',
    body: 'Interested lenders provide indicative terms: amount, tenor, pricing and main conditions.',
  },
  {
    slug: 'presenting-indicative-terms',
    title: 'Presenting Indicative Terms to the Client',
    body: 'We present and explain the indicative terms and negotiate on your behalf where appropriate.',
  },
  {
    slug: 'engagement',
    title: 'Engagement',
    body: 'You mandate us to proceed with the selected lender under a clear engagement letter.',
  },
  {
    slug: 'due-diligence',
    title: 'Due Diligence, Risk Assessment and Underwriting',
    body: 'The lender verifies the information, assesses risk and completes underwriting.',
  },
  {
    slug: 'final-offer',
    title: 'Presenting Final Offer',
    body: 'The final, binding offer is presented for your review with your advisers.',
  },
  {
    slug: 'funding',
    title: 'Funding',
    body: 'Documentation is signed, conditions are satisfied and the funds are disbursed.',
  },
];

const advantages: readonly Feature[] = [
  {
    slug: 'global-accessibility',
    icon: 'globe',
    title: 'Global Accessibility',
    body: 'Borrowers and lenders across jurisdictions, connected through a single, experienced desk.',
  },
  {
    slug: 'security',
    icon: 'shield',
    title: 'Security',
    body: 'Collateral held in segregated, cold-storage custody with multi-level approval for every movement.',
  },
  {
    slug: 'integrated-account-management',
    icon: 'dashboard',
    title: 'Integrated Account Management',
    body: 'Facilities, collateral and statements visible in one account, with a named manager to call.',
  },
  {
    slug: 'savings',
    icon: 'savings',
    title: 'Savings',
    body: 'Competitive terms from a panel of 700+ lenders, and no need to sell assets you believe in.',
  },
];

/**
 * Funding sectors (spec section 9 says 21 entries). The spec's list reads as 20 when "physical assets
 * such as art, aircraft and gemstones" is one entry and 22 when it is three. We list art, aircraft and
 * gemstones separately and join "lending against listed shares" with "listed shares" into one entry,
 * which keeps every named sector and the stated count of 21, ending with "various others".
 */
const sectors: readonly string[] = [
  'Real estate',
  'Hotels',
  'Infrastructure',
  'Mining',
  'Renewable energy',
  'Electric vehicles',
  'Trade finance',
  'Aquaculture',
  'Cannabis',
  'Sports clubs',
  'Theme parks',
  'Malls',
  'Vertical farming',
  'Last-mile delivery',
  'Art',
  'Aircraft',
  'Gemstones',
  'Listed shares and lending against listed shares',
  'Adventure tourism',
  'Antique museums',
  'Various others',
];

const finalCta = {
  title: 'Tell us what you need to fund',
  lead: 'A credit specialist will review your request and reply within one business day.',
  cta: { label: 'Get In Touch', href: routes.contact } satisfies Cta,
};

const loan = {
  meta: {
    title: 'Loan',
    description:
      'Project and business financing through a panel of 700+ specialty lenders: debt, equity, project, working capital, bridge, mezzanine and stretch financing.',
  } satisfies PageMetaText,
  hero,
  financingIntro: {
    eyebrow: 'Full-service financing',
    title: 'Types of financing',
    lead: 'Whatever the structure, we find the capital behind it. Our panel covers the full capital stack.',
  } satisfies SectionIntro,
  financingTypes,
  startIntro: { eyebrow: 'Three steps', title: 'Start your funding' } satisfies SectionIntro,
  fundingStart,
  processIntro: {
    eyebrow: 'From request to funds',
    title: 'Our funding process',
    lead: 'Eight steps, always in the same order, so you know where your request stands.',
  } satisfies SectionIntro,
  fundingProcess,
  advantagesIntro: { eyebrow: 'Why borrow with us', title: 'Advantages' } satisfies SectionIntro,
  advantages,
  sectorsIntro: {
    eyebrow: 'Sectors',
    title: 'Sectors we fund',
    lead: 'Our lenders finance conventional and specialist assets alike.',
  } satisfies SectionIntro,
  sectors,
  finalCta,
};

export type LoanContent = typeof loan;
export default loan;
