import type { Fillable } from './disclosures';

/** One place for the firm's identity and contact details; pages and components read from here. */
export interface SiteSettings {
  name: string;
  legalName: string;
  tagline: string;
  address: { lines: readonly string[]; country: string };
  email: { support: string; partnerships: string; privacy: string };
  messaging: { label: string; href: string; handle: string };
  /** Used as "last updated" fallback and in copyright lines. */
  foundedYear: number;
}

/**
 * Support's address on its own: the member pages' "E-mail support" links read it without pulling the
 * whole identity above into their first load (tests/budgets.json).
 */
export const SUPPORT_EMAIL = 'support@liquidcapital.example';

/**
 * The support desk's telephone number, shown on /user/support and /admin/support. Until the firm gives
 * it, a placeholder: marked "To fill" in development, refused by a release build
 * (scripts/release-guard.mjs), and never offered as a way to reach support in the portal's copy.
 */
export const SUPPORT_PHONE: Fillable = { toFill: 'Support desk phone (+852 …)' };

export const site: SiteSettings = {
  name: 'Liquid Capital',
  legalName: 'Liquid Capital Limited',
  tagline: 'Institutionalizing Digital Assets',
  address: {
    lines: ['Level 19, Two International Finance Centre', '8 Finance Street, Central', 'Hong Kong'],
    country: 'Hong Kong SAR',
  },
  email: {
    support: SUPPORT_EMAIL,
    partnerships: 'partnerships@liquidcapital.example',
    privacy: 'privacy@liquidcapital.example',
  },
  messaging: {
    label: 'Telegram',
    href: 'https://t.me/liquidcapital_desk',
    handle: '@liquidcapital_desk',
  },
  foundedYear: 2019,
};

export function mailto(address: string, subject?: string): string {
  return subject ? `mailto:${address}?subject=${encodeURIComponent(subject)}` : `mailto:${address}`;
}

/** A tel: link for a phone number as written ("+852 2123 4567" → "tel:+85221234567"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}
