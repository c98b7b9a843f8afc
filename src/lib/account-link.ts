import { sessionStorageKey } from './supabase-config';
import { headerActions, type NavLink } from '~/config/navigation';

/*
 * The public header's "Sign In" link says "My account" to someone who is signed in (issue 35), and
 * leads a member to their dashboard, staff to the admin area. Public pages load no Supabase client
 * (under 1 KB of JavaScript), so the header's inline script (components/site/header-account.ts) reads
 * web storage instead: the session supabase-js keeps, and a marker this module writes at sign-in
 * when the database said the person is staff. A convenience only: the page it links to checks the
 * session and the role again, as every page does.
 */

/** Holds the id of the staff member who signed in on this browser. */
export const STAFF_MARKER_KEY = 'liquid-capital.staff';

/** The account link for whoever is signed in on this browser, or null for a visitor. */
export function accountLink(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): NavLink | null {
  try {
    const raw = storage?.getItem(sessionStorageKey);
    if (!raw) return null;
    // An expired access token is still a session: the client refreshes it on the next page.
    const userId = (JSON.parse(raw) as { user?: { id?: unknown } } | null)?.user?.id;
    if (typeof userId !== 'string' || !userId) return null;
    return storage?.getItem(STAFF_MARKER_KEY) === userId ? headerActions.staffAccount : headerActions.account;
  } catch {
    // Unreadable storage (private mode, a value another script wrote): the plain sign-in link.
    return null;
  }
}

/** Remembers at sign-in whether the person is staff (their id), or forgets it. */
export function rememberStaff(userId: string | null): void {
  try {
    if (userId) globalThis.localStorage?.setItem(STAFF_MARKER_KEY, userId);
    else globalThis.localStorage?.removeItem(STAFF_MARKER_KEY);
  } catch {
    // Storage refused: the header shows the member's link, and the admin pages still work.
  }
}
