import { paintEarly } from '~/lib/early-read';
import { startEarlyStaff } from '~/lib/admin/early-staff';
import { fillStaffSlots } from './header-slots';

/*
 * The admin pages' first script, inlined at the top of <head> (Admin.astro, scripts/inline-script.mjs):
 * asks who is signed in with the stored session as the HTML is parsed, and paints "Signed in as …"
 * into the skeleton's header while React and the Supabase client are still on their way (issue 24).
 * AdminArea starts from the same answer.
 */
paintEarly(startEarlyStaff(), fillStaffSlots);
