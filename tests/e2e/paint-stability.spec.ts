import { expect, test, type Page } from '@playwright/test';
import { createMember, setBalances, openSignedIn } from './support/users';

/**
 * What Lighthouse's signed-in and form-page budgets depend on (docs/performance.md), checked the way a
 * phone sees the pages: nothing moves when a member's data arrives (CLS 0), and the sign-in page's
 * largest paint is its own card, not the footer below it.
 */

// Lighthouse's mobile screen.
test.use({ viewport: { width: 412, height: 823 } });

/** Records every layout shift of the page (from the first paint on) in window.__shifts. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Array<{ value: number; nodes: string[] }> = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: Array<{ node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
        }
      >) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          nodes: (entry.sources ?? []).map((s) =>
            s.node instanceof Element
              ? s.node.outerHTML.slice(0, 80) + JSON.stringify([s.previousRect, s.currentRect])
              : String(s.node),
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shifts = (page: Page) =>
  page.evaluate(async () => {
    // Two frames, so the last change has been laid out and reported.
    for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
    return (window as unknown as { __shifts: Array<{ value: number; nodes: string[] }> }).__shifts;
  });

/**
 * Holds the responses of requests matching `url` until release() is called, so the page is seen
 * with its placeholders first, as on a slow network.
 */
async function holdResponses(page: Page, url: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('the dashboard balances replace their placeholders without moving anything', async ({ page }) => {
  const member = await createMember({ username: 'Steady Balances' });
  await setBalances(member.id, { deposit_wallet: '5000.00', interest_wallet: '1250.75' });
  await openSignedIn(page, member);
  await recordShifts(page);
  const release = await holdResponses(page, /\/rest\/v1\/profiles\?/);
  await page.goto('/user-dashboard');
  await expect(page.getByRole('region', { name: 'Balances' })).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByTestId('balance-deposit_wallet')).toHaveText('$5,000.00');
  expect(await shifts(page)).toEqual([]);
});

test('the statement chart and ledger arrive without moving the page', async ({ page }) => {
  const member = await createMember({ username: 'Steady Statement' });
  await setBalances(member.id, { interest_wallet: '1250.75' });
  await setBalances(member.id, { interest_wallet: '1300.00' });
  await openSignedIn(page, member);
  await recordShifts(page);
  const release = await holdResponses(page, /\/rest\/v1\/rpc\/my_ledger/);
  await page.goto('/user/statement');
  await expect(page.getByRole('heading', { name: 'Ledger entries' })).toBeVisible();
  release();
  await expect(page.locator('figcaption')).toContainText('$1,300.00 now.');
  await expect(page.getByText('Your first monthly statement will appear here')).toBeVisible();
  expect(await shifts(page)).toEqual([]);
});

test('the deposit wallets replace their placeholders without moving the page', async ({ page }) => {
  const member = await createMember({ username: 'Steady Deposit' });
  await openSignedIn(page, member);
  await recordShifts(page);
  const release = await holdResponses(page, /\/rest\/v1\/rpc\/member_deposit_wallets/);
  await page.goto('/user/deposit');
  await expect(page.getByRole('heading', { name: 'Wallet Addresses' })).toBeVisible();
  await expect(page.locator('ul[aria-busy="true"]')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Bitcoin' })).toBeVisible();
  expect(await shifts(page)).toEqual([]);
});

test("on a phone, the sign-in page's largest paint is its card, not the footer", async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __lcp: string[] }).__lcp = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element | null }>)
        seen.push(entry.element?.closest('footer') ? 'footer' : (entry.element?.textContent?.trim() ?? '?'));
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // The footer starts below the first screen, whatever the frame in which it is painted.
  const footerTop = await page.locator('footer').evaluate((f) => f.getBoundingClientRect().top);
  expect(footerTop).toBeGreaterThanOrEqual(823);
  const candidates = await page.evaluate(async () => {
    for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
    return (window as unknown as { __lcp: string[] }).__lcp;
  });
  expect(candidates.at(-1)).toBe('Welcome back. Sign in to view your portfolio and balances.');
});

for (const path of ['/login', '/register', '/forgot-password', '/getintouch']) {
  test(`${path} draws its first frame before its form island's scripts are asked for`, async ({ page }) => {
    // The moment the browser renders the page's first frame (the stylesheet has arrived by then).
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as unknown as { __firstFrame: number }).__firstFrame = performance.now();
      });
    });
    await page.goto(path);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    const { firstFrame, scripts } = await page.evaluate(() => {
      const island = document.querySelector('astro-island');
      const urls = [island?.getAttribute('renderer-url'), island?.getAttribute('component-url')].map(
        (u) => new URL(u ?? '', location.href).href,
      );
      return {
        firstFrame: (window as unknown as { __firstFrame: number }).__firstFrame,
        scripts: urls.map((u) => performance.getEntriesByName(u)[0]?.startTime ?? -1),
      };
    });
    // Both the renderer and the form were requested, and only after that frame (without the hold they
    // are asked for as the HTML is parsed, before the stylesheet lets anything render).
    expect(firstFrame).toBeGreaterThan(0);
    for (const start of scripts) expect(start).toBeGreaterThanOrEqual(firstFrame);
  });
}

test('placeholders keep still for their first second, then pulse: a quick load is not a flicker of frames', async ({
  page,
}) => {
  const member = await createMember({ username: 'Still Placeholders' });
  await openSignedIn(page, member);
  const release = await holdResponses(page, /\/rest\/v1\/rpc\/member_deposit_wallets/);
  await page.goto('/user/deposit');
  await expect(page.locator('ul[aria-busy="true"]')).toBeVisible();
  // Every pulsing placeholder on the page, seen at 0.9 s and at 1.5 s of its animation.
  const opacities = await page.evaluate(() =>
    document.getAnimations().flatMap((animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      if (!(animation instanceof CSSAnimation) || animation.animationName !== 'pulse' || !target) return [];
      animation.pause();
      const at = (ms: number) => {
        animation.currentTime = ms;
        return Number(getComputedStyle(target).opacity);
      };
      return [{ still: at(900), pulsing: at(1500) }];
    }),
  );
  expect(opacities.length).toBeGreaterThanOrEqual(4);
  for (const { still, pulsing } of opacities) {
    expect(still).toBe(1);
    expect(pulsing).toBeLessThan(0.9);
  }
  release();
  await expect(page.getByRole('heading', { name: 'Bitcoin' })).toBeVisible();
});
