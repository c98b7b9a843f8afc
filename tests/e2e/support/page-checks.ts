import { expect, type Page, type Request } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** Collects console errors and failed requests while a page is used; call `assertClean()` at the end. */
export function watchPage(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  // A document's requests still in flight when the test navigates the tab elsewhere are cancelled by
  // the browser (net::ERR_ABORTED): that is the navigation, not a fault of the page. The old document
  // keeps running until the new one commits, so a request it starts after the navigation began (a
  // live update's refetch, say) is cancelled too. Any other failure, and an abort within one
  // document, still counts.
  let navigationsStarted = 0;
  let navigationPending = false;
  let commits = 0;
  const startedIn = new WeakMap<
    Request,
    { navigations: number; duringNavigation: boolean; commits: number }
  >();
  page.on('request', (req) => {
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) {
      navigationsStarted += 1;
      navigationPending = true;
    } else {
      startedIn.set(req, { navigations: navigationsStarted, duringNavigation: navigationPending, commits });
    }
  });
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    commits += 1;
    navigationPending = false;
  });
  page.on('requestfailed', (req) => {
    const error = req.failure()?.errorText ?? '';
    const started = startedIn.get(req);
    const leftBehind =
      started !== undefined &&
      (started.navigations < navigationsStarted || (started.duringNavigation && started.commits < commits));
    if (error === 'net::ERR_ABORTED' && leftBehind) return;
    problems.push(`request failed: ${req.url()} ${error}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400 && !res.url().endsWith('/favicon.ico'))
      problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  return {
    problems,
    assertClean(allow: (problem: string) => boolean = () => false) {
      expect(problems.filter((p) => !allow(p))).toEqual([]);
    },
  };
}

/**
 * Waits until the page shows its data: islands hydrated, no skeleton pulsing, nothing marked busy.
 * Not `networkidle`: a staff page refetches its live counts whenever other tests write, so its
 * network may never rest for 500 ms while the suite runs in parallel.
 */
export async function waitUntilSettled(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.locator('.animate-pulse')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

/** Runs axe-core (WCAG 2.x A/AA) on the current page and fails on any violation. */
export async function expectNoAxeViolations(page: Page) {
  // Legacy mode runs axe.run in the page itself. The default runs axe.runPartial per frame, then
  // axe.finishRun in a new blank page: ~1.2 s more per call on this machine. Our pages have no
  // cross-origin frames (the one thing legacy mode leaves out). `options` replaces what it is given,
  // so it comes before `withTags`; only violations are serialised back.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}
