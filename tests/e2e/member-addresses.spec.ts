import { expect, test, type Page } from '@playwright/test';
import {
  adminClient,
  createAdmin,
  createMember,
  gotoReady,
  latestMail,
  serviceClient,
  setBalances,
  signedInAdminClient,
  signedInClient,
  openSignedIn,
} from './support/users';
import { addActiveAddress, endCoolingOff } from './support/addresses';
import { watchRealtime } from './support/realtime';
import { nextTotpCode } from '../support/totp';
import { saveScreen } from './support/screens';

// Issue 23 (docs/address-book.md): money leaves only to an address the member added with a fresh
// one-time code and that has waited out its cooling-off; a freeze stops everything at once.
const BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const BTC_OTHER = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';
const XRP = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const ETH = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

async function fillAddressForm(page: Page, asset: string, address: string, label: string, tag?: string) {
  const form = page.getByRole('form', { name: 'Add an address' });
  await form.getByLabel('Asset').selectOption({ label: asset });
  await form.getByLabel('Address', { exact: true }).fill(address);
  if (tag !== undefined) await form.getByLabel(/Destination tag/).fill(tag);
  await form.getByLabel('Label').fill(label);
  await form.getByRole('button', { name: 'Add address' }).click();
}

test.describe('address book', () => {
  test('a member adds an address with the mailed code, sees it pending, then withdraws to it once active', async ({
    page,
  }) => {
    const member = await createMember({ username: 'Ada Address' });
    await setBalances(member.id, { interest_wallet: '500.00' });
    const realtime = watchRealtime(page);
    await openSignedIn(page, member, '/user/addresses');
    await expect(page.getByText('No addresses yet.')).toBeVisible();

    // The browser's own check first: nothing is sent for a mistyped address.
    await fillAddressForm(page, 'Bitcoin', `${BTC.slice(0, -1)}5`, 'Cold storage');
    const form = page.getByRole('form', { name: 'Add an address' });
    await expect(form.getByRole('alert')).toHaveText(
      'That is not a valid Bitcoin address. Check it and try again.',
    );
    await expect(form.getByLabel('Address', { exact: true })).toBeFocused();

    const since = new Date(Date.now() - 1000).toISOString();
    await form.getByLabel('Address', { exact: true }).fill(BTC);
    await form.getByRole('button', { name: 'Add address' }).click();
    // The database asked for the step-up; the page asks for the mailed code in place.
    await expect(page.getByTestId('step-up-prompt')).toHaveText(
      `We sent a code to ${member.email}. Enter it to add the address.`,
    );
    const code = page.getByLabel('Code from the e-mail');
    await expect(code).toBeFocused();
    const mail = await latestMail(member.email, since);
    expect(mail.type).toBe('magiclink');
    expect(mail.token).toMatch(/^\d{6}$/);
    // A wrong code is refused and nothing is added.
    await code.fill(mail.token === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm and add' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'That code is not right or has expired. Check the newest e-mail, or ask for a new code.',
    );
    await code.fill(mail.token);
    await page.getByRole('button', { name: 'Confirm and add' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Address added. You can withdraw to it once its waiting period is over.' }),
    ).toBeVisible();
    const entry = page.getByTestId('address-entry').filter({ hasText: 'Cold storage' });
    await expect(entry).toContainText('Pending');
    await expect(entry).toContainText(/\(in 2[34] h \d+ min\)/);
    await expect(entry).toContainText('BTC on Bitcoin');

    // Through the API with the member's own token: the database refuses a pending entry and free text.
    const api = await signedInClient(member);
    const pending = await api.rpc('file_withdrawal_request', {
      p_wallet_id: 1,
      p_account: 'interest_wallet',
      p_amount: '10',
      p_destination_address: BTC,
    });
    expect(pending.error?.hint).toBe('address_pending');
    expect(pending.error?.message).toMatch(/^This address is still in its waiting period/);
    const unlisted = await api.rpc('file_withdrawal_request', {
      p_wallet_id: 1,
      p_account: 'interest_wallet',
      p_amount: '10',
      p_destination_address: BTC_OTHER,
    });
    expect(unlisted.error?.hint).toBe('address_not_listed');

    // The withdraw page offers nothing yet and says why.
    await page.goto('/user/withdraw');
    const withdraw = page.getByRole('form', { name: 'Request a withdrawal' });
    await withdraw.getByLabel('Asset').selectOption({ label: 'Bitcoin' });
    await expect(withdraw.getByTestId('no-destination')).toContainText(
      'You have no active Bitcoin address yet.',
    );
    await expect(withdraw.getByTestId('waiting-addresses')).toContainText('“Cold storage” can be used in');

    // Time travel past the cooling-off; the open page hears it.
    const { data: row } = await serviceClient()
      .from('withdrawal_addresses')
      .select('id')
      .eq('user_id', member.id)
      .single();
    const heard = await realtime.nextChange('withdrawal_addresses', 'UPDATE');
    await endCoolingOff((row as { id: number }).id);
    await heard();
    const destination = withdraw.getByLabel('Destination (from your address book)');
    await expect(destination).toBeVisible();
    await expect(destination.locator('option')).toHaveText([/^Cold storage · Bitcoin · bc1qw5…v8f3t4$/]);
    await withdraw.getByLabel('Amount (USD)').fill('120');
    await withdraw.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Withdrawal request sent.' })).toBeVisible();
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: 'Withdrawal request · Bitcoin · $120.00 · from Interest Wallet' }),
    ).toContainText('Pending');
    const { data: request } = await serviceClient()
      .from('withdrawal_requests')
      .select('destination_address, address_id')
      .eq('user_id', member.id)
      .single();
    expect(request).toEqual({ destination_address: BTC, address_id: (row as { id: number }).id });
  });

  test('with an authenticator, the code entered at sign-in is the step-up for ten minutes; removing asks first', async ({
    page,
  }) => {
    const member = await createMember({ username: 'Tess Totp' });
    const setup = await signedInClient(member);
    const enrolled = await setup.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    if (enrolled.error) throw new Error(enrolled.error.message);
    const secret = enrolled.data.totp.secret;
    const verified = await setup.auth.mfa.challengeAndVerify({
      factorId: enrolled.data.id,
      code: await nextTotpCode(secret),
    });
    expect(verified.error).toBeNull();
    // Adding the authenticator started a 48-hour security hold (member-trust.spec.ts shows it);
    // this test is about what happens after it, so the hold ends now.
    const ended = await serviceClient()
      .from('security_holds')
      .update({ hold_until: new Date().toISOString() })
      .eq('user_id', member.id);
    expect(ended.error).toBeNull();

    // The member area asks a member with an authenticator for its code at sign-in: a session begun
    // after the authenticator was added, so its code counts as the step-up.
    await gotoReady(page, `/login?next=${encodeURIComponent('/user/addresses')}`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Enter your authenticator code' })).toBeVisible();
    await page.getByLabel('Authenticator code').fill(await nextTotpCode(secret));
    await page.getByRole('button', { name: 'Verify code' }).click();
    await page.waitForURL((url) => url.pathname === '/user/addresses');
    await expect(page.getByText('No addresses yet.')).toBeVisible();
    // That code is a TOTP verification of the last ten minutes (amr), so no second prompt comes; the
    // prompt itself and the 600-second boundary are covered in supabase/tests/address-book.test.ts.
    await fillAddressForm(page, 'Ripple', XRP, 'Exchange account', '12345');
    const entry = page.getByTestId('address-entry').filter({ hasText: 'Exchange account' });
    await expect(entry).toContainText('Pending');
    await expect(entry).toContainText('Destination tag 12345');
    await expect(page.getByTestId('step-up-prompt')).toHaveCount(0);

    // A duplicate is refused with a clear message (the fresh TOTP still counts).
    await fillAddressForm(page, 'Ripple', XRP, 'Again', '12345');
    await expect(page.getByRole('form', { name: 'Add an address' }).getByRole('alert')).toHaveText(
      'This address is already in your address book for Ripple.',
    );

    // Removal: a confirmation, Escape keeps it, then it goes at once.
    await entry.getByRole('button', { name: 'Remove Exchange account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this address?' });
    await expect(dialog).toContainText('“Exchange account” will no longer receive withdrawals.');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(entry).toBeVisible();
    await entry.getByRole('button', { name: 'Remove Exchange account' }).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(entry).toBeHidden();
    await expect(page.getByText('No addresses yet.')).toBeVisible();
    const { data } = await serviceClient()
      .from('withdrawal_addresses')
      .select('removed_at')
      .eq('user_id', member.id)
      .single();
    expect((data as { removed_at: string | null }).removed_at).not.toBeNull();
  });

  test('the freeze is offered on the security and notifications pages too, and shows everywhere once made', async ({
    page,
  }) => {
    const member = await createMember({ username: 'Frank Freeze' });
    await openSignedIn(page, member, '/user/security');
    await expect(page.getByRole('button', { name: 'Freeze withdrawals' })).toBeVisible();
    await page.goto('/user/notifications');
    await page.getByRole('button', { name: 'Freeze withdrawals' }).click();
    await page
      .getByRole('dialog', { name: 'Freeze withdrawals?' })
      .getByRole('button', { name: 'Freeze now' })
      .click();
    await expect(page.getByTestId('withdrawals-frozen')).toContainText('Withdrawals are frozen');
    // The freeze is announced in the list the member is reading.
    await expect(page.getByRole('list', { name: 'Notifications, newest first' })).toContainText(/froze/i);
    for (const path of ['/user/security', '/user-dashboard']) {
      await page.goto(path);
      await expect(page.getByTestId('withdrawals-frozen')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Freeze withdrawals' })).toHaveCount(0);
    }
  });

  test('a freeze stops a pending payout and new requests', async ({ page }) => {
    const member = await createMember({ username: 'Fiona Freeze' });
    await setBalances(member.id, { interest_wallet: '800.00' });
    const { client: api } = await addActiveAddress(member, { walletId: 2, address: ETH, label: 'Main ETH' });
    const filed = await api.rpc('file_withdrawal_request', {
      p_wallet_id: 2,
      p_account: 'interest_wallet',
      p_amount: '100',
      p_destination_address: ETH,
    });
    expect(filed.error).toBeNull();
    const second = await api.rpc('file_withdrawal_request', {
      p_wallet_id: 2,
      p_account: 'interest_wallet',
      p_amount: '50',
      p_destination_address: ETH,
    });
    expect(second.error).toBeNull();
    const approver = await adminClient();
    const approved = await approver.rpc('review_withdrawal_request', {
      p_request_id: (filed.data as { id: number }).id,
      p_action: 'approve',
    });
    expect(approved.error).toBeNull();

    await openSignedIn(page, member, '/user-dashboard');
    await page.getByRole('button', { name: 'Freeze withdrawals' }).click();
    const dialog = page.getByRole('dialog', { name: 'Freeze withdrawals?' });
    await expect(dialog).toContainText('requests already waiting will not be paid');
    await dialog.getByRole('button', { name: 'Freeze now' }).click();
    await expect(page.getByTestId('withdrawals-frozen')).toContainText('Withdrawals are frozen');
    await expect(page.getByRole('button', { name: 'Freeze withdrawals' })).toHaveCount(0);

    // A second admin cannot pay the approved request, nor approve the pending one.
    const payer = await signedInAdminClient(await createAdmin({ role: 'finance' }));
    const pay = await payer.rpc('review_withdrawal_request', {
      p_request_id: (filed.data as { id: number }).id,
      p_action: 'pay',
      p_quantity: '0.0499',
      p_rate: '2000',
      p_network_fee: '0.0001',
      p_rate_source: 'Kraken ETH/USD close',
    });
    expect(pay.error?.message).toBe(
      'This member has frozen withdrawals: the request cannot be paid until the freeze is lifted.',
    );
    const approve = await payer.rpc('review_withdrawal_request', {
      p_request_id: (second.data as { id: number }).id,
      p_action: 'approve',
    });
    expect(approve.error?.hint).toBe('withdrawals_frozen');
    // Nor can the member file a new one, through the API or the page.
    const again = await api.rpc('file_withdrawal_request', {
      p_wallet_id: 2,
      p_account: 'interest_wallet',
      p_amount: '10',
      p_destination_address: ETH,
    });
    expect(again.error?.hint).toBe('withdrawals_frozen');
    await page.goto('/user/withdraw');
    await expect(page.getByTestId('withdrawals-frozen')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Request a withdrawal' })).toHaveCount(0);
    const { data: profile } = await serviceClient()
      .from('profiles')
      .select('interest_wallet')
      .eq('id', member.id)
      .single();
    expect(String((profile as { interest_wallet: unknown }).interest_wallet)).toMatch(/^800(\.00?)?$/);
  });

  test('/user/addresses fits a phone, a tablet and a desktop', async ({ page }) => {
    const member = await createMember({ username: 'Shona Screens' });
    // One active entry and one still waiting, as a member usually has.
    const { client } = await addActiveAddress(member, {
      walletId: 5,
      address: XRP,
      label: 'Exchange (XRP)',
      tag: '4294967295',
    });
    const pending = await client.rpc('add_withdrawal_address', {
      p_wallet_id: 3,
      p_address: ETH,
      p_label: 'Hardware wallet',
    });
    expect(pending.error).toBeNull();
    for (const width of [360, 768, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      if (width === 360) await openSignedIn(page, member, '/user/addresses');
      else await page.reload();
      await expect(page.getByTestId('address-entry')).toHaveCount(2);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
      await saveScreen(page, `member-addresses-${width}.png`, { fullPage: true });
    }
  });
});
