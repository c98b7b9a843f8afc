import { accountLink } from '~/lib/account-link';

/**
 * Inlined right after the header (Header.astro, scripts/inline-script.mjs), so it runs before the
 * first paint: a signed-in visitor never sees "Sign In" flash. Turns every sign-in link of the header
 * (the bar and the mobile menu) into "My account".
 */
const link = accountLink();
if (link) {
  for (const anchor of document.querySelectorAll<HTMLAnchorElement>('[data-account-link]')) {
    anchor.href = link.href;
    anchor.textContent = link.label;
  }
}
