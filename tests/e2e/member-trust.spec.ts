import { expect, test, type Page } from '@playwright/test';
import { nextTotpCode } from '../support/totp';
import { formatDateTime } from '../../src/lib/date-time';
import {
  createMember,
  gotoReady,
  latestMail,
  latestReauthenticationCode,
  serviceClient,
  signedInClient,
  type TestUser,
  openSignedIn,
} from './support/users';

// Issue 30 (docs/address-book.md "Security hold"): the owner can freeze from any session, and after a
// change of credentials new addresses wait out a hold the member is told about.

/** A member with a verified authenticator, enrolled through the API as the security page does. */
async function memberWithAuthenticator(): Promise<TestUser> {
  const member = await createMember({ username: 'Tina Trust' });
  const client = await signedInClient(member);
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  if (enrolled.error) throw new Error(enrolled.error.message);
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: enrolled.data.id,
    code: await nextTotpCode(enrolled.data.totp.secret),
  });
  if (verified.error) throw new Error(verified.error.message);
  return { ...member, totpSecret: enrolled.data.totp.secret };
}

function toast(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text }).first();
}

test.describe('trust holds', () => {
  test('with the password only (aal1), /user/freeze opens without a code prompt and freezes', async ({
    page,
  }) => {
    test.slow();
    const member = await memberWithAuthenticator();
    await gotoReady(page, '/login?next=%2Fuser%2Ffreeze');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Enter your authenticator code' })).toBeVisible();

    // The session owes its code; the freeze page opens anyway.
    await gotoReady(page, '/user/freeze');
    await expect(page.getByRole('heading', { name: 'Withdrawals are not frozen' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/user/freeze');
    // Adding the authenticator started a hold, shown with its end.
    await expect(page.getByTestId('security-hold')).toContainText('Because an authenticator app was added');
    await expect(page.getByRole('list', { name: 'Recent security notices' })).toBeVisible();

    await page.getByRole('main').getByRole('button', { name: 'Freeze withdrawals' }).click();
    const dialog = page.getByRole('dialog', { name: 'Freeze withdrawals?' });
    await dialog.getByRole('button', { name: 'Freeze now' }).click();
    await expect(toast(page, 'Withdrawals are frozen.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Withdrawals are frozen' })).toBeVisible();
    const { data } = await serviceClient()
      .from('withdrawal_freezes')
      .select('user_id')
      .eq('user_id', member.id)
      .is('lifted_at', null);
    expect(data).toHaveLength(1);
    // Still no code asked for on this page.
    expect(new URL(page.url()).pathname).toBe('/user/freeze');

    // With the code, the withdraw page shows the freeze.
    await gotoReady(page, '/user/withdraw');
    await expect(page.getByRole('heading', { name: 'Enter your authenticator code' })).toBeVisible();
    await page.getByLabel('Authenticator code').fill(await nextTotpCode(member.totpSecret ?? ''));
    await page.getByRole('button', { name: 'Verify code' }).click();
    await page.waitForURL((url) => url.pathname === '/user/withdraw');
    await expect(page.getByTestId('withdrawals-frozen')).toBeVisible();
  });

  test('after a thief changed the password, the owner freezes through the password-reset link', async ({
    page,
  }) => {
    test.slow();
    const owner = await createMember({ username: 'Olga Owner' });
    // The thief, holding the password, changes it (as the security page would).
    const thief = await signedInClient(owner);
    const changed = await serviceClient().auth.admin.updateUserById(owner.id, {
      password: 'thief-owns-it-now',
    });
    expect(changed.error).toBeNull();
    await thief.auth.signOut();

    // The owner still has the mailbox: "Forgot password?", then the link, then the freeze page.
    await gotoReady(page, '/forgot-password');
    const before = new Date().toISOString();
    await page.getByLabel('Email').fill(owner.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(/If an account exists for that address/)).toBeVisible();
    const mail = await latestMail(owner.email, before);
    expect(mail.type).toBe('recovery');
    // The mail says how to freeze, in one line.
    expect(mail.text).toContain('/user/freeze');
    await page.goto(mail.link);
    await page.waitForURL('**/reset-password**');
    // The link's code is exchanged for a session once the form is shown; the owner goes on from there
    // without setting a password (the freeze must not wait for that).
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
    await gotoReady(page, '/user/freeze');
    await expect(page.getByTestId('security-hold')).toContainText('Because your password was changed');
    await page.getByRole('main').getByRole('button', { name: 'Freeze withdrawals' }).click();
    await page
      .getByRole('dialog', { name: 'Freeze withdrawals?' })
      .getByRole('button', { name: 'Freeze now' })
      .click();
    await expect(page.getByRole('heading', { name: 'Withdrawals are frozen' })).toBeVisible();
    const { data } = await serviceClient()
      .from('withdrawal_freezes')
      .select('frozen_by')
      .eq('user_id', owner.id)
      .is('lifted_at', null);
    expect(data).toEqual([{ frozen_by: owner.id }]);
  });

  test('after a password change, /user/addresses shows the hold and adding an address is refused with it', async ({
    page,
  }) => {
    test.slow();
    const member = await createMember({ username: 'Hal Hold' });
    await openSignedIn(page, member, '/user/security');
    const form = page.locator('form').filter({ has: page.getByLabel('Code from the e-mail') });
    const before = new Date().toISOString();
    await page.getByRole('button', { name: 'Send me a code' }).click();
    const code = await latestReauthenticationCode(member.email, before);
    await form.getByLabel('Code from the e-mail').fill(code);
    await form.getByLabel('New password', { exact: true }).fill('a-brand-new-pass');
    await form.getByLabel('Confirm new password').fill('a-brand-new-pass');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page, 'Your password has been changed.')).toBeVisible();

    await gotoReady(page, '/user/addresses');
    const hold = page.getByTestId('security-hold');
    await expect(hold).toContainText('Because your password was changed');
    const { data } = await serviceClient()
      .from('security_holds')
      .select('hold_until')
      .eq('user_id', member.id)
      .single();
    const until = new Date((data as { hold_until: string }).hold_until);
    // The end time on the firm's clock, with its zone, as every date in the portal.
    await expect(hold).toContainText(`wait until ${formatDateTime(until)}`);

    const add = page.getByRole('form', { name: 'Add an address' });
    await add.getByLabel('Asset').selectOption({ label: 'Bitcoin' });
    await add.getByLabel('Address', { exact: true }).fill('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    await add.getByLabel('Label').fill('Ledger');
    await add.getByRole('button', { name: 'Add address' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'A security hold is on your account until' }),
    ).toBeVisible();
    const { data: rows } = await serviceClient()
      .from('withdrawal_addresses')
      .select('id')
      .eq('user_id', member.id);
    expect(rows).toEqual([]);
  });
});
