/** Navigation used by the header, the mobile overlay and the footer. Links are plain page loads. */
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
  terms: '/terms-of-service',
  privacy: '/privacy-policy',
  cookies: '/cookie-policy',
} as const;

export const headerNav: readonly NavItem[] = [
  { label: 'Home', href: routes.home },
  { label: 'About Us', href: routes.about },
  {
    label: 'Services',
    id: 'services',
    children: [
      { label: 'Loan', href: routes.loan },
      { label: 'Asset Management', href: routes.assetManagement },
    ],
  },
];

export const headerActions = {
  signIn: { label: 'Sign In', href: routes.login },
  /** What the sign-in link becomes for a member signed in on this browser (components/site/header-menu.ts). */
  account: { label: 'My account', href: '/user-dashboard' },
  /** The same link for staff: their home in the admin area. */
  staffAccount: { label: 'My account', href: '/admin/home' },
  contact: { label: 'Contact Us', href: routes.contact },
} as const satisfies Record<string, NavLink>;

export const footerNav: readonly NavLink[] = [
  { label: 'Loan', href: routes.loan },
  { label: 'Asset Management', href: routes.assetManagement },
  { label: 'About Us', href: routes.about },
  { label: 'Sign In', href: routes.login },
];

export const legalNav: readonly NavLink[] = [
  { label: 'Terms of Service', href: routes.terms },
  { label: 'Privacy Policy', href: routes.privacy },
  { label: 'Cookie Policy', href: routes.cookies },
];

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
