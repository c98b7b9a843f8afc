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
  // live update's refetch, say) is cancelled too; Chromium reports those cancellations as the new
  // document commits, often before Playwright's framenavigated, so a request started while a
  // navigation was pending is the navigation's when it fails before that navigation has committed
  // as well as after. Any other failure, and an abort within one document, still counts.
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
    // A navigation that fails never commits: the old document stays, and its own aborts count again.
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) navigationPending = false;
    const started = startedIn.get(req);
    const leftBehind =
      started !== undefined &&
      (started.navigations < navigationsStarted ||
        (started.duringNavigation && (started.commits < commits || navigationPending)));
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

/**
 * Problems a person would see at this width: the page wider than the window, or a visible control
 * (link, button, field) reaching outside an ancestor that clips or scrolls its overflow.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      problems.push(`page is ${root.scrollWidth}px wide in a ${root.clientWidth}px window`);
    }
    const describe = (el: Element) => {
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${name}"`;
    };
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"]',
    );
    for (const control of controls) {
      // Hidden on purpose: not rendered, screen-reader-only (1 px), or off-screen and aria-hidden.
      if (control.closest('[aria-hidden="true"], [hidden], .sr-only')) continue;
      const box = control.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(control).visibility === 'hidden') continue;
      if (box.right > root.clientWidth + 1 || box.left < -1) {
        problems.push(
          `${describe(control)} is outside the window (${Math.round(box.left)}–${Math.round(box.right)}px)`,
        );
        continue;
      }
      for (
        let parent = control.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const frame = parent.getBoundingClientRect();
        if (box.right > frame.right + 1 || box.left < frame.left - 1) {
          problems.push(
            `${describe(control)} is cut off by ${describe(parent)} (overflow ${style.overflowX})`,
          );
          break;
        }
      }
    }
    return problems;
  });
}

/**
 * Every US dollar amount under `selector` that the page shows broken over two lines ("1,260.00" at the
 * end of one line, "US$" at the start of the next, or a figure cut inside), as "1,260.00 US$ at 2
 * lines". Amounts are found in the text as each language writes them ("$1,260.00", "US$1,260.00",
 * "1,260.00 US$"); a line is a distinct top among the rectangles of the text they cover. With
 * `figuresOnly`, only the figures are held whole: the balance cards, where a seven-figure balance
 * may go under its "US$" on purpose, rather than be cut inside.
 */
export function splitAmounts(
  page: Page,
  selector = 'main',
  { figuresOnly = false }: { figuresOnly?: boolean } = {},
): Promise<string[]> {
  return page.evaluate(
    ({ selector, figuresOnly }) => {
      const found: string[] = [];
      const amount = figuresOnly
        ? /-?\d[\d,]*\.\d{2}/g
        : /(?:US)?\$-?[\d,]+\.\d{2}|-?[\d,]+\.\d{2}[ \u00a0]US\$/g;
      for (const root of document.querySelectorAll(selector)) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const match of text.matchAll(amount)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const tops = new Set(
              [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
            );
            if (tops.size > 1) found.push(`${match[0]} at ${tops.size} lines`);
          }
        }
      }
      return found;
    },
    { selector, figuresOnly },
  );
}
