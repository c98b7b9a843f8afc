import { signedInLine } from '~/lib/admin/staff';
import type { EarlyStaff } from '~/lib/admin/early-staff';

/*
 * The admin header's "Signed in as …" line, shared by the React header (AdminArea.tsx) and the early
 * paint (early-header.ts), which fills the server-rendered placeholder before React has loaded: both
 * must produce the same element, so React's takeover changes nothing on screen.
 */

/**
 * Two lines' room on a phone, one from `sm` up, whatever the address: the header keeps one height, so
 * filling the line in moves nothing below it (a longer address is cut short, in full in the title).
 */
export const SIGNED_IN_CLASS =
  'mt-1 line-clamp-2 min-h-10 text-sm break-words text-muted sm:line-clamp-1 sm:min-h-5';
/** The same box, with a grey bar where the text will be. */
export const SIGNED_IN_PLACEHOLDER_CLASS = 'mt-1 min-h-10 sm:min-h-5';
export const SIGNED_IN_BAR_CLASS = 'block h-5 w-56 max-w-full animate-pulse rounded bg-mist-200';

/** Fills every "Signed in as" placeholder under `root`. */
export function fillStaffSlots(root: ParentNode, staff: EarlyStaff): void {
  for (const slot of root.querySelectorAll<HTMLElement>('[data-staff-slot]')) {
    slot.removeAttribute('data-staff-slot');
    slot.removeAttribute('aria-hidden');
    const line = signedInLine(staff.email, staff.role);
    slot.className = SIGNED_IN_CLASS;
    // The text replaces the bar.
    slot.title = line;
    slot.textContent = line;
  }
}
