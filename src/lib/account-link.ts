/*
 * The public header says "My account" to someone signed in on this browser (issue 35), and leads
 * staff to the admin area rather than the member dashboard. Public pages load no Supabase client,
 * so the header's script (components/site/header-menu.ts) cannot ask the database who is staff: sign-in
 * leaves this marker when the database said so, and the header reads it beside the stored session.
 */

/** Holds the id of the staff member who signed in on this browser. */
export const STAFF_MARKER_KEY = 'liquid-capital.staff';

/** Remembers at sign-in that the person is staff (their id), or forgets it (null). */
export function rememberStaff(userId: string | null): void {
  try {
    if (userId) globalThis.localStorage?.setItem(STAFF_MARKER_KEY, userId);
    else globalThis.localStorage?.removeItem(STAFF_MARKER_KEY);
  } catch {
    // Storage refused: the header shows the member's link, and the admin pages still work.
  }
}
