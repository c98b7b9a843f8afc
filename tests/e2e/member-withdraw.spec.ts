import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { adminClient, createMember, serviceClient, setBalances, signInThroughUi } from './support/users';
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
    await signInThroughUi(page, member, '/user/withdraw');
    await expect(
      page.getByText('Please request withdrawals via the dashboard or contact support chat for assistance.'),
    ).toBeVisible();
    const form = page.getByRole('form', { name: 'Request a withdrawal' });
    await expect(form.getByTestId('withdrawable')).toHaveText('$500.00');
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
      'Amount must not be more than your withdrawable balance of $500.00.',
    );
    // The field at fault is marked, points at the message and has focus.
    await expect(form.getByLabel('Amount (USD)')).toBeFocused();
    await expect(form.getByLabel('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Amount (USD)')).toHaveAccessibleDescription(
      'Amount must not be more than your withdrawable balance of $500.00.',
    );

    await form.getByLabel('Amount (USD)').fill('400');
    await form.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Withdrawal request sent.' })).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: 'Withdrawal request · Bitcoin · $400.00' });
    await expect(item).toContainText('Pending');
    // The hold shows at once: 500 - 400.
    await expect(form.getByTestId('withdrawable')).toHaveText('$100.00');

    // The database refuses what the browser let through when the balance moved meanwhile.
    // (The page is made to keep showing the old $100.00, as a slow or stale page would.)
    await page.route('**/rest/v1/rpc/withdrawable_balance*', (route) => route.fulfill({ json: '100.00' }));
    await setBalances(member.id, { interest_wallet: '450.00' });
    await form.getByLabel('Amount (USD)').fill('100');
    await form.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      /^Amount is more than your withdrawable balance \(50\.00\)/,
    );
    await page.unroute('**/rest/v1/rpc/withdrawable_balance*');

    // An admin's decision reaches the open page without a reload.
    const { data: request } = await serviceClient()
      .from('withdrawal_requests')
      .select('id')
      .eq('user_id', member.id)
      .single();
    const admin = await adminClient();
    const heard = realtime.nextChange('withdrawal_requests', 'UPDATE');
    const { error } = await admin.rpc('review_withdrawal_request', {
      p_request_id: request?.id,
      p_action: 'reject',
      p_note: 'Destination not whitelisted',
    });
    expect(error).toBeNull();
    await heard;
    await expect(item).toContainText('Rejected');
    await expect(item).toContainText('Destination not whitelisted');
    await expect(form.getByTestId('withdrawable')).toHaveText('$450.00');
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
        p_amount: '10.00',
        p_destination_address: BTC_DESTINATION,
      });
      expect(error).toBeNull();
    }
    await signInThroughUi(page, member, '/user/withdraw');
    const form = page.getByRole('form', { name: 'Request a withdrawal' });
    await expect(form.getByTestId('withdrawable')).toHaveText('$470.00');
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
    await signInThroughUi(page, member, '/user/statement');
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText('Interest Wallet');
    await expect(rows.nth(1)).toContainText('-$24.75');
    await expect(rows.nth(1)).toContainText('$75.25');
    await expect(rows.nth(1)).toContainText('Fee correction');
    await expect(rows.nth(2)).toContainText('+$100.00');
    await expect(rows.nth(2)).toContainText('Opening balance');
    const chart = page.getByRole('img', { name: 'Interest Wallet balance: now $75.25' });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAccessibleDescription(
      /^2 moments with changes, from .* \(\$100\.00\) to .* \(\$75\.25\)\.$/,
    );
    // The statement downloads as CSV with the exact stored amounts.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^liquid-capital-statement-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv[0]).toBe('Date (UTC),Account,Change,Balance before,Balance after,Reason');
    expect(csv[1]).toMatch(/^\d{4}-.*Z,Interest Wallet,100\.00,0\.00,100\.00,Opening balance$/);
    expect(csv[2]).toMatch(/,Interest Wallet,-24\.75,100\.00,75\.25,Fee correction$/);
    // Live as well.
    const heard = realtime.nextChange('ledger_entries', 'INSERT');
    await setBalances(member.id, { interest_wallet: '80.00' }, 'Interest credit');
    await heard;
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1)).toContainText('Interest credit');
  });
});
