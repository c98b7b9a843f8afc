import { expect, type Browser, type Page } from '@playwright/test';
import { gotoReady, type TestUser } from './support/users';

/**
 * Admin-area steps for the admin browser tests, on top of the shared fixtures in support/users.ts
 * (accounts made through the service role, signed-in clients, balances set through the ledger).
 */
export type Account = TestUser;

/** A short tag that keeps names unique across runs and parallel workers. */
export function runTag(): string {
  return `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Signs in on /admin/login as a person would and waits for the admin home page. */
export async function adminSignIn(page: Page, account: Account): Promise<void> {
  await gotoReady(page, '/admin/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Successfully logged in')).toBeVisible();
  await page.waitForURL('**/admin/home');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
}

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** The users-table row of one account (found by its e-mail cell). */
export function userRow(page: Page, account: Account) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: account.email, exact: true }) });
}

/** Searches the users table and waits until the given account's row is shown. */
export async function findUser(page: Page, account: Account): Promise<void> {
  await page.getByLabel('Search users').fill(account.email);
  await expect(userRow(page, account)).toBeVisible();
}
