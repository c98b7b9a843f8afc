/**
 * Header behaviour: the Services and language dropdowns, the full-screen mobile menu, and the
 * remembered language.
 * Plain DOM code bundled by Astro (no framework) so marketing pages stay within their JS budget.
 */

// The menu holds links and buttons only (no fields), and every byte counts against the 1 KB budget.
function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>('a[href],button:not([disabled])')).filter(
    (el) => el.getClientRects().length > 0,
  );
}

function initDropdown(container: HTMLElement): void {
  const trigger = container.querySelector<HTMLButtonElement>('[data-dropdown-trigger]');
  const panel = container.querySelector<HTMLElement>('[data-dropdown-panel]');
  if (!trigger || !panel) return;
  const links = () => Array.from(panel.querySelectorAll<HTMLAnchorElement>('a[href]'));
  const isOpen = () => trigger.getAttribute('aria-expanded') === 'true';

  const setOpen = (open: boolean) => {
    trigger.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
  };

  trigger.addEventListener('click', () => setOpen(!isOpen()));
  trigger.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      links()[0]?.focus();
    } else if (event.key === 'Escape' && isOpen()) {
      event.preventDefault();
      setOpen(false);
    }
  });

  panel.addEventListener('keydown', (event) => {
    const items = links();
    const index = items.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      trigger.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      (event.key === 'Home' ? items[0] : items[items.length - 1])?.focus();
    }
  });

  // Close when focus or a click moves elsewhere, so a stale open panel never covers the page.
  container.addEventListener('focusout', (event) => {
    const next = event.relatedTarget;
    if (isOpen() && next instanceof Node && !container.contains(next)) setOpen(false);
  });
  document.addEventListener('click', (event) => {
    if (isOpen() && event.target instanceof Node && !container.contains(event.target)) setOpen(false);
  });
}

function initMobileMenu(header: HTMLElement): void {
  const opener = header.querySelector<HTMLButtonElement>('[data-menu-open]');
  const dialog = header.querySelector<HTMLDialogElement>('[data-menu]');
  const closer = header.querySelector<HTMLButtonElement>('[data-menu-close]');
  if (!opener || !dialog || !closer) return;

  const open = () => {
    dialog.showModal();
    document.documentElement.classList.add('overflow-hidden');
    opener.setAttribute('aria-expanded', 'true');
    closer.focus();
  };

  // Escape fires "cancel" then "close" natively; every way of closing ends here.
  dialog.addEventListener('close', () => {
    document.documentElement.classList.remove('overflow-hidden');
    opener.setAttribute('aria-expanded', 'false');
    opener.focus();
  });

  opener.addEventListener('click', open);
  closer.addEventListener('click', () => dialog.close());

  // A modal dialog lets Tab escape to the browser's own UI; keep it cycling inside the menu.
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const items = focusables(dialog);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });

  // The overlay exists only below the desktop breakpoint; growing the window closes it.
  const desktop = window.matchMedia('(min-width: 1024px)');
  desktop.addEventListener('change', (event) => {
    if (event.matches && dialog.open) dialog.close();
  });
}

/**
 * Marks the header for someone signed in on this browser (issue 35), and its CSS shows "My account"
 * instead of "Sign In" (HeaderActions.astro): to a member's dashboard, or to the admin area for staff.
 * Public pages load no Supabase client (under 1 KB of JavaScript, tests/e2e/public-site.spec.ts), so
 * this reads web storage as it is: the session supabase-js keeps and the staff marker sign-in writes
 * (src/lib/account-link.ts: the staff member's id, so a marker left by someone else counts for
 * nothing); the header names both keys. Here rather than in an inline script of its own: the budget
 * has no room for a second script's gzip overhead. A convenience only: the page the link leads to
 * checks the session and the role again, as every page does.
 */
function markAccount(header: HTMLElement): void {
  try {
    const { sessionKey = '', staffKey = '' } = header.dataset;
    const session = localStorage.getItem(sessionKey);
    const staff = localStorage.getItem(staffKey);
    if (session) header.dataset['account'] = staff && session.includes(staff) ? 'staff' : 'member';
  } catch {
    // Storage refused (a privacy setting): the sign-in link stays.
  }
}

export function initHeader(): void {
  const header = document.querySelector<HTMLElement>('[data-site-header]');
  if (!header) return;
  markAccount(header);
  header.querySelectorAll<HTMLElement>('[data-dropdown]').forEach(initDropdown);
  // Remembers the language a visitor picks: Netlify's nf_lang cookie (the primary subtag, "zh", "ar",
  // "en"), which its language redirect reads in place of Accept-Language (netlify.toml sends "/" to
  // that language's home). Browsers default the cookie to SameSite=Lax.
  header.addEventListener('click', (event) => {
    const lang = (event.target as Element).closest<HTMLElement>('[data-nf-lang]')?.dataset['nfLang'];
    if (lang) document.cookie = `nf_lang=${lang};path=/;max-age=31536000`;
  });
  initMobileMenu(header);
}
