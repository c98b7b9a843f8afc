import { expect, test, type Page } from '@playwright/test';
import { answerSecondFactorPrompt } from './admin-helpers';
import {
  createAdmin,
  createMember,
  depositFor,
  setBalances,
  signInThroughUi,
  signedInClient,
} from './support/users';
import { paidWithdrawalFor } from './support/addresses';
import { nextTotpCode } from '../support/totp';

/**
 * The first screen before React (issue 24): member and admin pages read their first data with the
 * stored session from an inline script and paint it into the skeleton the page was built with; the
 * island then takes over without a visible change. Each test holds React's renderer back, so what it
 * sees first is the early paint alone, then releases it and compares.
 */

// Lighthouse's mobile screen.
test.use({ viewport: { width: 412, height: 823 } });

/** Holds the React renderer (and with it every island) until release() is called. */
async function holdIslands(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/client\.[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Where an element is on screen (rounded to the pixel). */
async function placeOf(locator: import('@playwright/test').Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width) };
}

/** Every layout shift from the first paint on, in window.__shifts. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >)
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shifts = (page: Page) =>
  page.evaluate(async () => {
    for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
    return (window as unknown as { __shifts: number[] }).__shifts;
  });

/**
 * Moves to a page without the Supabase client (a static one, same origin, same storage), so the page
 * before it can no longer refresh the token or read anything while the test watches.
 */
async function settleOnStaticPage(page: Page) {
  await page.goto('/terms-of-service');
}

/** The requests to the Supabase REST API the page has made, in order. */
function restRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/rest/v1/') && request.method() !== 'OPTIONS')
      seen.push(`${request.method()} ${url.pathname}`);
  });
  return seen;
}

/** The island has rendered (Astro drops `ssr` once it has). */
const islandTookOver = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);

for (const width of [412, 1280]) {
  test(`the dashboard paints every balance before React, and React takes over the same markup (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const member = await createMember({ username: 'Early Balances' });
    // Total Deposit and Total Withdraw are sums of real deposits and paid withdrawals; the four
    // accounts are then set by operator corrections.
    await depositFor(member, { quantity: '1234567.89', rate: '1' });
    await paidWithdrawalFor(member, { amount: '10' });
    await setBalances(member.id, {
      deposit_wallet: '5000',
      interest_wallet: '1250.75',
      total_invest: '0.5',
      referral: '3.00',
    });
    await signInThroughUi(page, member);
    await recordShifts(page);
    const release = await holdIslands(page);
    await page.goto('/user-dashboard');

    const balances = page.getByRole('region', { name: 'Balances' });
    const expected: Record<string, string> = {
      deposit_wallet: '$5,000.00',
      interest_wallet: '$1,250.75',
      total_invest: '$0.50',
      total_deposit: '$1,234,567.89',
      total_withdraw: '$10.00',
      referral: '$3.00',
    };
    for (const [account, text] of Object.entries(expected))
      await expect(page.getByTestId(`balance-${account}`)).toHaveText(text);
    await expect(balances).toHaveAttribute('aria-busy', 'false');
    // React has not run: this is the skeleton the page was built with, filled in.
    await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
    await expect(page.getByRole('status', { name: 'Loading your account' })).toBeVisible();
    const early = await balances.innerHTML();
    expect(early).not.toContain('data-balance-slot');
    const earlyPlace = await placeOf(balances);
    // The early cards look like the page's buttons but do nothing yet: they take no focus.
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
    expect(await balances.evaluate((el) => el.contains(document.activeElement))).toBe(false);
    expect(await balances.evaluate((el) => el.closest('[inert]') !== null)).toBe(true);

    release();
    await islandTookOver(page);
    await expect(page.getByText('Hello, Early Balances')).toBeVisible();
    // React's own cards: the same elements, text and attributes as the early paint, in the same place
    // (React replaces the skeleton's nodes, which CLS does not count: the place is checked here).
    expect(await balances.innerHTML()).toBe(early);
    expect(await placeOf(balances)).toEqual(earlyPlace);
    // The member's plan list arrives after the takeover, into a placeholder of its height: once it is
    // there, still nothing has moved.
    await expect(page.locator('[data-plan]').first()).toBeVisible();
    expect(await shifts(page)).toEqual([]);
  });
}

test('the deposit page paints the balances early too', async ({ page }) => {
  const member = await createMember({ username: 'Early Deposit' });
  await setBalances(member.id, { deposit_wallet: '42.10' });
  await signInThroughUi(page, member);
  const release = await holdIslands(page);
  await page.goto('/user/deposit');
  await expect(page.getByTestId('balance-deposit_wallet')).toHaveText('$42.10');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
  release();
  await islandTookOver(page);
  await expect(page.getByRole('heading', { name: 'Wallet Addresses' })).toBeVisible();
  await expect(page.getByTestId('balance-deposit_wallet')).toHaveText('$42.10');
});

test('a visitor without a session: no early read, placeholders only, then the sign-in page', async ({
  page,
}) => {
  const requests = restRequests(page);
  const release = await holdIslands(page);
  await page.goto('/user-dashboard');
  await page.waitForLoadState('load');
  await expect(page.locator('[data-balance-slot]')).toHaveCount(6);
  await expect(page.locator('[data-testid^="balance-"]')).toHaveCount(0);
  expect(requests).toEqual([]);
  release();
  await page.waitForURL('**/login?next=%2Fuser-dashboard');
});

test('a token within 30 s of its end is left to the client: no early read', async ({ page }) => {
  const member = await createMember({ username: 'Early Expiry' });
  await setBalances(member.id, { deposit_wallet: '7' });
  await signInThroughUi(page, member);
  await settleOnStaticPage(page);
  // Move the stored expiry to 29 s from now: inside the margin the client refreshes first.
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
    if (!key) throw new Error('no stored session');
    const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as { expires_at: number };
    stored.expires_at = Math.floor(Date.now() / 1000) + 29;
    localStorage.setItem(key, JSON.stringify(stored));
  });
  const requests = restRequests(page);
  const release = await holdIslands(page);
  await page.goto('/user-dashboard');
  await page.waitForLoadState('load');
  expect(requests).toEqual([]);
  await expect(page.locator('[data-balance-slot]')).toHaveCount(6);
  release();
  // The client refreshes the token, then reads the balances itself.
  await expect(page.getByTestId('balance-deposit_wallet')).toHaveText('$7.00');
});

test('a member who still owes the authenticator code gets nothing early (the database refuses aal1)', async ({
  page,
}) => {
  const member = await createMember({ username: 'Early Factor' });
  await setBalances(member.id, { deposit_wallet: '900' });
  const client = await signedInClient(member);
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  if (enrolled.error) throw enrolled.error;
  const secret = enrolled.data.totp.secret;
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: enrolled.data.id,
    code: await nextTotpCode(secret),
  });
  if (verified.error) throw verified.error;

  // Password only: the session in storage is aal1 while the code prompt waits.
  await page.goto('/login');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your authenticator code' })).toBeVisible();
  await settleOnStaticPage(page);

  const requests = restRequests(page);
  const release = await holdIslands(page);
  await page.goto('/user-dashboard');
  await page.waitForLoadState('load');
  // The early read was made, with the aal1 token, and came back empty.
  await expect.poll(() => requests).toEqual(['GET /rest/v1/profiles']);
  await expect(page.locator('[data-balance-slot]')).toHaveCount(6);
  await expect(page.getByText('$900.00')).toHaveCount(0);
  release();
  await page.waitForURL('**/login?next=%2Fuser-dashboard');
});

const EARLY_STATEMENTS = [
  {
    path: '/user/statement',
    caption: /^Total value, \w+ \d{4} \(Hong Kong time\): \$0\.00 at the start, \$1,300\.00 now\.$/,
    chart: /^Total value, \w+ \d{4}: \$1,300\.00$/,
    ledger: 'Ledger entries',
  },
  {
    // The Arabic page: its words come with the placeholder, the amounts isolated left to right.
    path: '/ar/user/statement',
    caption:
      /^القيمة الإجمالية، \S+ \d{4} \(بتوقيت هونغ كونغ\): \u20660\.00\u00a0US\$\u2069 في البداية، و\u20661,300\.00\u00a0US\$\u2069 الآن\.$/,
    // An accessible name has its spaces made plain (the no-break space included).
    chart: /^القيمة الإجمالية، \S+ \d{4}: \u20661,300\.00\sUS\$\u2069$/,
    ledger: 'قيود الحساب',
  },
];

for (const early of EARLY_STATEMENTS) {
  test(`the statement paints its chart caption before React, and keeps it: ${early.path}`, async ({
    page,
  }) => {
    const member = await createMember({ username: 'Early Statement' });
    await setBalances(member.id, { interest_wallet: '1250.75' });
    await setBalances(member.id, { interest_wallet: '1300.00' });
    await signInThroughUi(page, member);
    await recordShifts(page);
    const release = await holdIslands(page);
    await page.goto(early.path);
    const caption = page.locator('figcaption');
    // This month's total value, from the entries just made (there was nothing before them).
    await expect(caption).toHaveText(early.caption);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
    await expect(page.getByRole('img')).toHaveCount(0);
    const captionPlace = await placeOf(caption);
    // An Arabic page swaps in its own face when it has loaded (font-display: swap), which may nudge a
    // heading by a pixel; what is measured here is React's takeover, after the page's fonts are in.
    await page.evaluate(() => document.fonts.ready);
    const beforeTakeover = (await shifts(page)).length;
    release();
    await islandTookOver(page);
    await expect(page.getByRole('img', { name: early.chart })).toBeVisible();
    await expect(caption).toHaveText(early.caption);
    expect(await placeOf(caption)).toEqual(captionPlace);
    await expect(page.getByRole('heading', { name: early.ledger })).toBeVisible();
    expect((await shifts(page)).slice(beforeTakeover)).toEqual([]);
    if (early.path === '/user/statement') expect(await shifts(page)).toEqual([]);
  });
}

test('admin pages paint who is signed in before React; a member gets no line', async ({ page, browser }) => {
  const admin = await createAdmin({ username: 'Early Admin', role: 'finance' });
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await answerSecondFactorPrompt(page, admin);
  await page.waitForURL('**/admin/home');
  await islandTookOver(page);

  await recordShifts(page);
  const release = await holdIslands(page);
  await page.goto('/admin/requests');
  const line = `Signed in as ${admin.email} (Finance)`;
  await expect(page.getByText(line)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Requests', level: 1 })).toBeVisible();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
  const linePlace = await placeOf(page.getByText(line));
  release();
  await islandTookOver(page);
  // The real shell: its menu button (the sidebar is a drawer at this width).
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  await expect(page.getByText(line)).toBeVisible();
  expect(await placeOf(page.getByText(line))).toEqual(linePlace);
  expect(await shifts(page)).toEqual([]);

  // A member (no staff role): the database answers null, the line stays a placeholder.
  const member = await createMember({ username: 'Early Outsider' });
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const other = await context.newPage();
  await signInThroughUi(other, member);
  await settleOnStaticPage(other);
  const requests = restRequests(other);
  const hold = await holdIslands(other);
  await other.goto('/admin/users');
  await other.waitForLoadState('load');
  await expect.poll(() => requests).toEqual(['POST /rest/v1/rpc/my_staff_role']);
  await expect(other.locator('[data-staff-slot]')).toHaveCount(1);
  await expect(other.getByText('Signed in as')).toHaveCount(0);
  hold();
  await other.waitForURL('**/user-dashboard');
  await context.close();
});

test("the island's scripts wait for the early paint, and for at most a second when the read hangs", async ({
  page,
}) => {
  const member = await createMember({ username: 'Early Order' });
  await setBalances(member.id, { deposit_wallet: '12' });
  await signInThroughUi(page, member);
  await settleOnStaticPage(page);

  // In order: the early read answered, then React's renderer was asked for.
  const events: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/rest/v1/profiles')
      events.push('profile read');
  });
  page.on('request', (request) => {
    if (/\/_astro\/client\.[\w-]+\.js$/.test(request.url())) events.push('renderer requested');
  });
  await page.goto('/user-dashboard');
  await islandTookOver(page);
  expect(events.slice(0, 2)).toEqual(['profile read', 'renderer requested']);

  // The read held: the island goes ahead anyway, after the cap, and shows the placeholders until then.
  await settleOnStaticPage(page);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/rest\/v1\/profiles\?/, async (route) => {
    await released;
    await route.continue();
  });
  const renderer = page.waitForRequest(/\/_astro\/client\.[\w-]+\.js$/);
  const started = Date.now();
  await page.goto('/user-dashboard');
  await renderer;
  const waited = Date.now() - started;
  expect(waited).toBeGreaterThanOrEqual(900);
  expect(waited).toBeLessThan(5000);
  await expect(page.locator('[data-testid^="balance-"]')).toHaveCount(0);
  release();
  await expect(page.getByTestId('balance-deposit_wallet')).toHaveText('$12.00');
});
