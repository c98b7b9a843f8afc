import { paintEarly } from '~/lib/early-read';
import { startEarlyStatement } from '~/lib/early-statement';
import { fillCaptionSlots } from './statement/caption-slot';

/*
 * /user/statement's first script, inlined at the top of <head> (Member.astro,
 * scripts/inline-script.mjs): reads the statement with the stored session as the HTML is parsed and
 * writes the chart's caption (the account and its balance now) into the skeleton while React and the
 * Supabase client are still on their way (issue 24). The island starts from the same entries.
 */
// The page's language from its <html lang> (the island reads the lines in the same one).
const lang = document.documentElement.lang;
paintEarly(
  startEarlyStatement(lang === 'ar' ? 'ar' : lang === 'zh-Hant' ? 'zh-hant' : 'en'),
  fillCaptionSlots,
);
