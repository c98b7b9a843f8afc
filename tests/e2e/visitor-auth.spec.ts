import { expect, test, type Page } from '@playwright/test';
import {
  createAdmin,
  createMember,
  fetchOutbox,
  latestMail,
  serviceClient,
  signInThroughUi,
  storedSessionKeys,
  supabaseStorageKeys,
  uniqueEmail,
  gotoReady,
  type OutboxMail,
} from './support/users';
import { answerSecondFactorPrompt } from './admin-helpers';

const CHECK_INBOX = 'Check your inbox: we have sent you a link to confirm your e-mail address.';

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
    const alert = page.getByRole('alert').filter({ hasText: 'Please fill in all fields.' });
    await expect(alert).toBeVisible();
    // In the page, not a browser bubble: every empty field points at the message, the first has focus.
    await expect(page.getByLabel('Username')).toBeFocused();
    await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email address')).toHaveAttribute(
      'aria-describedby',
      (await alert.getAttribute('id')) ?? '',
    );
    await expect(page.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
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

  test('an address already registered gets the same "check your inbox" answer and no mail', async ({
    page,
  }) => {
    // With confirmations on, GoTrue answers a registered address like a new one, so nothing tells
    // a visitor which addresses have accounts (the spec's "Email already in use" needs them off).
    const existing = await createMember();
    const before = new Date().toISOString();
    await gotoReady(page, '/register');
    await fillSignUp(page, {
      username: 'copy',
      email: existing.email,
      password: 'another-pass-1',
      consent: true,
    });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Registration successful!' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: CHECK_INBOX })).toBeVisible();
    await expect(page.getByText('Email already in use')).toHaveCount(0);
    const outbox = await fetchOutbox(`?to=${encodeURIComponent(existing.email)}`);
    const mails = (await outbox.json()) as OutboxMail[];
    expect(mails.filter((mail) => mail.createdAt > before)).toEqual([]);

    // An address that registered moments ago and waits for confirmation reads the same too (GoTrue
    // refuses a second mail within its interval; the first link is still good).
    const waiting = uniqueEmail('waiting');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await gotoReady(page, '/register');
      await fillSignUp(page, { username: 'wait', email: waiting, password: 'another-pass-1', consent: true });
      const response = page.waitForResponse('**/auth/v1/signup*');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      expect((await response).status()).toBe(attempt === 0 ? 200 : 429);
      await expect(page.getByRole('status').filter({ hasText: CHECK_INBOX })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
    }
  });

  test('other server failures get the generic message', async ({ page }) => {
    await page.route('**/auth/v1/signup*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":"unexpected_failure","msg":"boom"}',
      }),
    );
    await gotoReady(page, '/register');
    await fillSignUp(page, {
      username: 'ann',
      email: uniqueEmail(),
      password: 'long-enough-1',
      consent: true,
    });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Registration failed. Please try again.' }),
    ).toBeVisible();
  });

  test('registration asks to confirm; the mailed link signs in and lands on the dashboard', async ({
    page,
  }) => {
    const email = uniqueEmail('new');
    await gotoReady(page, '/register');
    await fillSignUp(page, { username: 'Nora Newcomer', email, password: 'a-good-password', consent: true });
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Registration successful!' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: CHECK_INBOX })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    // Not signed in yet: no session in storage (only the PKCE verifier for the mailed link).
    expect(await storedSessionKeys(page)).toEqual([]);

    const mail = await latestMail(email);
    expect(mail.type).toBe('signup');
    expect(mail.redirectTo).toMatch(/\/auth\/confirm\?sb_flow_id=[\w-]+$/);
    expect(mail.link).toContain('token=pkce_');

    // A second mail at once is refused by the per-address interval, and the page says so.
    await page.getByRole('button', { name: 'Resend confirmation e-mail' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please wait a minute before asking for another e-mail.' }),
    ).toBeVisible();

    await page.goto(mail.link);
    await expect(
      page.getByRole('status').filter({ hasText: 'Your e-mail address is confirmed.' }).first(),
    ).toBeVisible();
    await page.waitForURL('**/user-dashboard');
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

    // The link works once.
    await page.goto(mail.link);
    await page.waitForURL('**/auth/confirm**');
    await expect(
      page.getByRole('alert').filter({ hasText: 'This confirmation link is invalid or has expired' }),
    ).toBeVisible();
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

  test('an unconfirmed member is told so, can have the link sent again, and it signs them in', async ({
    page,
  }) => {
    const email = uniqueEmail('unconfirmed');
    const password = 'waiting-for-mail-1';
    const { error } = await serviceClient().auth.admin.createUser({
      email,
      password,
      email_confirm: false,
      user_metadata: { username: 'Una Unconfirmed', display_name: 'Una Unconfirmed' },
    });
    expect(error).toBeNull();
    await gotoReady(page, '/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your e-mail address is not confirmed yet.' }),
    ).toBeVisible();
    expect(await storedSessionKeys(page)).toEqual([]);

    const before = new Date().toISOString();
    await page.getByRole('button', { name: 'Resend confirmation e-mail' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'We have sent the confirmation e-mail again.' }),
    ).toBeVisible();
    const mail = await latestMail(email, before);
    expect(mail.type).toBe('signup');
    // Rate limited: a second request within the interval is refused with a clear message.
    await page.getByRole('button', { name: 'Resend confirmation e-mail' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please wait a minute before asking for another e-mail.' }),
    ).toBeVisible();

    await page.goto(mail.link);
    await page.waitForURL('**/user-dashboard');
    await expect(page.getByText('Hello, Una Unconfirmed')).toBeVisible();
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
    // The password alone is aal1: the admin area sends the admin to the code prompt, then home.
    await page.waitForURL('**/admin/login?next=%2Fadmin%2Fhome');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    await answerSecondFactorPrompt(page, admin);
    await page.waitForURL('**/admin/home');
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
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
    await expect(page.getByRole('heading', { name: 'Statement', level: 1 })).toBeVisible();
    for (const path of ['/register', '/forgot-password', '/reset-password', '/auth/confirm'])
      await gotoReady(page, path);
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

  test('the answer is the same for unknown addresses and when the mail rate limit trips', async ({
    page,
  }) => {
    const member = await createMember();
    const answers: string[] = [];
    for (const email of [uniqueEmail('ghost'), member.email, member.email]) {
      await gotoReady(page, '/forgot-password');
      const response = page.waitForResponse('**/auth/v1/recover*');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      answers.push(`${(await response).status()}`);
      await expect(page.getByText(/If an account exists for that address/)).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
    }
    // The second request for the member did trip the server's per-address limit.
    expect(answers).toEqual(['200', '200', '429']);
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
