import { expect, type Browser, type Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { ANON_KEY, SERVICE_ROLE_KEY, supabaseUrl } from './support/env';

/**
 * Accounts for the admin browser tests, made the way an operator would: members through the auth
 * admin API (as if they had registered), admins by inserting the admins row with the service role
 * (what `npm run admin:grant` does). Every name carries a run tag so parallel tests never collide.
 */
export interface Account {
  id: string;
  email: string;
  password: string;
  username: string;
}

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false } } as const;

export function service(): SupabaseClient {
  return createClient(supabaseUrl, SERVICE_ROLE_KEY, clientOptions);
}

/** A supabase-js client signed in as this account (what a person could script in their browser). */
export async function signedInClient(account: Account): Promise<SupabaseClient> {
  const client = createClient(supabaseUrl, ANON_KEY, clientOptions);
  const { error } = await client.auth.signInWithPassword({
    email: account.email,
    password: account.password,
  });
  if (error) throw new Error(`sign-in of ${account.email} failed: ${error.message}`);
  return client;
}

export function runTag(): string {
  return `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export async function createMember(username: string, password = 'member-password-1'): Promise<Account> {
  const email = `${username.toLowerCase()}@example.com`;
  const { data, error } = await service().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { username },
  });
  if (error || !data.user) throw new Error(`createUser ${email}: ${error?.message ?? 'no user'}`);
  return { id: data.user.id, email, password, username };
}

export async function createAdmin(username: string): Promise<Account> {
  const account = await createMember(username, 'admin-password-1');
  const { error } = await service().from('admins').insert({ user_id: account.id });
  if (error) throw new Error(`grant admin ${account.email}: ${error.message}`);
  return account;
}

/** Sets balances through the audited function as the service role (test setup only). */
export async function setBalances(account: Account, balances: Record<string, string>): Promise<void> {
  const client = service();
  const { data: profile, error: readError } = await client
    .from('profiles')
    .select('version')
    .eq('id', account.id)
    .single();
  if (readError) throw new Error(readError.message);
  const { error } = await client.rpc('admin_update_balances', {
    p_user_id: account.id,
    p_expected_version: (profile as { version: number }).version,
    p_balances: balances,
    p_reason: 'test setup',
  });
  if (error) throw new Error(`setBalances: ${error.message}`);
}

/** Opens a page and waits until its islands are interactive (Astro drops `ssr` once hydrated). */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** Signs in on /admin/login as a person would and waits for the admin home page. */
export async function adminSignIn(page: Page, account: Account): Promise<void> {
  await gotoHydrated(page, '/admin/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Successfully logged in')).toBeVisible();
  await page.waitForURL('**/admin/home');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
}

export async function memberSignIn(page: Page, account: Account): Promise<void> {
  await gotoHydrated(page, '/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/user-dashboard');
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
