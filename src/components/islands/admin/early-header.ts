import { startEarlyStaff, type EarlyStaff } from '~/lib/admin/early-staff';
import { fillStaffSlots } from './header-slots';

/*
 * The admin pages' first script, inlined at the top of <head> (Admin.astro, scripts/inline-script.mjs):
 * asks who is signed in with the stored session as the HTML is parsed, and paints "Signed in as …"
 * into the skeleton's header while React and the Supabase client are still on their way (issue 24).
 * Only the skeleton rendered at build time is filled; AdminArea starts from the same answer.
 */
function fillSkeletons(staff: EarlyStaff): void {
  for (const skeleton of document.querySelectorAll('[data-prerendered]')) fillStaffSlots(skeleton, staff);
}

void startEarlyStaff().then((staff) => {
  if (!staff) return;
  // The answer can come before the parser has reached the skeleton (it waits for the stylesheet).
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', () => fillSkeletons(staff), { once: true });
  else fillSkeletons(staff);
});
