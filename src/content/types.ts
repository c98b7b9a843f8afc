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
