import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  adminClient,
  checkerClient,
  createMember,
  depositFor,
  serviceClient,
  setBalances,
  openSignedIn,
} from './support/users';
import { watchRealtime } from './support/realtime';
import { addActiveAddress } from './support/addresses';

const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

test.describe('withdraw page', () => {
  test('requests are checked in the browser and by the database, then listed with live statuses', async ({
    page,
  }) => {
    const member = await createMember({ username: 'Will Withdraw' });
    await setBalances(member.id, { interest_wallet: '500.00' });
    // Money leaves only to an address-book entry past its cooling-off (member-addresses.spec.ts adds
    // one through the page).
    await addActiveAddress(member, { walletId: 1, address: BTC_DESTINATION, label: 'My BTC wallet' });
    const realtime = watchRealtime(page);
    await openSignedIn(page, member, '/user/withdraw');
    await expect(
      page.getByText(
        'Please request withdrawals via the dashboard or contact support by e-mail for assistance.',
      ),
    ).toBeVisible();
    const form = page.getByRole('form', { name: 'Request a withdrawal' });
    // Each account the member may withdraw from, with what it means and what it has available.
    const from = form.getByRole('group', { name: 'Withdraw from' });
    await expect(from.getByRole('radio')).toHaveCount(3);
    await expect(from.getByRole('radio', { name: /^Deposit Wallet Funds not invested/ })).toBeVisible();
    await expect(form.getByTestId('available-deposit_wallet')).toHaveText('$0.00');
    await expect(form.getByTestId('available-interest_wallet')).toHaveText('$500.00');
    await expect(form.getByTestId('available-referral')).toHaveText('$0.00');
    await expect(from).toContainText('Invested principal (Total Invest) cannot be withdrawn');
    // The account with money available is chosen until the member picks another.
    await expect(from.getByRole('radio', { name: /^Interest Wallet/ })).toBeChecked();
    await expect(page.getByText('Nothing filed yet.')).toBeVisible();

    await form.getByLabel('Asset').selectOption({ label: 'Bitcoin' });
    // The destination is chosen from the address book, never typed.
    await expect(form.getByLabel('Destination (from your address book)')).toHaveValue(/^\d+$/);
    await expect(form.getByLabel('Destination (from your address book)').locator('option')).toHaveText([
      /^My BTC wallet · Bitcoin · bc1qw5…v8f3t4$/,
    ]);
    await form.getByLabel('Amount (USD)').fill('600');
    await form.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Amount must not be more than your Interest Wallet has available: $500.00.',
    );
    // The field at fault is marked, points at the message and has focus.
    await expect(form.getByLabel('Amount (USD)')).toBeFocused();
    await expect(form.getByLabel('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Amount (USD)')).toHaveAccessibleDescription(
      'Amount must not be more than your Interest Wallet has available: $500.00.',
    );

    await form.getByLabel('Amount (USD)').fill('400');
    await form.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Withdrawal request sent.' })).toBeVisible();
    const item = page
      .getByRole('listitem')
      .filter({ hasText: 'Withdrawal request · Bitcoin · $400.00 · from Interest Wallet' });
    await expect(item).toContainText('Pending');
    // The reservation shows at once: 500 - 400.
    await expect(form.getByTestId('available-interest_wallet')).toHaveText('$100.00');
    await expect(form.getByTestId('reserved-interest_wallet')).toHaveText('$400.00 reserved');

    // The database refuses what the browser let through when the balance moved meanwhile.
    // (The page is made to keep showing the old $100.00, as a slow or stale page would.)
    await page.route('**/rest/v1/rpc/my_accounts*', async (route) => {
      const response = await route.fetch();
      const rows = (await response.json()) as { account: string; available: string }[];
      for (const row of rows) if (row.account === 'interest_wallet') row.available = '100.00';
      await route.fulfill({ response, json: rows });
    });
    await setBalances(member.id, { interest_wallet: '450.00' });
    await form.getByLabel('Amount (USD)').fill('100');
    await form.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      /^Amount is more than you can withdraw from your Interest Wallet/,
    );
    // 'wait': a realtime refresh may still be inside the handler; removing it mid-call
    // would leave that request handled twice.
    await page.unrouteAll({ behavior: 'wait' });

    // An admin's decision reaches the open page without a reload.
    const { data: request } = await serviceClient()
      .from('withdrawal_requests')
      .select('id')
      .eq('user_id', member.id)
      .single();
    const admin = await adminClient();
    const heard = await realtime.nextChange('withdrawal_requests', 'UPDATE');
    const { error } = await admin.rpc('review_withdrawal_request', {
      p_request_id: request?.id,
      p_action: 'reject',
      p_note: 'Destination not whitelisted',
    });
    expect(error).toBeNull();
    await heard();
    await expect(item).toContainText('Rejected');
    await expect(item).toContainText('Destination not whitelisted');
    await expect(form.getByTestId('available-interest_wallet')).toHaveText('$450.00');
  });

  test('principal not invested can be withdrawn: from the Deposit Wallet, reserved at once, paid with the quantity sent', async ({
    page,
  }) => {
    const member = await createMember({ username: 'Priya Principal' });
    // A real deposit: 0.5 BTC valued at $60,000.00 per BTC by one admin, approved by another.
    await depositFor(member, { quantity: '0.5', rate: '60000' });
    await addActiveAddress(member, { walletId: 1, address: BTC_DESTINATION, label: 'Cold storage' });
    const realtime = watchRealtime(page);
    await openSignedIn(page, member, '/user/withdraw');
    const form = page.getByRole('form', { name: 'Request a withdrawal' });
    const deposit = form.getByRole('radio', { name: /^Deposit Wallet Funds not invested/ });
    await expect(form.getByTestId('available-deposit_wallet')).toHaveText('$30,000.00');
    await expect(form.getByTestId('available-interest_wallet')).toHaveText('$0.00');
    await expect(deposit).toBeChecked();
    // Keyboard: the radio group moves with the arrow keys.
    await deposit.focus();
    await page.keyboard.press('ArrowDown');
    await expect(form.getByRole('radio', { name: /^Interest Wallet/ })).toBeChecked();
    await page.keyboard.press('ArrowUp');
    await expect(deposit).toBeChecked();

    await form.getByLabel('Asset').selectOption({ label: 'Bitcoin' });
    await form.getByLabel('Amount (USD)').fill('12000');
    await form.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Withdrawal request sent.' })).toBeVisible();
    // Reserved at once: the available amount drops by the request before anyone reviews it.
    await expect(form.getByTestId('available-deposit_wallet')).toHaveText('$18,000.00');
    await expect(form.getByTestId('reserved-deposit_wallet')).toHaveText('$12,000.00 reserved');
    const item = page
      .getByRole('listitem')
      .filter({ hasText: 'Withdrawal request · Bitcoin · $12,000.00 · from Deposit Wallet' });
    await expect(item).toContainText('Pending');
    const { data: filed } = await serviceClient()
      .from('withdrawal_requests')
      .select('id, account, amount::text')
      .eq('user_id', member.id)
      .single();
    expect(filed).toMatchObject({ account: 'deposit_wallet', amount: '12000.00' });
    const { data: balance } = await serviceClient()
      .from('profiles')
      .select('deposit_wallet::text')
      .eq('id', member.id)
      .single();
    // Reserved, not yet paid: the posted balance is unchanged.
    expect(balance).toEqual({ deposit_wallet: '30000.00' });

    // One admin approves, another pays and records what was sent.
    const id = (filed as { id: number }).id;
    const approved = await (
      await adminClient()
    ).rpc('review_withdrawal_request', { p_request_id: id, p_action: 'approve', p_note: null });
    expect(approved.error).toBeNull();
    const heard = await realtime.nextChange('withdrawal_requests', 'UPDATE');
    const paid = await (
      await checkerClient()
    ).rpc('review_withdrawal_request', {
      p_request_id: id,
      p_action: 'pay',
      p_note: null,
      p_quantity: '0.19999',
      p_rate: '60000',
      p_network_fee: '0.00001',
      p_rate_source: 'E2E fixed rate',
    });
    expect(paid.error).toBeNull();
    await heard();
    await expect(item).toContainText('Paid 0.19999 BTC; network fee 0.00001 BTC');
    await expect(form.getByTestId('available-deposit_wallet')).toHaveText('$18,000.00');
    await expect(form.getByTestId('reserved-deposit_wallet')).toHaveCount(0);
    const { data: after } = await serviceClient()
      .from('profiles')
      .select('deposit_wallet::text, total_deposit::text, total_withdraw::text')
      .eq('id', member.id)
      .single();
    expect(after).toEqual({
      deposit_wallet: '18000.00',
      total_deposit: '30000.00',
      total_withdraw: '12000.00',
    });
  });

  test('cancelling an unpaid request releases its reservation at once', async ({ page }) => {
    const member = await createMember({ username: 'Cora Cancel' });
    await setBalances(member.id, { referral: '500.00' });
    const { client } = await addActiveAddress(member, { walletId: 1, address: BTC_DESTINATION });
    const filed = await client.rpc('file_withdrawal_request', {
      p_wallet_id: 1,
      p_account: 'referral',
      p_amount: '200.00',
      p_destination_address: BTC_DESTINATION,
    });
    expect(filed.error).toBeNull();
    await openSignedIn(page, member, '/user/withdraw');
    const form = page.getByRole('form', { name: 'Request a withdrawal' });
    await expect(form.getByTestId('available-referral')).toHaveText('$300.00');
    await expect(form.getByTestId('reserved-referral')).toHaveText('$200.00 reserved');
    const item = page
      .getByRole('listitem')
      .filter({ hasText: 'Withdrawal request · Bitcoin · $200.00 · from Referral Earnings' });
    await item.getByRole('button', { name: /^Cancel request of \$200\.00/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this withdrawal request?' });
    await dialog.getByRole('button', { name: 'Cancel request' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Withdrawal request cancelled.' })).toBeVisible();
    await expect(item).toContainText('Cancelled');
    await expect(form.getByTestId('available-referral')).toHaveText('$500.00');
    await expect(form.getByTestId('reserved-referral')).toHaveCount(0);
  });

  test('a member with 3 requests waiting for review is told so, and nothing more is filed', async ({
    page,
  }) => {
    const member = await createMember({ username: 'Queue Filler' });
    await setBalances(member.id, { interest_wallet: '500.00' });
    const { client } = await addActiveAddress(member, { walletId: 1, address: BTC_DESTINATION });
    for (let i = 0; i < 3; i += 1) {
      const { error } = await client.rpc('file_withdrawal_request', {
        p_wallet_id: 1,
        p_account: 'interest_wallet',
        p_amount: '10.00',
        p_destination_address: BTC_DESTINATION,
      });
      expect(error).toBeNull();
    }
    await openSignedIn(page, member, '/user/withdraw');
    const form = page.getByRole('form', { name: 'Request a withdrawal' });
    await expect(form.getByTestId('available-interest_wallet')).toHaveText('$470.00');
    await form.getByLabel('Asset').selectOption({ label: 'Bitcoin' });
    await form.getByLabel('Amount (USD)').fill('20');
    await form.getByRole('button', { name: 'Request withdrawal' }).click();
    const alert = form.getByRole('alert');
    await expect(alert).toHaveText(
      'You already have 3 withdrawal requests waiting for review. Please wait until we have reviewed them.',
    );
    // Styled as an error (the shared in-page form problem style), not as a notice.
    await expect(alert).toHaveClass(/\bform-error\b/);
    // Nothing lost: the form keeps what was typed, and the database holds the three requests only.
    await expect(form.getByLabel('Amount (USD)')).toHaveValue('20');
    const { count } = await serviceClient()
      .from('withdrawal_requests')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', member.id);
    expect(count).toBe(3);
  });

  test('the statement lists ledger entries with reasons and draws the balance', async ({ page }) => {
    const member = await createMember({ username: 'Stella Statement' });
    await setBalances(member.id, { interest_wallet: '100.00' }, 'Opening balance');
    await setBalances(member.id, { interest_wallet: '75.25' }, 'Fee correction');
    const realtime = watchRealtime(page);
    await openSignedIn(page, member, '/user/statement');
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText('Interest Wallet');
    await expect(rows.nth(1)).toContainText('-$24.75');
    await expect(rows.nth(1)).toContainText('$75.25');
    await expect(rows.nth(1)).toContainText('Fee correction');
    await expect(rows.nth(2)).toContainText('+$100.00');
    await expect(rows.nth(2)).toContainText('Opening balance');
    // The total value of this month (Hong Kong time), from nothing to $75.25 in two steps.
    const chart = page.getByRole('img', { name: /^Total value, \w+ \d{4}: \$75\.25$/ });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAccessibleDescription(
      /^Moments with changes: 2; \$0\.00 at the start, \$75\.25 at .*\.$/,
    );
    // The statement downloads as CSV with the exact stored amounts.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^liquid-capital-statement-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv[0]).toBe('Date (UTC),Account,Change,Balance before,Balance after,Reason');
    expect(csv[1]).toMatch(/^\d{4}-.*Z,Interest Wallet,100\.00,0\.00,100\.00,Opening balance$/);
    expect(csv[2]).toMatch(/,Interest Wallet,-24\.75,100\.00,75\.25,Fee correction$/);
    // Live as well.
    const heard = await realtime.nextChange('ledger_entries', 'INSERT');
    await setBalances(member.id, { interest_wallet: '80.00' }, 'Interest credit');
    await heard();
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1)).toContainText('Interest credit');
  });
});
