import { afterNextPaint, holdIslandsUntil } from '~/lib/early-read';

/*
 * The form pages' first script (sign-in, sign-up, password and confirmation pages, contact), inlined
 * at the top of <head> (Marketing.astro, scripts/inline-script.mjs): their HTML is the whole first
 * screen, so their islands start once it has been painted rather than downloading during that paint.
 * Until then the forms cannot be sent (their submit reads "Form loading…", SubmitButton.tsx).
 */
holdIslandsUntil(new Promise((resolve) => afterNextPaint(() => resolve(undefined))), undefined, [
  'load',
  'only',
]);
