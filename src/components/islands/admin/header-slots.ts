import { signedInLine } from '~/lib/admin/staff';
import type { EarlyStaff } from '~/lib/admin/early-staff';

/*
 * The admin header's "Signed in as …" line, shared by the React header (AdminArea.tsx) and the early
 * paint (early-header.ts), which fills the server-rendered placeholder before React has loaded: both
 * must produce the same element, so React's takeover changes nothing on screen.
 */

export const SIGNED_IN_CLASS = 'mt-1 truncate text-sm text-muted';
/** As tall as the line (text-sm): nothing moves when it arrives. */
export const SIGNED_IN_PLACEHOLDER_CLASS = 'mt-1 h-5 w-56 max-w-full animate-pulse rounded bg-mist-200';

/** Fills every "Signed in as" placeholder under `root`; returns how many. */
export function fillStaffSlots(root: ParentNode, staff: EarlyStaff): number {
  let filled = 0;
  for (const slot of root.querySelectorAll<HTMLElement>('[data-staff-slot]')) {
    slot.removeAttribute('data-staff-slot');
    slot.removeAttribute('aria-hidden');
    const line = signedInLine(staff.email, staff.role);
    slot.className = SIGNED_IN_CLASS;
    slot.title = line;
    slot.textContent = line;
    filled += 1;
  }
  return filled;
}
