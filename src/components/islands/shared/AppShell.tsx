import { Suspense, useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { lazyPart } from './lazyPart';

// The phone's navigation drawer loads on the first tap on Menu, out of the first load.
const AppDrawer = lazyPart(() => import('./AppDrawer'), 'dialog');

/** A sidebar entry: a link (full page load) or an action such as opening a dialog. */
export type NavItem =
  | { label: string; href: string; onSelect?: never; current?: boolean; badge?: NavBadge | undefined }
  | { label: string; onSelect: () => void; href?: never; current?: never; badge?: never };

/**
 * The shell's own words, when the area passes its language's (the member portal, which also draws
 * its own greeting in `header`); without them, English. The labels name the drawer and the
 * navigation for screen readers ("Member area menu").
 */
export interface AppShellWords {
  menu: string;
  close: string;
  logOut: string;
  menuLabel: string;
  navigationLabel: string;
}

/**
 * A count beside a link (the admin work queue); `spoken` follows it for screen readers, so the link's
 * name is e.g. "Approvals 3 waiting" (the visible text first, as WCAG 2.5.3 asks).
 */
export interface NavBadge {
  count: number;
  spoken: string;
}

export interface AppShellProps {
  /** Area name shown above the navigation, e.g. "Member area" or "Admin". */
  title: string;
  nav: NavItem[];
  /** The signed-in person's display name; undefined while it loads. */
  userName?: string | undefined;
  onLogout: () => void;
  /** Entries after Log Out (e.g. "Website"). */
  after?: NavItem[] | undefined;
  /** Optional heading row of the main column (e.g. greeting). */
  header?: ReactNode;
  children: ReactNode;
  words?: AppShellWords | undefined;
  /** Shown below the navigation, in the sidebar and the drawer (the member portal's language menu). */
  extra?: ReactNode;
  /** Where the firm's mark leads: the site's home in the area's language (default /). */
  home?: string | undefined;
}

/** The admin area's greeting (it stays English); the member portal draws its own in `header`. */
const englishGreeting = (name: string) => `Hello, ${name}`;

/** A sidebar entry's look (links and buttons alike), for entries an area adds below (`extra`). */
export const NAV_ITEM_CLASS =
  'flex min-h-11 w-full items-center rounded-lg px-3 text-start text-sm font-medium text-mist-100 transition-colors hover:bg-white/10 hover:text-white';

function NavList({
  items,
  after = [],
  onNavigate,
  onLogout,
  logOut,
}: {
  items: NavItem[];
  after?: NavItem[] | undefined;
  onNavigate: () => void;
  onLogout: () => void;
  logOut: string;
}) {
  const itemClass = NAV_ITEM_CLASS;
  const entry = (item: NavItem) => (
    <li key={item.label}>
      {item.href !== undefined ? (
        <a
          href={item.href}
          className={`${itemClass} ${item.current ? 'bg-white/10 text-white' : ''}`}
          aria-current={item.current ? 'page' : undefined}
        >
          {item.label}
          {item.badge && (
            <span className="ms-auto rounded-full bg-accent-300 px-2 text-xs font-semibold text-ink-950">
              {item.badge.count}
              <span className="sr-only"> {item.badge.spoken}</span>
            </span>
          )}
        </a>
      ) : (
        <button
          type="button"
          className={itemClass}
          onClick={() => {
            onNavigate();
            item.onSelect();
          }}
        >
          {item.label}
        </button>
      )}
    </li>
  );
  return (
    <ul className="space-y-1">
      {items.map(entry)}
      <li>
        <button type="button" className={itemClass} onClick={onLogout}>
          {logOut}
        </button>
      </li>
      {after.map(entry)}
    </ul>
  );
}

/**
 * Layout of the member and admin areas: a fixed sidebar from 1024 px up, and below that a
 * "Menu" button opening the same navigation in a drawer (Escape or Close shuts it, focus returns).
 */
export default function AppShell({
  title,
  nav,
  userName,
  onLogout,
  after,
  header,
  children,
  words,
  extra,
  home = '/',
}: AppShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const navigationLabel = words?.navigationLabel ?? `${title} navigation`;
  // One navigation list, shown in the sidebar and in the drawer (one at a time).
  const list = (
    <NavList
      items={nav}
      after={after}
      onNavigate={closeDrawer}
      onLogout={onLogout}
      logOut={words?.logOut ?? 'Log Out'}
    />
  );
  // The site's mark beside the name, as in the public header (components/site/Logo.astro). It is the
  // favicon file: already cached by the browser, and no drawing in this shell's JavaScript.
  const brand = (
    <a href={home} className="inline-flex items-center gap-2.5 font-serif text-xl text-white">
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8 shrink-0" data-logo-mark />
      Liquid Capital
    </a>
  );

  return (
    <div className="min-h-dvh bg-mist-50 lg:flex">
      <aside className="hidden w-64 shrink-0 flex-col bg-ink-900 px-4 py-6 lg:flex" aria-label={title}>
        <div className="px-3">
          {brand}
          <p className="mt-1 text-xs tracking-widest text-mist-300 uppercase">{title}</p>
        </div>
        <nav className="mt-8" aria-label={navigationLabel}>
          {list}
        </nav>
        {extra}
      </aside>

      <div className="flex items-center justify-between bg-ink-900 px-4 py-3 lg:hidden">
        {brand}
        <button
          ref={menuButton}
          type="button"
          className="min-h-11 rounded-lg border border-white/30 px-4 text-sm font-semibold text-white"
          aria-expanded={drawerOpen}
          aria-controls={drawerId}
          onClick={() => setDrawerOpen(true)}
        >
          {words?.menu ?? 'Menu'}
        </button>
      </div>

      {drawerOpen && (
        <Suspense fallback={null}>
          <AppDrawer id={drawerId} title={title} onClose={closeDrawer} opener={menuButton} words={words}>
            {list}
            {extra}
          </AppDrawer>
        </Suspense>
      )}

      <div className="min-w-0 flex-1">
        <header className="border-b border-mist-200 bg-white px-5 py-5 sm:px-8">
          {header ?? (
            <p className="text-lg text-ink-900">
              {userName === undefined ? (
                <span
                  className="inline-block h-6 w-40 animate-pulse rounded bg-mist-200"
                  aria-hidden="true"
                />
              ) : (
                englishGreeting(userName)
              )}
            </p>
          )}
        </header>
        <main id="main" className="px-5 py-6 sm:px-8 sm:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
