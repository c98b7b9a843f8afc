import QRCode from 'qrcode';
import { expect, test, type Page } from '@playwright/test';
import { type Account, adminSignIn, answerSecondFactorPrompt, runTag } from './admin-helpers';
import { totpFor } from '../support/totp';
import { expectNoAxeViolations } from './support/page-checks';
import { decodeQrImage } from './support/qr';
import {
  createAdmin,
  createMember,
  gotoReady,
  serviceClient,
  setBalances,
  signedInAdminClient,
  signedInClient,
} from './support/users';

/** Issue 14: admin power behind a second factor (TOTP), end to end. */

async function passwordStep(page: Page, account: Account): Promise<void> {
  await gotoReady(page, '/admin/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('first sign-in enrols (QR + key in text) and reaches the users table; the next asks for a code and refuses a wrong one', async ({
  page,
  browser,
}) => {
  const admin = await createAdmin({ username: `enrol${runTag()}`, enrol: false });
  await passwordStep(page, admin);
  await expect(page.getByRole('heading', { name: 'Set up your authenticator' })).toBeVisible();
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml/);
  await expect(page.getByTestId('totp-secret')).toHaveText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  // The picture loads and a phone scanning it gets the same key as the text beside it.
  const scanned = await decodeQrImage(qr);
  expect(scanned.naturalWidth).toBeGreaterThan(0);
  const otpauth = new URL(scanned.text);
  expect(otpauth.protocol).toBe('otpauth:');
  expect(decodeURIComponent(otpauth.pathname)).toContain(admin.email);
  expect(otpauth.searchParams.get('secret')).toBe(
    (await page.getByTestId('totp-secret').textContent())?.replace(/\s/g, ''),
  );
  await expectNoAxeViolations(page);
  await answerSecondFactorPrompt(page, admin);
  await expect(page.getByText('Successfully logged in')).toBeVisible();
  await page.waitForURL('**/admin/home');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  expect(admin.totpSecret).toMatch(/^[A-Z2-7]{32}$/);

  // A new device: password, then the code prompt (no second enrolment).
  const context = await browser.newContext();
  const device = await context.newPage();
  await passwordStep(device, admin);
  await expect(device.getByRole('heading', { name: 'Enter your authenticator code' })).toBeVisible();
  await expect(device.getByRole('heading', { name: 'Set up your authenticator' })).toHaveCount(0);
  await expectNoAxeViolations(device);
  const current = totpFor(admin.totpSecret!).generate();
  const wrong = current === '123456' ? '654321' : '123456';
  await device.getByLabel('Authenticator code').fill(wrong);
  await device.getByRole('button', { name: 'Verify code' }).click();
  await expect(device.getByRole('alert').filter({ hasText: 'That code is not right.' })).toBeVisible();
  // Nothing else happened: still on the prompt, the session still at aal1.
  expect(new URL(device.url()).pathname).toBe('/admin/login');
  const level = await device.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'));
    const session = key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }) : {};
    const payload = session.access_token?.split('.')[1] ?? '';
    return (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { aal?: string }).aal;
  });
  expect(level).toBe('aal1');
  await answerSecondFactorPrompt(device, admin);
  await device.waitForURL('**/admin/home');
  await expect(device.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await context.close();
});

test('the enrolment QR code renders and scans even when the SVG carries # colours (raw behind data:, as auth-js passes it)', async ({
  page,
}) => {
  const admin = await createAdmin({ username: `qrhash${runTag()}`, enrol: false });
  let uri = '';
  // Another SVG writer (the qrcode package) colours with #ffffff/#000000; auth-js would paste it
  // unescaped behind data:, where the first # ends the URI.
  await page.route('**/auth/v1/factors', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as { totp: { qr_code: string; uri: string } };
    uri = body.totp.uri;
    body.totp.qr_code = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 1 });
    expect(body.totp.qr_code).toContain('#');
    await route.fulfill({ response, json: body });
  });
  await passwordStep(page, admin);
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  const scanned = await decodeQrImage(qr);
  expect(scanned.naturalWidth).toBeGreaterThan(0);
  expect(scanned.text).toBe(uri);
  expect(scanned.text).toMatch(/^otpauth:\/\/totp\//);
});

test('an admin page opened at aal1 sends the admin to the code prompt, then back to that page', async ({
  page,
}) => {
  const admin = await createAdmin({ username: `aal1${runTag()}` });
  await passwordStep(page, admin);
  await expect(page.getByRole('heading', { name: 'Enter your authenticator code' })).toBeVisible();
  await page.goto('/admin/requests');
  await page.waitForURL('**/admin/login?next=%2Fadmin%2Frequests');
  await expect(page.getByRole('heading', { name: 'Enter your authenticator code' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await answerSecondFactorPrompt(page, admin);
  await page.waitForURL('**/admin/requests');
  await expect(page.getByRole('heading', { name: 'Requests', level: 1 })).toBeVisible();
});

test('an aal1 admin session can call no admin function and read no other member’s row through the API', async () => {
  const admin = await createAdmin({ username: `api${runTag()}` });
  const member = await createMember();
  await setBalances(member.id, { referral: '12.00' });
  const aal1 = await signedInClient(admin);
  const calls = {
    admin_search_users: { p_search: '', p_sort: 'created_at', p_ascending: true, p_limit: 25, p_offset: 0 },
    propose_correction: {
      p_user_id: member.id,
      p_account: 'interest_wallet',
      p_amount: '1000000.00',
      p_category: 'goodwill',
      p_client_text: 'aal1 attempt',
    },
    approve_transfer: { p_transfer_id: 1 },
    reject_transfer: { p_transfer_id: 1, p_reason: 'aal1 attempt' },
    withdraw_transfer: { p_transfer_id: 1 },
    admin_pending_transfers: {},
    admin_user_ledger: { p_user_id: member.id },
    grant_admin: { p_email: member.email },
    revoke_admin: { p_email: admin.email },
    update_deposit_wallet: {
      p_wallet_id: 1,
      p_address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      p_enabled: false,
      p_reason: 'aal1 attempt',
    },
    review_deposit_notice: {
      p_notice_id: 1,
      p_decision: 'confirm',
      p_note: '',
      p_usd_value: '1.00',
      p_rate: '1',
      p_rate_source: 'aal1 attempt',
    },
    review_withdrawal_request: {
      p_request_id: 1,
      p_action: 'pay',
      p_note: '',
      p_quantity: '1',
      p_rate: '1',
      p_network_fee: '0',
      p_rate_source: 'aal1 attempt',
    },
    admin_reset_mfa: { p_user_id: member.id, p_reason: 'aal1 attempt' },
    admin_authenticators: {},
    admin_deposit_notice_conflicts: {},
  } as const;
  for (const [fn, args] of Object.entries(calls)) {
    const { data, error } = await aal1.rpc(fn, args);
    expect(data, fn).toBeNull();
    expect(error, fn).toMatchObject({
      code: '42501',
      message: 'Admin actions need your authenticator code.',
      hint: 'aal2_required',
    });
  }
  // Nothing admin-only, and not even the admin's own profile: an account with an authenticator reads
  // none of its own member rows at aal1 (issue 23).
  const profiles = await aal1.from('profiles').select('id');
  expect(profiles.data).toEqual([]);
  for (const table of ['ledger_entries', 'deposit_notices', 'withdrawal_requests']) {
    const { data, error } = await aal1.from(table).select('user_id').neq('user_id', admin.id);
    expect(error, table).toBeNull();
    expect(data, table).toEqual([]);
  }
  for (const table of [
    'contact_messages',
    'deposit_wallet_changes',
    'mfa_resets',
    'transfers',
    'ledger_accounts',
  ]) {
    const { data, error } = await aal1.from(table).select('*');
    expect(error, table).toBeNull();
    expect(data, table).toEqual([]);
  }
  const admins = await aal1.from('admins').select('user_id');
  expect(admins.data).toEqual([{ user_id: admin.id }]);
  expect((await aal1.rpc('is_admin')).data).toBe(true);
  const { data: after } = await serviceClient()
    .from('profiles')
    .select('interest_wallet')
    .eq('id', member.id)
    .single();
  expect((after as { interest_wallet: string }).interest_wallet).not.toBe('1000000.00');

  // The same admin after the code: the member's rows are there.
  const aal2 = await signedInAdminClient(admin);
  const seen = await aal2.from('profiles').select('id').eq('id', member.id);
  expect(seen.data).toEqual([{ id: member.id }]);
  const search = await aal2.rpc('admin_search_users', {
    p_search: member.email,
    p_sort: 'created_at',
    p_ascending: true,
    p_limit: 5,
    p_offset: 0,
  });
  expect(search.error).toBeNull();
});

test('another admin resets a lost authenticator; the person enrols again at the next sign-in; the reset is audited', async ({
  page,
  browser,
}) => {
  const helper = await createAdmin({ username: `help${runTag()}` });
  const lost = await createAdmin({ username: `lost${runTag()}` });
  const oldSecret = lost.totpSecret;
  await adminSignIn(page, helper);
  await page.goto('/admin/admins');
  const entry = page.getByRole('listitem').filter({ hasText: lost.email });
  await expect(entry).toContainText('Authenticator set up');
  await page.getByRole('button', { name: `Reset authenticator of ${lost.email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset authenticator?' });
  // A reason too short is shown beside the field and nothing is sent.
  const resets: string[] = [];
  page.on('request', (r) => r.url().includes('/rpc/admin_reset_mfa') && resets.push(r.url()));
  await dialog.getByLabel('Reason').fill('  x ');
  await dialog.getByRole('button', { name: 'Reset authenticator' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Reason must be 3 to 500 characters.');
  await expect(dialog.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  expect(resets).toEqual([]);
  await dialog.getByLabel('Reason').fill('Phone lost on a train');
  await dialog.getByRole('button', { name: 'Reset authenticator' }).click();
  await expect(
    page.getByText(`${lost.email} sets up a new authenticator at their next sign-in.`),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect(resets).toHaveLength(1);
  await expect(entry).toContainText('No authenticator yet');
  // Nobody resets their own: there is no button for oneself.
  await expect(page.getByRole('button', { name: `Reset authenticator of ${helper.email}` })).toHaveCount(0);

  const { data: audit } = await serviceClient()
    .from('mfa_resets')
    .select('user_id, reset_by, reset_at, reason, factors_removed')
    .eq('user_id', lost.id);
  expect(audit).toEqual([
    expect.objectContaining({ reset_by: helper.id, reason: 'Phone lost on a train', factors_removed: 1 }),
  ]);
  expect(Date.now() - Date.parse((audit as Array<{ reset_at: string }>)[0]!.reset_at)).toBeLessThan(120_000);

  const context = await browser.newContext();
  const device = await context.newPage();
  await passwordStep(device, lost);
  await expect(device.getByRole('heading', { name: 'Set up your authenticator' })).toBeVisible();
  await answerSecondFactorPrompt(device, lost);
  await device.waitForURL('**/admin/home');
  expect(lost.totpSecret).not.toBe(oldSecret);
  await context.close();
});
