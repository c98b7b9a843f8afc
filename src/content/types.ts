import type { IconName } from '~/components/ui/icons';

/** Shapes shared by the page data modules; section components take these as props. */
export interface Feature {
  slug: string;
  title: string;
  body: string;
  icon: IconName;
}

export interface Step {
  slug: string;
  title: string;
  body: string;
}

export interface LinkCard extends Feature {
  href: string;
  linkLabel: string;
}

export interface Cta {
  label: string;
  href: string;
}

export interface StatItem {
  value: string;
  label: string;
}

/** A section's eyebrow, heading and optional lead (components/sections/SectionHeading.astro). */
export interface SectionIntro {
  eyebrow: string;
  title: string;
  lead?: string;
}

/** A page's own title and description for the document head; the home page has only a description. */
export interface PageMetaText {
  title: string;
  description: string;
}

export interface Asset {
  slug: string;
  name: string;
  symbol: string;
}

/**
 * A plan as the public card shows it. The terms (minimum, description, notice period, returns, fees,
 * risk) are the values the database holds in public.plans (migration 20261121000450, changed only by
 * an approved plan_terms proposal); supabase/tests/plans.test.ts compares the English ones word for
 * word. The other languages translate them; the English text prevails (the legal pages say so).
 */
export interface Plan {
  slug: string;
  name: string;
  /** Minimum in whole US dollars. */
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
