import { expect, test, type Page } from '@playwright/test';
import {
  createAdmin,
  createMember,
  fetchOutbox,
  latestMail,
  serviceClient,
  signInThroughUi,
  supabaseStorageKeys,
  uniqueEmail,
  gotoReady,
} from './support/users';

const thirdParty = (page: Page, siteOrigin: string) => {
  const foreign: string[] = [];
  page.on('request', (req) => {
    const origin = new URL(req.url()).origin;
    if (
      origin !== siteOrigin &&
      !/^http:\/\/127\.0\.0\.1:\d+$/.test(origin) &&
      !req.url().startsWith('data:')
    ) {
      foreign.push(req.url());
    }
  });
  return foreign;
};

async function fillSignUp(
  page: Page,
  fields: { username?: string; email?: string; password?: string; consent?: boolean },
) {
  if (fields.username !== undefined) await page.getByLabel('Username').fill(fields.username);
  if (fields.email !== undefined) await page.getByLabel('Email address').fill(fields.email);
  if (fields.password !== undefined) await page.getByLabel('Password', { exact: true }).fill(fields.password);
  if (fields.consent) await page.getByRole('checkbox').check();
}

test.describe('sign up', () => {
  test('missing fields and a short password are refused before any request', async ({ page }) => {
    let signups = 0;
    page.on('request', (req) => {
      if (req.url().includes('/auth/v1/signup')) signups += 1;
    });
    await gotoReady(page, '/register');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please fill in all fields.' })).toBeVisible();
    // Everything but the consent box is still "missing".
    await fillSignUp(page, { username: 'ann', email: uniqueEmail(), password: 'long-enough-1' });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please fill in all fields.' }).first(),
    ).toBeVisible();
    await fillSignUp(page, { password: '1234567', consent: true });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Password should be at least 8 characters long' }),
    ).toBeVisible();
    expect(signups).toBe(0);
    await expect(page).toHaveURL(/\/register$/);
  });

  test('an e-mail in use is named; other server failures get the generic message', async ({ page }) => {
    const existing = await createMember();
    await gotoReady(page, '/register');
    await fillSignUp(page, {
      username: 'copy',
      email: existing.email,
      password: 'another-pass-1',
      consent: true,
    });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Email already in use' })).toBeVisible();

    await page.route('**/auth/v1/signup*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":"unexpected_failure","msg":"boom"}',
      }),
    );
    await page.getByLabel('Email address').fill(uniqueEmail());
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Registration failed. Please try again.' }),
    ).toBeVisible();
  });

  test('registration signs in, names the member and shows zero balances; no mail is sent', async ({
    page,
  }) => {
    const email = uniqueEmail('new');
    await gotoReady(page, '/register');
    await fillSignUp(page, { username: 'Nora Newcomer', email, password: 'a-good-password', consent: true });
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
    const started = Date.now();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Registration successful!' })).toBeVisible();
    await page.waitForURL('**/user-dashboard');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    await expect(page.getByText('Hello, Nora Newcomer')).toBeVisible();
    for (const label of [
      'Deposit Wallet Balance',
      'Interest Wallet Balance',
      'Total Invest',
      'Total Deposit',
      'Total Withdraw',
      'Referral Earnings',
    ]) {
      await expect(page.getByRole('listitem').filter({ hasText: label })).toContainText('$0.00');
    }
    const { data } = await serviceClient()
      .from('profiles')
      .select('username, email')
      .eq('email', email)
      .single();
    expect(data).toEqual({ username: 'Nora Newcomer', email });
    const outbox = await fetchOutbox(`?to=${encodeURIComponent(email)}`);
    expect(await outbox.json()).toEqual([]);
  });
});

test.describe('sign in', () => {
  test('wrong password and unknown e-mail read the same', async ({ page }) => {
    const member = await createMember();
    await gotoReady(page, '/login');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Invalid email or password. Please try again.' }),
    ).toBeVisible();
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Invalid email or password. Please try again.' }),
    ).toHaveCount(2);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a failure other than credentials says "Login failed"', async ({ page }) => {
    await page.route('**/auth/v1/token*', (route) => route.abort('failed'));
    await gotoReady(page, '/login');
    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password', { exact: true }).fill('whatever-123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Login failed. Please try again.' }),
    ).toBeVisible();
  });

  test('an account without a profile is refused and signed out', async ({ page }) => {
    const member = await createMember();
    const { error } = await serviceClient().from('profiles').delete().eq('id', member.id);
    expect(error).toBeNull();
    await gotoReady(page, '/login');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'User account not found. Please register first.' }),
    ).toBeVisible();
    expect(await supabaseStorageKeys(page)).toEqual([]);
  });

  test('an admin is recognised first and sent to /admin/home after 2 s', async ({ page }) => {
    const admin = await createAdmin();
    await gotoReady(page, '/login');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    const started = Date.now();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Successfully logged in as admin' }),
    ).toBeVisible();
    await page.waitForURL('**/admin/home');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });

  test('a member lands on the remembered page; auth pages load no third-party script', async ({
    page,
    baseURL,
  }) => {
    const foreign = thirdParty(page, new URL(baseURL!).origin);
    const member = await createMember({ username: 'Remy Remember' });
    await page.goto('/user/statement');
    await page.waitForURL('**/login?next=%2Fuser%2Fstatement');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Successfully logged in$/ })).toBeVisible();
    await page.waitForURL('**/user/statement');
    await expect(page.getByRole('heading', { name: 'Statement' })).toBeVisible();
    for (const path of ['/register', '/forgot-password', '/reset-password']) await gotoReady(page, path);
    expect(foreign).toEqual([]);
  });
});

test.describe('password recovery', () => {
  test('the outbox link opens /reset-password, the new password works and the old one does not', async ({
    page,
  }) => {
    const member = await createMember({ username: 'Rita Reset' });
    await gotoReady(page, '/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    const before = new Date().toISOString();
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(/If an account exists for that address/)).toBeVisible();

    // Unknown addresses get the very same answer.
    await gotoReady(page, '/forgot-password');
    await page.getByLabel('Email').fill(uniqueEmail('ghost'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(/If an account exists for that address/)).toBeVisible();

    const mail = await latestMail(member.email, before);
    expect(mail.type).toBe('recovery');
    await page.goto(mail.link);
    await page.waitForURL('**/reset-password**');
    await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
    await page.getByLabel('Confirm new password').fill('brand-new-typo');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'The two passwords do not match.' }),
    ).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Password should be at least 8 characters long' }),
    ).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
    await page.getByLabel('Confirm new password').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password has been changed.' }),
    ).toBeVisible();
    await page.waitForURL('**/user-dashboard');
    await expect(page.getByText('Hello, Rita Reset')).toBeVisible();

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Invalid email or password. Please try again.' }),
    ).toBeVisible();
    await signInThroughUi(page, { email: member.email, password: 'brand-new-pass' });
    await expect(page).toHaveURL(/\/user-dashboard$/);
  });

  test('without a recovery session the page says the link is invalid', async ({ page }) => {
    await gotoReady(page, '/reset-password');
    await expect(page.getByText(/This password reset link is invalid or has expired/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Send a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
