import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, waitUntilSettled, watchPage } from './support/page-checks';
import { type Account, adminSignIn, runTag } from './admin-helpers';
import { createAdmin, createMember, gotoReady, signInThroughUi, signedInClient } from './support/users';
import { saveScreen } from './support/screens';

const GUARDED = [
  '/admin/home',
  '/admin/users',
  '/admin/requests',
  '/admin/wallets',
  '/admin/messages',
  '/admin/admins',
  '/admin/approvals',
  '/admin/plans',
  '/admin/statements',
  '/admin/audit',
  '/admin/support',
];

let admin: Account;
let member: Account;

// A fresh admin per test: an authenticator gives about three codes at once, then one per 30 s
// (a step is never accepted twice), so one admin shared by a file's sign-ins waits on the clock.
test.beforeEach(async () => {
  const tag = runTag();
  [admin, member] = await Promise.all([
    createAdmin({ username: `adm${tag}` }),
    createMember({ username: `mem${tag}` }),
  ]);
});

test('an admin signs in, lands on /admin/home after the toast, and sees the sidebar', async ({ page }) => {
  const watch = watchPage(page);
  await adminSignIn(page, admin);
  const nav = page.getByRole('navigation', { name: 'Admin navigation' });
  for (const name of ['Home', 'Users', 'Requests', 'Wallets', 'Messages', 'Admins', 'Website', 'Log Out']) {
    // A page with work waiting carries its count after the name: "Requests 2 waiting" (the work queue).
    const named = new RegExp(`^${name}( \\d+ waiting)?$`);
    await expect(nav.getByRole(name === 'Log Out' ? 'button' : 'link', { name: named })).toBeVisible();
  }
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  watch.assertClean();

  await nav.getByRole('button', { name: 'Log Out' }).click();
  await page.waitForURL('**/admin/login');
  await page.goto('/admin/users');
  await page.waitForURL('**/admin/login?next=*');
});

test('the password can be shown and hidden', async ({ page }) => {
  await gotoReady(page, '/admin/login');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret-value');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

test('wrong credentials are refused with a clear message', async ({ page }) => {
  await gotoReady(page, '/admin/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('a member is refused at admin sign-in and signed out again', async ({ page }) => {
  await gotoReady(page, '/admin/login');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This account does not have admin access.')).toBeVisible();
  // Refused means signed out again: the session leaves storage, and the page stays on the sign-in.
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('sb-'))))
    .toEqual([]);
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/admin\/login$/);
  // Signed out: a guarded page sends this browser to the admin sign-in, not the member dashboard.
  await page.goto('/admin/home');
  await page.waitForURL('**/admin/login?next=*');
});

test('a visitor opening any admin page is sent to /admin/login without seeing admin content', async ({
  page,
}) => {
  for (const path of GUARDED) {
    const adminData: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/rest/v1/')) adminData.push(response.url());
    });
    await page.goto(path);
    await page.waitForURL(`**/admin/login?next=${encodeURIComponent(path)}`);
    expect(adminData).toEqual([]);
  }
});

test('a member opening any admin page is sent to /user-dashboard, and the database refuses them directly', async ({
  page,
}) => {
  await signInThroughUi(page, member);
  for (const path of GUARDED) {
    await page.goto(path);
    await page.waitForURL('**/user-dashboard');
    await expect(page.getByRole('table')).toHaveCount(0);
  }

  // The same member scripting supabase-js against the API: every admin function says no.
  const client = await signedInClient(member);
  const calls = {
    admin_search_users: { p_search: '', p_sort: 'created_at', p_ascending: true, p_limit: 25, p_offset: 0 },
    propose_correction: {
      p_user_id: member.id,
      p_account: 'interest_wallet',
      p_amount: '1000000',
      p_category: 'goodwill',
      p_client_text: 'not allowed',
    },
    approve_transfer: { p_transfer_id: 1 },
    reject_transfer: { p_transfer_id: 1, p_reason: 'not allowed' },
    withdraw_transfer: { p_transfer_id: 1 },
    admin_pending_transfers: {},
    operator_post_correction: {
      p_user_id: member.id,
      p_account: 'interest_wallet',
      p_amount: '1000000',
      p_client_text: 'not allowed',
    },
    admin_user_ledger: { p_user_id: admin.id },
    grant_admin: { p_email: member.email },
    revoke_admin: { p_email: admin.email },
    update_deposit_wallet: {
      p_wallet_id: 1,
      p_address: '1111111111111111111114oLvT2',
      p_enabled: false,
      p_reason: 'x',
    },
    review_deposit_notice: {
      p_notice_id: 1,
      p_decision: 'confirm',
      p_note: '',
      p_usd_value: '1.00',
      p_rate: '1',
      p_rate_source: 'not allowed',
    },
    review_withdrawal_request: {
      p_request_id: 1,
      p_action: 'pay',
      p_note: '',
      p_quantity: '1',
      p_rate: '1',
      p_network_fee: '0',
      p_rate_source: 'not allowed',
    },
    admin_deposit_notice_conflicts: {},
  } as const;
  for (const [fn, args] of Object.entries(calls)) {
    const { data, error } = await client.rpc(fn, args);
    expect(data, fn).toBeNull();
    expect(error?.code, fn).toBe('42501');
  }
  const { data: isAdmin } = await client.rpc('is_admin');
  expect(isAdmin).toBe(false);
  // Nor can the member make themselves an admin or read others' profiles.
  const insert = await client.from('admins').insert({ user_id: member.id });
  expect(insert.error?.code).toBe('42501');
  const profiles = await client.from('profiles').select('id');
  expect(profiles.data?.map((p: { id: string }) => p.id)).toEqual([member.id]);
});

test('/admin/register explains how admin access is granted and links to sign-in', async ({ page }) => {
  await page.goto('/admin/register');
  await expect(page.getByRole('heading', { name: 'Admin access', level: 1 })).toBeVisible();
  await expect(page.getByText('granted to an existing account by an existing admin')).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to admin sign in' }).click();
  await page.waitForURL('**/admin/login');
  await expectNoAxeViolations(page);
});

test('admin pages have no axe violations', async ({ page }) => {
  test.setTimeout(120_000);
  await adminSignIn(page, admin);
  for (const path of GUARDED.slice(1)) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await waitUntilSettled(page);
    await expectNoAxeViolations(page);
  }
});

test('admin pages work at 360 px, with a keyboard-operable drawer', async ({ page }) => {
  test.setTimeout(120_000);
  await adminSignIn(page, admin);
  await page.setViewportSize({ width: 360, height: 780 });
  for (const path of GUARDED) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await waitUntilSettled(page);
    // Nothing wider than the screen except inside the table's own scroll box.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
    await saveScreen(page, `admin/admin-360${path.replace(/\//g, '-')}.png`, { fullPage: true });
  }
  // The drawer: Menu opens the navigation, Escape closes it and focus returns to Menu.
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.click();
  const drawer = page.getByRole('dialog', { name: 'Admin menu' });
  await expect(drawer.getByRole('link', { name: 'Wallets' })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreen(page, 'admin/admin-360-drawer.png');
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(menu).toBeFocused();
  await page.goto('/admin/login');
  await expectNoAxeViolations(page);
  await saveScreen(page, 'admin/admin-360-login.png', { fullPage: true });
});
