import { expect, test, type Page } from '@playwright/test';
import { findUser, openAsStaff } from './admin-helpers';
import { createAdmin, createMember, setBalances, openSignedIn } from './support/users';
import ar from '../../src/i18n/catalogs/ar';

/**
 * Parts of a page that load after it (dialogs, lists, notices: src/components/islands/shared/lazyPart.tsx)
 * whose code cannot be fetched: the connection dropped after the page, or a deploy replaced the file.
 * The page must stay, with the part replaced by a message and a reload; a plain React.lazy would
 * unmount the whole island and leave the member a blank page.
 *
 * Each case refuses one part's file (the build names a lazy chunk after its module) and checks the
 * page around it, the message in the part's place, and for dialogs that the stand-in closes like one.
 */

const MESSAGE = 'This part of the page could not be loaded. Check your connection, then reload the page.';

/** Refuses every request for the lazy chunk(s) built from the named modules. */
async function refuseChunks(page: Page, ...modules: string[]) {
  for (const name of modules) await page.route(`**/_astro/${name}.*.js`, (route) => route.abort());
}

test('a dialog whose code does not arrive says so, closes like a dialog, and a reload brings it back', async ({
  page,
}) => {
  const member = await createMember({ username: 'Lazlo Lazy' });
  await refuseChunks(page, 'ReferralsDialog');
  await openSignedIn(page, member);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  const opener = page.getByRole('button', { name: /Referral Earnings/ });
  await opener.click();
  const standIn = page.getByRole('dialog', { name: MESSAGE });
  await expect(standIn).toBeVisible();
  await expect(standIn.getByRole('button', { name: 'Close' })).toBeFocused();
  // The page behind it is whole.
  await expect(page.getByRole('listitem').filter({ hasText: 'Interest Wallet Balance' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(standIn).toHaveCount(0);
  await expect(opener).toBeFocused();

  await opener.click();
  await standIn.getByRole('button', { name: 'Close' }).click();
  await expect(standIn).toHaveCount(0);

  // Back online: the stand-in's reload brings the real dialog.
  await page.unrouteAll();
  await opener.click();
  await standIn.getByRole('button', { name: 'Reload page' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /Referral Earnings/ }).click();
  await expect(page.getByRole('dialog', { name: /^Referrals/ })).toBeVisible();
});

test('on an Arabic page the stand-in speaks Arabic', async ({ page }) => {
  const member = await createMember({ username: 'لينا' });
  await refuseChunks(page, 'ReferralsDialog');
  await openSignedIn(page, member, '/ar/user-dashboard');
  await page.getByRole('button', { name: new RegExp(ar.member.balances.cards.referral.label) }).click();
  const standIn = page.getByRole('dialog', { name: ar.document.partUnavailable });
  await expect(standIn).toBeVisible();
  await expect(standIn.getByRole('button', { name: ar.document.partReload })).toBeVisible();
  await standIn.getByRole('button', { name: ar.document.partClose }).click();
  await expect(standIn).toHaveCount(0);
});

test('the dashboard keeps its balances when the plans section cannot load', async ({ page }) => {
  const member = await createMember({ username: 'Petra Plans' });
  await setBalances(member.id, { total_invest: '5000.00' }, 'Opening balance');
  await refuseChunks(page, 'PlansSummary');
  await openSignedIn(page, member);
  await expect(page.getByText('Your plans could not be loaded. Reload the page to try again.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Total Invest' })).toContainText('$5,000.00');
});

test('withdraw, deposit and security pages stay whole when a part of them cannot load', async ({ page }) => {
  const member = await createMember({ username: 'Wanda Wobbly' });
  await refuseChunks(
    page,
    'RequestList',
    'SecurityHoldNotice',
    'DepositNotices',
    'AuthenticatorSection',
    'FreezeWithdrawals',
  );
  await openSignedIn(page, member, '/user/withdraw');
  await expect(page.getByRole('heading', { name: 'Withdraw', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGE }).first()).toBeVisible();
  await expect(page.getByLabel('Amount (USD)')).toBeVisible();

  await page.getByRole('link', { name: 'Deposit', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Deposit', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGE })).toBeVisible();
  await expect(page.getByRole('button', { name: "I've made the deposit" })).toBeVisible();

  await page.goto('/user/security');
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGE }).first()).toBeVisible();
  await expect(page.getByLabel('New e-mail address')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGE })).toHaveCount(2);
});

test('staff keep the users table when a dialog of it cannot load', async ({ page }) => {
  const admin = await createAdmin({ role: 'auditor' });
  const member = await createMember({ username: 'Hugo History' });
  await refuseChunks(page, 'LedgerDialog');
  await openAsStaff(page, admin, '/admin/users');
  await findUser(page, member);
  const opener = page.getByRole('button', { name: `History of ${member.username}` });
  await opener.click();
  const standIn = page.getByRole('dialog', { name: MESSAGE });
  await expect(standIn).toBeVisible();
  await standIn.getByRole('button', { name: 'Close' }).click();
  await expect(standIn).toHaveCount(0);
  await expect(opener).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
});

test('approvals, the audit log and the address book stay whole when a part of them cannot load', async ({
  page,
}) => {
  const finance = await createAdmin({ role: 'finance' });
  await refuseChunks(page, 'OtherChanges', 'SettingsPanel', 'AnchorPanel', 'SecurityHoldNotice');
  await openAsStaff(page, finance, '/admin/approvals');
  await expect(page.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  // The money queue is there; the two sections below it say they could not load.
  await expect(
    page
      .getByRole('list', { name: 'Transfers awaiting approval, oldest first' })
      .or(page.getByText('No transfers are awaiting approval.')),
  ).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGE })).toHaveCount(2);

  const owner = await createAdmin({ role: 'owner' });
  await openAsStaff(page, owner, '/admin/audit');
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGE })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Verify chain' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Audit events, newest first' })).toBeVisible();

  const member = await createMember({ username: 'Abel Address' });
  await openSignedIn(page, member, '/user/addresses');
  await expect(page.getByRole('heading', { name: 'Addresses', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGE })).toHaveCount(1);
  await expect(page.getByLabel('Address', { exact: true })).toBeVisible();
});

test('a dialog whose code arrives after the click answers Escape the moment it is drawn', async ({
  page,
}) => {
  const member = await createMember({ username: 'Esme Escape' });
  await openSignedIn(page, member, '/user/deposit');
  await expect(page.getByRole('heading', { name: 'Wallet Addresses' })).toBeVisible();
  // A member who presses Escape as soon as the dialog shows: the key is sent from the very change
  // that draws it (a MutationObserver runs before the page's next task), on its first opening, when
  // its code has just arrived.
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[role="dialog"]')) return;
      observer.disconnect();
      document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      document.body.dataset.escapeSent = 'yes';
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  const opener = page.getByRole('button', { name: "I've made the deposit" });
  await opener.click();
  // The dialog was drawn and the key sent; it must be gone, and stay gone.
  await expect(page.locator('body[data-escape-sent="yes"]')).toHaveCount(1);
  const dialog = page.getByRole('dialog', { name: "I've made the deposit" });
  await expect(dialog).toBeHidden();
  await page.waitForTimeout(300);
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
