import { routes } from '~/config/navigation';
import type { Cta, Feature, PageMetaText, SectionIntro } from '../types';

const hero = {
  eyebrow: 'About Liquid Capital',
  title: 'Institutionalizing Digital Assets',
  lead: 'We are a liquidity provider and market maker serving institutions and high-net-worth individuals who want the opportunity of digital assets with the standards of traditional finance.',
};

const rise = {
  eyebrow: 'Our story',
  title: 'Rise of Digital Assets',
  paragraphs: [
    'In little more than a decade, digital assets have grown from an experiment into an asset class held by corporate treasuries, pension funds and family offices. Regulated exchange-traded products, tokenised securities and stablecoin settlement now sit alongside the markets they were once expected to replace.',
    'The infrastructure around them has not always kept pace. Fragmented liquidity, uneven custody standards and scarce credit still keep many serious investors on the sidelines or force them to accept risks they would never tolerate elsewhere.',
    'Liquid Capital was founded to close that gap: to bring deep liquidity, prudent lending, segregated custody and accountable service to a market that deserves them.',
  ],
};

const pillars: readonly Feature[] = [
  {
    slug: 'vision',
    icon: 'vision',
    title: 'Vision',
    body: 'A financial system in which digital assets are held, financed and traded with the same confidence, transparency and protection as any other institutional asset.',
  },
  {
    slug: 'mission',
    icon: 'mission',
    title: 'Mission',
    body: 'To give our clients reliable access to liquidity, credit and professional management of digital assets, executed with discipline and reported with candour.',
  },
  {
    slug: 'team',
    icon: 'team',
    title: 'Team',
    body: 'Traders, credit officers, engineers and compliance specialists drawn from investment banks, asset managers and leading digital-asset firms, working as one desk.',
  },
  {
    slug: 'edge',
    icon: 'edge',
    title: 'Edge',
    body: 'A panel of more than 700 specialty lenders, aggregated liquidity across venues and a custody model built on cold storage and multi-level approval.',
  },
];

const join = {
  title: 'Grow with a partner built for institutions',
  lead: 'Start with a plan that suits your capital and let our desk do the rest.',
  cta: { label: 'Join us', href: routes.assetManagement } satisfies Cta,
};

const about = {
  meta: {
    title: 'About Us',
    description:
      'Who we are: a digital-asset liquidity provider and market maker bringing institutional standards of liquidity, lending and custody to digital assets.',
  } satisfies PageMetaText,
  hero,
  rise,
  pillarsIntro: { eyebrow: 'What guides us', title: 'Vision, mission, team and edge' },
  pillars,
  leadershipIntro: {
    eyebrow: 'Leadership',
    title: 'Who runs the firm',
    lead: 'The people accountable for your assets, and what they have done before.',
  } satisfies SectionIntro,
  join,
};

export type AboutContent = typeof about;
export default about;
