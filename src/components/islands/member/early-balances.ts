import { paintEarly } from '~/lib/early-read';
import { startEarlyProfile } from '~/lib/early-profile';
import { fillBalanceSlots } from './balance-slots';

/*
 * The balance pages' first script (dashboard, deposit), inlined at the top of <head> (Member.astro,
 * scripts/inline-script.mjs): the read starts as the HTML is parsed, and the member's balances are
 * painted into the skeleton's placeholders while React and the Supabase client are still on their way
 * (issue 24). The island, when it takes over, starts from the same values (MemberShell).
 */
paintEarly(startEarlyProfile(), fillBalanceSlots);
