import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/page-checks';
import { runTag, openAsStaff } from './admin-helpers';
import { createAdmin, createMember, gotoReady, openSignedIn } from './support/users';
import { SUPPORT_EMAIL } from '../../src/config/site';

// Issue 35, "brand, disclosures and support", as members and staff meet it: a Support entry in both
// sidebars and its page (e-mail, the phone from site config, the chat only when one is configured:
// this build has none), the logo mark in the sidebar, and real token marks where assets are listed.

/** Every mark shown is a loaded picture; returns each asset's picture address. */
async function marksOf(scope: Locator): Promise<Map<string, string>> {
  const marks = scope.locator('img[data-token-mark]');
  await expect(marks.first()).toBeVisible();
  const found = new Map<string, string>();
  for (const mark of await marks.all()) {
    await expect(mark).toHaveJSProperty('complete', true);
    expect(await mark.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    found.set((await mark.getAttribute('data-token-mark')) ?? '', (await mark.getAttribute('src')) ?? '');
  }
  return found;
}

function expectDistinctStablecoins(marks: Map<string, string>) {
  expect(marks.get('USDT')).toBeTruthy();
  expect(marks.get('USDC')).toBeTruthy();
  expect(marks.get('USDT')).not.toBe(marks.get('USDC'));
}

async function expectSupportPage(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  const channels = page.locator('[data-support-channels]');
  const email = channels.getByRole('link', { name: SUPPORT_EMAIL });
  await expect(email).toHaveAttribute('href', new RegExp(`^mailto:${SUPPORT_EMAIL}`));
  // The phone is still a placeholder here: marked, not a link, not offered in the copy.
  await expect(channels.getByRole('term').filter({ hasText: 'Phone' })).toBeVisible();
  await expect(channels.locator('mark[data-to-fill]')).toHaveText(/^To fill: /);
  // No chat is configured in this build, so none is offered.
  await expect(channels.getByRole('term').filter({ hasText: 'Live chat' })).toHaveCount(0);
  await expect(page.getByText('There is no live chat at the moment.')).toBeVisible();
}

test('a member finds Support in the sidebar; no text names a chat that does not exist', async ({ page }) => {
  const member = await createMember({ username: `Sam Support ${runTag()}` });
  await openSignedIn(page, member, '/user-dashboard');
  const nav = page.getByRole('navigation', { name: 'Member area navigation' });
  await expect(
    page.getByRole('complementary', { name: 'Member area' }).locator('img[data-logo-mark]'),
  ).toBeVisible();

  // The Withdraw dialog points to what exists: e-mail, no chat.
  await nav.getByRole('button', { name: 'Withdraw' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdrawal!' });
  await expect(dialog).toContainText('contact support by e-mail for assistance.');
  await expect(dialog).not.toContainText(/chat/i);
  await dialog.getByRole('button', { name: 'Okay' }).click();

  await nav.getByRole('link', { name: 'Support' }).click();
  await page.waitForURL('**/user/support');
  await expect(nav.getByRole('link', { name: 'Support' })).toHaveAttribute('aria-current', 'page');
  await expectSupportPage(page);
  await expectNoAxeViolations(page);

  // The deposit dialog and the withdrawal page say the same.
  await gotoReady(page, '/user/deposit');
  await page.getByRole('button', { name: "I've made the deposit" }).click();
  const deposit = page.getByRole('dialog', { name: "I've made the deposit" });
  await expect(deposit).toContainText('Please contact support by e-mail for assistance.');
  await expect(deposit).not.toContainText(/chat/i);
  await deposit.getByRole('button', { name: 'Okay' }).click();
  await gotoReady(page, '/user/withdraw');
  await expect(page.getByRole('main')).not.toContainText(/support chat/i);
});

test('member deposit wallets show each token mark, USDT and USDC different', async ({ page }) => {
  const member = await createMember({ username: `Mark Member ${runTag()}` });
  await openSignedIn(page, member, '/user/deposit');
  await expect(page.getByRole('heading', { name: 'Wallet Addresses' })).toBeVisible();
  const bitcoin = page.getByRole('article', { name: 'Bitcoin', exact: true });
  await expect(bitcoin.locator('img[data-token-mark="BTC"]')).toBeVisible();
  expectDistinctStablecoins(await marksOf(page.getByRole('main')));
});

test('staff find Support in the sidebar, the logo mark, and token marks on the wallet list', async ({
  page,
}) => {
  const admin = await createAdmin({ username: `supp${runTag()}`, role: 'support' });
  await openAsStaff(page, admin);
  const nav = page.getByRole('navigation', { name: 'Admin navigation' });
  await expect(
    page.getByRole('complementary', { name: 'Admin' }).locator('img[data-logo-mark]'),
  ).toBeVisible();
  await nav.getByRole('link', { name: 'Support' }).click();
  await page.waitForURL('**/admin/support');
  await expectSupportPage(page);
  await expectNoAxeViolations(page);

  await nav.getByRole('link', { name: 'Wallets' }).click();
  await page.waitForURL('**/admin/wallets');
  const marks = await marksOf(page.getByRole('main'));
  expectDistinctStablecoins(marks);
  expect([...marks.keys()].sort()).toEqual(['BTC', 'ETH', 'USDC', 'USDT', 'XRP']);
});

test('the public asset strip shows token marks instead of letter discs', async ({ page }) => {
  await page.goto('/asset-management');
  const strip = page.locator('[data-list="assets"]');
  const marks = await marksOf(strip);
  expectDistinctStablecoins(marks);
});
