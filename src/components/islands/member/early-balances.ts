import { startEarlyProfile } from '~/lib/early-profile';
import { fillBalanceSlots } from './balance-slots';
import type { Profile } from '~/lib/profile-row';

/*
 * The balance pages' first script (dashboard, deposit), inlined at the top of <head> (Member.astro,
 * scripts/inline-script.mjs): the read starts as the HTML is parsed, and the member's balances are
 * painted into the skeleton's placeholders while React and the Supabase client are still on their way
 * (issue 24). Only the skeleton rendered at build time is filled; the island, when it takes over,
 * starts from the same values (MemberShell reads earlyProfile()).
 */
function fillSkeletons(profile: Profile): void {
  for (const skeleton of document.querySelectorAll('[data-prerendered]')) fillBalanceSlots(skeleton, profile);
}

void startEarlyProfile().then((profile) => {
  if (!profile) return;
  // The answer can come before the parser has reached the skeleton (it waits for the stylesheet).
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', () => fillSkeletons(profile), { once: true });
  else fillSkeletons(profile);
});
