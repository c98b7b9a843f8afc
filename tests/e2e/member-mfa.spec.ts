import { expect, test, type Page } from '@playwright/test';
import { nextTotpCode } from '../support/totp';
import { decodeQrImage } from './support/qr';
import {
  createMember,
  fetchOutbox,
  gotoReady,
  serviceClient,
  signInThroughUi,
  signedInClient,
  type OutboxMail,
  type TestUser,
} from './support/users';
import { saveScreen } from './support/screens';

// Issue 23: a member's authenticator app, asked for at sign-in once added, and announced by e-mail.

const WRONG_CODE = 'That code is not right. Enter the 6-digit code your authenticator app shows now.';

function alert(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text }).first();
}

function toast(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text }).first();
}

/** A 6-digit code that is not `code` (and so, within the window, wrong). */
const otherThan = (code: string): string => code.replace(/^./, (d) => String((Number(d) + 5) % 10));

/** Security notifications (no link, no code) to `to`, waited for until `count` are there. */
async function notifications(to: string, count: number): Promise<OutboxMail[]> {
  let found: OutboxMail[] = [];
  await expect
    .poll(async () => {
      const res = await fetchOutbox(`?to=${encodeURIComponent(to)}`);
      const mails = res.ok ? ((await res.json()) as OutboxMail[]) : [];
      found = mails.filter((m) => m.type.endsWith('_notification'));
      return found.length;
    })
    .toBe(count);
  return found;
}

async function auditKinds(member: TestUser): Promise<string[]> {
  const { data, error } = await serviceClient()
    .from('audit_events')
    .select('kind')
    .eq('member_id', member.id)
    .order('id');
  if (error) throw new Error(error.message);
  return data.map((r) => r.kind);
}

async function addAuthenticator(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Add an authenticator app' }).click();
  await expect(page.getByRole('heading', { name: 'Add an authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // The QR code an app scans carries the same key.
  const qr = await decodeQrImage(page.getByRole('img', { name: 'QR code for your authenticator app' }));
  expect(new URL(qr.text).searchParams.get('secret')).toBe(secret);

  const code = await nextTotpCode(secret);
  await page.getByLabel('Authenticator code').fill(otherThan(code));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(alert(page, WRONG_CODE)).toBeVisible();
  await page.getByLabel('Authenticator code').fill(code);
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(toast(page, 'Authenticator added. Signing in now asks for its code.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your authenticators' })).toContainText('Authenticator app');
  return secret;
}

test.describe('member authenticator', () => {
  test('enrol, sign in again with the code, removal needs a code, and each change is mailed and audited', async ({
    page,
    browser,
  }) => {
    test.slow();
    const member = await createMember({ username: 'Mona Factor' });
    await signInThroughUi(page, member, '/user/security');
    await expect(page.getByTestId('no-authenticator')).toBeVisible();
    const secret = await addAuthenticator(page);

    const [enrolled] = await notifications(member.email, 1);
    expect(enrolled).toMatchObject({
      type: 'mfa_factor_enrolled_notification',
      subject: 'An authenticator was added to your Liquid Capital account',
      to: member.email,
    });

    // Opened afresh (still at aal2) so no toast covers the page in the pictures.
    await gotoReady(page, '/user/security');
    for (const width of [360, 768, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByRole('list', { name: 'Your authenticators' })).toBeVisible();
      await saveScreen(page, `member/security-mfa-${width}.png`, { fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Signed out and in again: the password alone no longer opens the member area.
    await page.getByRole('button', { name: 'Log Out' }).first().click();
    await page.waitForURL((url) => url.pathname === '/login');
    await gotoReady(page, '/login?next=%2Fuser%2Fsecurity');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Enter your authenticator code' })).toBeVisible();

    // A member page opened at aal1 sends the member back to the prompt, and the page keeps the target.
    await gotoReady(page, '/user/statement');
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('next') === '/user/statement',
    );
    await expect(page.getByRole('heading', { name: 'Enter your authenticator code' })).toBeVisible();

    const code = await nextTotpCode(secret);
    await page.getByLabel('Authenticator code').fill(otherThan(code));
    await page.getByRole('button', { name: 'Verify code' }).click();
    await expect(alert(page, WRONG_CODE)).toBeVisible();
    await page.getByLabel('Authenticator code').fill(code);
    await page.getByRole('button', { name: 'Verify code' }).click();
    await expect(page.getByText('Successfully logged in', { exact: true })).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/user/statement');

    // Through the API with the password only (aal1): the database hides the member's data and refuses
    // member functions, and GoTrue refuses removing the authenticator.
    const aal1 = await signedInClient(member);
    const profile = await aal1.from('profiles').select('id').eq('id', member.id);
    expect(profile.data).toEqual([]);
    const balance = await aal1.rpc('withdrawable_balance');
    expect(balance.error?.message).toBe('Enter the code from your authenticator app first.');
    const accounts = await aal1.rpc('my_accounts');
    expect(accounts.error?.message).toBe('Enter the code from your authenticator app first.');
    const factorId = (await aal1.auth.mfa.listFactors()).data?.totp[0]?.id ?? '';
    const unenrol = await aal1.auth.mfa.unenroll({ factorId });
    expect(unenrol.error?.code).toBe('insufficient_aal');

    // Removing on the page asks for a current code.
    await gotoReady(page, '/user/security');
    await page.getByRole('button', { name: 'Remove Authenticator app' }).click();
    const removeCode = await nextTotpCode(secret);
    await page.getByLabel('Authenticator code').fill(otherThan(removeCode));
    await page.getByRole('button', { name: 'Remove authenticator', exact: true }).click();
    await expect(alert(page, WRONG_CODE)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Your authenticators' })).toBeVisible();
    await page.getByLabel('Authenticator code').fill(removeCode);
    await page.getByRole('button', { name: 'Remove authenticator', exact: true }).click();
    await expect(toast(page, 'Authenticator removed.')).toBeVisible();
    await expect(page.getByTestId('no-authenticator')).toBeVisible();

    const mails = await notifications(member.email, 2);
    expect(mails[0]).toMatchObject({
      type: 'mfa_factor_unenrolled_notification',
      subject: 'An authenticator was removed from your Liquid Capital account',
      to: member.email,
    });
    // Each change of credentials also starts a security hold (docs/address-book.md), audited after it.
    expect(await auditKinds(member)).toEqual([
      'member_factor_enrolled',
      'security_hold_started',
      'member_factor_removed',
      'security_hold_started',
    ]);

    // Without an authenticator the password alone signs in again.
    const context = await browser.newContext();
    const fresh = await context.newPage();
    await signInThroughUi(fresh, member, '/user/security');
    await expect(fresh.getByTestId('no-authenticator')).toBeVisible();
    await context.close();
  });
});
