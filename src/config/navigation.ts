/** Navigation used by the header, the mobile overlay and the footer. Links are plain page loads. */
import { localePath, type Locale } from '~/i18n/locales';
import { catalog } from '~/i18n/text';

export interface NavLink {
  label: string;
  href: string;
}

export interface NavGroup {
  label: string;
  /** Stable id used for aria-controls on the dropdown trigger. */
  id: string;
  children: readonly NavLink[];
}

export type NavItem = NavLink | NavGroup;

export const isGroup = (item: NavItem): item is NavGroup => 'children' in item;

export const routes = {
  home: '/',
  about: '/aboutus',
  loan: '/loan',
  assetManagement: '/asset-management',
  contact: '/getintouch',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  confirmEmail: '/auth/confirm',
  resetPassword: '/reset-password',
  terms: '/terms-of-service',
  privacy: '/privacy-policy',
  cookies: '/cookie-policy',
} as const;

/**
 * The public navigation in `locale`: labels from the language's catalog, links to the same language's
 * pages (an English path "/loan" becomes "/ar/loan" on Arabic pages).
 */
export function publicNav(locale: Locale) {
  const { nav } = catalog(locale);
  const link = (label: string, href: string): NavLink => ({ label, href: localHref(locale, href) });
  const header: readonly NavItem[] = [
    link(nav.home, routes.home),
    link(nav.about, routes.about),
    {
      label: nav.services,
      id: 'services',
      children: [link(nav.loan, routes.loan), link(nav.assetManagement, routes.assetManagement)],
    },
  ];
  return {
    header,
    actions: {
      signIn: link(nav.signIn, routes.login),
      /** What the sign-in link becomes for a member signed in on this browser (components/site/header-menu.ts). */
      account: link(nav.myAccount, '/user-dashboard'),
      /** The same link for staff: their home in the admin area (English only). */
      staffAccount: link(nav.myAccount, '/admin/home'),
      contact: link(nav.contact, routes.contact),
    } satisfies Record<string, NavLink>,
    footer: [
      link(nav.loan, routes.loan),
      link(nav.assetManagement, routes.assetManagement),
      link(nav.about, routes.about),
      link(nav.signIn, routes.login),
    ] as readonly NavLink[],
    legal: [
      link(nav.terms, routes.terms),
      link(nav.privacy, routes.privacy),
      link(nav.cookies, routes.cookies),
    ] as readonly NavLink[],
  };
}

/** Public, indexable pages: the sitemap lists exactly these. Auth pages are noindex and left out. */
export const sitemapRoutes: readonly string[] = [
  routes.home,
  routes.about,
  routes.loan,
  routes.assetManagement,
  routes.contact,
  routes.terms,
  routes.privacy,
  routes.cookies,
];

/**
 * A link from a page in `locale`: to the same language's page where that page is translated (the
 * public pages above), else to the page as it is (sign-in, the portal and the admin area are English
 * for now). Fragments and queries are kept: "/asset-management#plans" → "/ar/asset-management#plans".
 */
export function localHref(locale: Locale, href: string): string {
  const path = href.replace(/[?#].*$/, '');
  return translatedRoutes.includes(path) ? localePath(locale, href) : href;
}

/**
 * The pages built in every language (src/pages/[...locale]/), the pages a mailed link lands on
 * included: a member's mail links to them in the member's language. The portal is English until its
 * islands take their words from the catalogs (issue 36, in progress).
 */
export const translatedRoutes: readonly string[] = [
  routes.home,
  routes.about,
  routes.loan,
  routes.assetManagement,
  routes.contact,
  routes.login,
  routes.register,
  routes.forgotPassword,
  routes.confirmEmail,
  routes.resetPassword,
  routes.terms,
  routes.privacy,
  routes.cookies,
];
