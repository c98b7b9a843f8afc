import { expect, test, type Locator, type Page } from '@playwright/test';
import { FREEZE_LIFT_SENTENCE } from '../../src/lib/freeze-words';
import { adminSignIn } from './admin-helpers';
import { expectNoAxeViolations } from './support/page-checks';
import { createAdmin, createMember, gotoReady, setBalances, openSignedIn } from './support/users';

/**
 * Issue 35's small defects of the member portal and the public site, each as a person meets it:
 * dates on the firm's clock, one sentence on lifting a freeze, the dashboard and notifications on a
 * phone, the header's account link, and the public pages' loose ends.
 */

/** "27 Nov 2026, 20:40 HKT" (src/lib/date-time.ts), never "11/27/2026, 12:40:36 PM". */
const HONG_KONG_TIME = /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} HKT$/;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element has no box (not visible)');
  return found;
}

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('member portal', () => {
  test('a freeze is explained in one sentence in the dialog, the banner and the notification; times are Hong Kong time', async ({
    page,
  }) => {
    const member = await createMember({ username: 'Fay Freeze' });
    await openSignedIn(page, member, '/user/notifications');
    await expect(page).toHaveURL(/\/user\/notifications$/);

    await page.getByRole('button', { name: 'Freeze withdrawals' }).click();
    const dialog = page.getByRole('dialog', { name: 'Freeze withdrawals?' });
    await expect(dialog).toContainText(FREEZE_LIFT_SENTENCE);
    await dialog.getByRole('button', { name: 'Freeze now' }).click();

    // The toast stays clear of the header and its bell.
    const toast = page.getByText('Withdrawals are frozen.', { exact: true });
    await expect(toast).toBeVisible();
    // Hovering pauses the toast's timer, so it is still there to be measured on a slow machine.
    await toast.hover();
    const toastBox = await box(toast);
    const bell = page.locator('a[href="/user/notifications"]').first();
    expect(overlaps(toastBox, await box(bell))).toBe(false);
    expect(toastBox.y).toBeGreaterThan((page.viewportSize()?.height ?? 0) / 2);
    await page.mouse.move(0, 0);

    const banner = page.getByTestId('withdrawals-frozen');
    await expect(banner).toContainText(FREEZE_LIFT_SENTENCE);

    const notice = page
      .getByRole('list', { name: 'Notifications, newest first' })
      .getByRole('listitem')
      .filter({
        hasText: 'Withdrawals frozen',
      });
    await expect(notice).toContainText(`You froze withdrawals from your account. ${FREEZE_LIFT_SENTENCE}`);
    await expect(notice.locator('time')).toHaveText(HONG_KONG_TIME);

    await gotoReady(page, '/user/activity');
    const line = page.getByRole('listitem').filter({ hasText: 'Withdrawals frozen' });
    await expect(line).toContainText(FREEZE_LIFT_SENTENCE);
    await expect(line.locator('time')).toHaveText(HONG_KONG_TIME);

    await gotoReady(page, '/user/freeze');
    await expect(page.getByText(/^Frozen since/)).toContainText(
      /\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} HKT/,
    );
  });

  test('on a phone the dashboard shows the balances two to a row, and notifications have a compact "Mark as read"', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const member = await createMember({ username: 'Pia Phone' });
    await setBalances(member.id, { deposit_wallet: '1234567.89', interest_wallet: '250.5' });
    await openSignedIn(page, member, '/user-dashboard');
    await gotoReady(page, '/user-dashboard');
    await expect(page.getByText('Hello, Pia Phone')).toBeVisible();
    await expect(page.getByTestId('balance-deposit_wallet')).toHaveText('$1,234,567.89');

    const cards = page.getByRole('region', { name: 'Balances' }).getByRole('listitem');
    await expect(cards).toHaveCount(6);
    const boxes = [];
    for (let i = 0; i < 6; i += 1) boxes.push(await box(cards.nth(i)));
    const rows = new Set(boxes.map((b) => Math.round(b.y)));
    expect(rows.size).toBe(3);
    for (const b of boxes) expect(b.width).toBeLessThan(180);
    // All six fit in the first screen, with room below.
    expect(Math.max(...boxes.map((b) => b.y + b.height))).toBeLessThan(740);
    await expectNoAxeViolations(page);

    await gotoReady(page, '/user/notifications');
    const button = page.getByRole('button', { name: /^Mark as read: / }).first();
    await expect(button).toBeVisible();
    const { height, width } = await box(button);
    expect(height).toBeGreaterThanOrEqual(24);
    expect(height).toBeLessThanOrEqual(36);
    expect(width).toBeLessThan(140);
    // Beside its notice, not on a line of its own below it.
    const item = page
      .getByRole('list', { name: 'Notifications, newest first' })
      .getByRole('listitem')
      .first();
    const title = item.locator('p').first();
    expect((await box(button)).y).toBeLessThan((await box(title)).y + (await box(title)).height);
    await expectNoAxeViolations(page);
  });
});

test.describe('public header', () => {
  // The bar's first action link, as a person sees it (the other two stay hidden; the mobile menu has
  // its own copy).
  const accountLink = (page: Page) => page.locator('[data-site-header] nav + div').getByRole('link').first();

  test('says "My account" to a signed-in member and leads to their dashboard', async ({ page }) => {
    await page.goto('/');
    await expect(accountLink(page)).toHaveText('Sign In');
    await expect(accountLink(page)).toHaveAttribute('href', '/login');

    const member = await createMember();
    await openSignedIn(page, member);
    for (const path of ['/', '/loan', '/getintouch']) {
      await page.goto(path);
      await expect(accountLink(page)).toHaveText('My account');
      await expect(accountLink(page)).toHaveAttribute('href', '/user-dashboard');
    }
    await accountLink(page).click();
    await page.waitForURL('**/user-dashboard');
  });

  test('leads staff to the admin area', async ({ page }) => {
    const admin = await createAdmin();
    // Through the form: the sign-in is what marks this browser as staff's (src/lib/account-link.ts).
    await adminSignIn(page, admin);
    await page.goto('/aboutus');
    await expect(accountLink(page)).toHaveText('My account');
    await expect(accountLink(page)).toHaveAttribute('href', '/admin/home');
  });
});

test.describe('public pages', () => {
  test('the contact page keeps the space before the partnerships address', async ({ page }) => {
    await page.goto('/getintouch');
    const text = (await page.locator('[data-partnerships]').textContent())?.replace(/\s+/g, ' ');
    expect(text).toContain('e-mail partnerships@liquidcapital.example.');
  });

  test('an empty contact form at 1440 px shows its message below the sticky header', async ({ page }) => {
    await gotoReady(page, '/getintouch');
    const send = page.getByRole('button', { name: /send/i });
    await send.scrollIntoViewIfNeeded();
    await send.click();
    const message = page.locator('form [role="alert"]');
    await expect(message).toBeVisible();
    await expect(page.getByLabel('Name')).toBeFocused();
    // Let the scroll settle, then the message must sit below the header, not under it.
    await page.waitForTimeout(300);
    const header = await box(page.locator('[data-site-header]'));
    const shown = await box(message);
    expect(shown.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(shown.y + shown.height).toBeLessThanOrEqual(page.viewportSize()?.height ?? 0);
  });

  test('a confirmation link without a code shows only the error', async ({ page }) => {
    await gotoReady(page, '/auth/confirm');
    await expect(page.getByText(/This confirmation link is invalid or has expired/)).toBeVisible();
    await expect(page.getByText('One moment while we sign you in')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('the 404 watermark stays clear of the right edge at 1440 px', async ({ page }) => {
    await page.goto('/no-such-page');
    const mark = await box(page.locator('section svg[aria-hidden="true"] text').first());
    expect(mark.x + mark.width).toBeLessThanOrEqual(1440 - 24);
    await expectNoAxeViolations(page);
  });

  test('the legal pages date their last update as every date on the site', async ({ page }) => {
    await page.goto('/terms-of-service');
    await expect(page.getByText(/^Last updated:/)).toHaveText(/^Last updated: \d{1,2} [A-Z][a-z]{2} \d{4}$/);
  });
});
