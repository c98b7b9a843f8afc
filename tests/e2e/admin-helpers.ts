import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { nextTotpCode } from '../support/totp';
import { gotoReady, putSession, signedInAdminClient, type TestUser } from './support/users';

/**
 * Admin-area steps for the admin browser tests, on top of the shared fixtures in support/users.ts
 * (accounts made through the service role, signed-in clients, balances set through the ledger).
 */
export type Account = TestUser;

/** A short tag that keeps names unique across runs and parallel workers. */
export function runTag(): string {
  return `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * Signs in on /admin/login as a person would: password, then the second factor, and waits for the
 * admin home page. An account without an authenticator goes through the enrolment screen: the key
 * shown in text is read as a person would type it into an app, and kept on `account` for later sign-ins.
 */
export async function adminSignIn(page: Page, account: Account): Promise<void> {
  await gotoReady(page, '/admin/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await answerSecondFactorPrompt(page, account);
  await expect(page.getByText('Successfully logged in')).toBeVisible();
  await page.waitForURL('**/admin/home');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
}

/**
 * Opens the admin area signed in as `account` at aal2 without the sign-in form (for tests whose
 * subject is not signing in; admin-mfa.spec.ts and admin-access.spec.ts walk the form): the session of
 * the client that enrolled the account's authenticator (no code spent) or of a new password + code
 * sign-in, put in the page. Waits as adminSignIn does, on /admin/home with its table.
 */
export async function openAsStaff(page: Page, account: Account, path = '/admin/home'): Promise<void> {
  await putSession(page, await signedInAdminClient(account));
  await gotoReady(page, path);
  if (path === '/admin/home')
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
}

/** The enrolment screen or the code prompt, whichever /admin/login shows, answered with a good code. */
export async function answerSecondFactorPrompt(page: Page, account: Account): Promise<void> {
  const enrol = page.getByRole('heading', { name: 'Set up your authenticator' });
  const prompt = page.getByRole('heading', { name: 'Enter your authenticator code' });
  await expect(enrol.or(prompt)).toBeVisible();
  if (await enrol.isVisible()) {
    account.totpSecret = await readEnrolmentKey(page);
  }
  if (!account.totpSecret) throw new Error(`${account.email} has no authenticator key`);
  await page.getByLabel('Authenticator code').fill(await nextTotpCode(account.totpSecret));
  await page.getByRole('button', { name: 'Verify code' }).click();
}

/** The key the enrolment screen shows for manual entry, without its grouping spaces. */
export async function readEnrolmentKey(page: Page): Promise<string> {
  const key = page.getByTestId('totp-secret');
  await expect(key).toHaveText(/[A-Z2-7]{4}/);
  return ((await key.textContent()) ?? '').replace(/\s+/g, '');
}

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** The users-table row of one account (found by its e-mail cell). */
export function userRow(page: Page, account: Account) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: account.email, exact: true }) });
}

/**
 * Searches the users table and waits until the given account is the only one shown (its row, or its
 * card below 1024 px): what follows in the table is about this account alone.
 */
export async function findUser(page: Page, account: Account): Promise<void> {
  await page.getByLabel('Search users').fill(account.email);
  await expect(page.getByText('Showing 1–1 of 1 users')).toBeVisible();
  await expect(
    userRow(page, account).or(page.getByRole('listitem', { name: account.username || account.email })),
  ).toBeVisible();
}

/**
 * Approves a pending money transfer on /admin/approvals as a person does: Approve on its card, then
 * Approve again in the confirmation that states the effect (`button`: "Accept" for a member's
 * instruction). Answers the confirmation's text, for tests that check what it said.
 */
export async function approveMoney(page: Page, card: Locator, button = 'Approve'): Promise<string> {
  await card.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const text = (await dialog.textContent()) ?? '';
  await dialog.getByRole('button', { name: button, exact: true }).click();
  return text;
}
