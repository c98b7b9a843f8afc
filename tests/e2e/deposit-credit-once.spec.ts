import { expect, test } from '@playwright/test';
import { testTxId } from '../support/tx-id';
import { newPage, runTag, approveMoney, openAsStaff } from './admin-helpers';
import {
  createAdmin,
  createMember,
  serviceClient,
  signedInAdminClient,
  signedInClient,
  openSignedIn,
} from './support/users';
import { watchRealtime } from './support/realtime';
import { expectNoAxeViolations } from './support/page-checks';

/*
 * Issue 32's stories in the browser: a deposit is filed in the asset that was sent, valued by one
 * finance admin (USD value and rate), credited when a second one approves, and credited once
 * whatever is tried next; the member reads the quantity, its USD value and where it stands.
 */

test('the double credit is refused: a 0.5 BTC notice is valued by one admin, approved by another, and the same transaction is never credited again', async ({
  page,
  browser,
}) => {
  // Two admins and a member sign in (the admins with authenticator codes): minutes on a busy machine.
  test.setTimeout(180_000);
  const tag = runTag();
  const [makerAdmin, checkerAdmin] = await Promise.all([
    createAdmin({ username: `dm${tag}`, role: 'finance' }),
    createAdmin({ username: `dc${tag}`, role: 'finance' }),
  ]);
  const member = await createMember({ username: `Dora ${tag}` });
  const txId = testTxId(`double-credit-${tag}`);

  // The member files the notice on the deposit page: 0.5 BTC, not dollars.
  const memberPage = await newPage(browser);
  const memberRealtime = watchRealtime(memberPage);
  await openSignedIn(memberPage, member, '/user/deposit');
  await memberPage.getByRole('button', { name: "I've made the deposit" }).click();
  const notice = memberPage.getByRole('dialog', { name: "I've made the deposit" });
  await notice.getByLabel('Asset').selectOption({ label: 'Bitcoin' });
  await notice.getByLabel('Quantity sent (BTC)').fill('0.5');
  await notice.getByLabel('Transaction ID').fill(txId);
  await notice.getByRole('button', { name: 'Send deposit notice' }).click();
  await expect(memberPage.getByRole('status').filter({ hasText: 'Deposit notice sent.' })).toBeVisible();
  const mine = memberPage.getByRole('region', { name: 'Your deposit notices' }).getByRole('listitem');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Deposit notice · Bitcoin · 0.5 BTC');
  await expect(mine).toContainText('Pending review');
  const { data: filed } = await serviceClient()
    .from('deposit_notices')
    .select('id')
    .eq('user_id', member.id)
    .single();
  const noticeId = (filed as { id: number }).id;

  // Admin A values it on the Requests page: the quantity is shown, the USD value must be quantity × rate.
  await openAsStaff(page, makerAdmin, '/admin/requests');
  const card = page.getByRole('article', { name: `Deposit notice ${noticeId} from ${member.email}` });
  await expect(card).toContainText(`0.5 BTC · Bitcoin · ${member.email}`);
  await card.getByRole('button', { name: 'Confirm' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm deposit: 0.5 BTC' });
  await expect(confirm).toContainText('Member sent: 0.5 BTC');
  await expect(confirm.getByLabel('Rate (USD per BTC)')).toBeFocused();
  await confirm.getByLabel('Rate (USD per BTC)').fill('60000');
  await expect(confirm.getByLabel('USD value')).toHaveAccessibleDescription(
    'Quantity × rate, rounded to cents: $30,000.00.',
  );
  await confirm.getByLabel('USD value').fill('25000');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByRole('alert')).toHaveText(
    'The USD value must be the quantity × the rate, rounded to cents: 0.5 BTC × $60,000.00 per BTC = $30,000.00.',
  );
  await expect(confirm.getByLabel('USD value')).toBeFocused();
  await expectNoAxeViolations(page);
  await confirm.getByLabel('USD value').fill('30000.00');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByRole('alert')).toContainText('Say where the rate comes from');
  await confirm.getByLabel('Rate source').fill('Kraken BTC/USD close');
  await confirm.getByLabel('Note (optional; the client reads this)').fill('Seen on chain, 3 confirmations');
  const memberHeard = await memberRealtime.nextChange('deposit_notices', 'UPDATE');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByText(
      `Deposit notice #${noticeId} valued: 0.5 BTC = $30,000.00 for ${member.email}. A second admin approves the credit on the Approvals page before the member is credited.`,
    ),
  ).toBeVisible();
  // Valued, not credited: no Confirm any more, and it says who acts next.
  await expect(card).toContainText('Awaiting a second admin’s approval');
  await expect(card).toContainText('Valued at $30,000.00 ($60,000.00 per BTC) · Kraken BTC/USD close');
  await expect(card.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  const { data: valued } = await serviceClient()
    .from('deposit_notices')
    .select('status, amount::text, transfer_id')
    .eq('id', noticeId)
    .single();
  expect(valued).toMatchObject({ status: 'valued', amount: '30000.00' });
  const transferId = (valued as { transfer_id: number }).transfer_id;
  const { data: before } = await serviceClient()
    .from('profiles')
    .select('deposit_wallet::text, total_deposit::text')
    .eq('id', member.id)
    .single();
  expect(before).toEqual({ deposit_wallet: '0.00', total_deposit: '0.00' });

  // The member sees it move: being confirmed, at its USD value.
  await memberHeard();
  await expect(mine).toContainText('Being confirmed');
  await expect(mine).toContainText('0.5 BTC · $30,000.00');

  // Admin A cannot approve their own valuation; admin B, in another browser, approves it.
  const self = await (
    await signedInAdminClient(makerAdmin)
  ).rpc('approve_transfer', {
    p_transfer_id: transferId,
  });
  expect(self.error?.hint).toBe('four_eyes');
  const approver = await newPage(browser);
  await openAsStaff(approver, checkerAdmin, '/admin/approvals');
  const transfer = approver.getByRole('article', {
    name: `Transfer #${transferId}: Deposit for ${member.email}`,
  });
  await expect(transfer.getByTestId('amount')).toHaveText('+$30,000.00');
  await expect(transfer).toContainText('Deposit Wallet');
  await expect(transfer).toContainText('0.5 BTC');
  await expect(transfer).toContainText('$60,000.00 per BTC');
  await expect(transfer).toContainText('Kraken BTC/USD close');
  await expect(transfer).toContainText(`#${noticeId}`);
  await expect(transfer).toContainText(`proposed by ${makerAdmin.email}`);
  await approveMoney(approver, transfer);
  await expect(transfer).toHaveCount(0);

  // Credited: the notice says so everywhere and offers nothing more.
  await expect(card).toContainText('Credited');
  await expect(card).toContainText('Credited $30,000.00');
  await expect(card.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  await expect(mine).toContainText('Credited');
  await expect(mine).toContainText('0.5 BTC · $30,000.00');
  const { data: after } = await serviceClient()
    .from('profiles')
    .select('deposit_wallet::text, total_deposit::text')
    .eq('id', member.id)
    .single();
  expect(after).toEqual({ deposit_wallet: '30000.00', total_deposit: '30000.00' });

  // Every second credit of the same on-chain transaction is refused:
  // 1. the same notice again, straight through the API;
  const checker = await signedInAdminClient(checkerAdmin);
  const again = await checker.rpc('review_deposit_notice', {
    p_notice_id: noticeId,
    p_decision: 'confirm',
    p_usd_value: '30000.00',
    p_rate: '60000',
    p_rate_source: 'Kraken BTC/USD close',
  });
  expect(again.error?.code).toBe('PT409');
  // 2. the member filing it again;
  const memberApi = await signedInClient(member);
  const refiled = await memberApi.rpc('file_deposit_notice', {
    p_wallet_id: 1,
    p_quantity: '0.5',
    p_tx_id: txId,
  });
  expect(refiled.error?.message).toBe(
    `You have already filed this transaction ID (deposit notice #${noticeId}).`,
  );
  // 3. someone else filing the same transaction: the notice can be filed, but valuing it is refused.
  const other = await createMember({ username: `Otto ${tag}` });
  const otherFiled = await (
    await signedInClient(other)
  ).rpc('file_deposit_notice', {
    p_wallet_id: 1,
    p_quantity: '0.5',
    p_tx_id: txId,
  });
  expect(otherFiled.error).toBeNull();
  const otherId = (otherFiled.data as { id: number }).id;
  await page.reload();
  const otherCard = page.getByRole('article', { name: `Deposit notice ${otherId} from ${other.email}` });
  await expect(otherCard).toContainText('Conflict: another member also filed this transaction ID');
  await otherCard.getByRole('button', { name: 'Confirm' }).click();
  const second = page.getByRole('dialog', { name: 'Confirm deposit: 0.5 BTC' });
  await second.getByLabel('Rate (USD per BTC)').fill('60000');
  await second.getByLabel('USD value').fill('30000');
  await second.getByLabel('Rate source').fill('Kraken BTC/USD close');
  await second.getByRole('button', { name: 'Confirm' }).click();
  await expect(second.getByRole('alert')).toContainText('already');
  await expect(second).toBeVisible();
  const { data: otherAfter } = await serviceClient()
    .from('profiles')
    .select('deposit_wallet::text, total_deposit::text')
    .eq('id', other.id)
    .single();
  expect(otherAfter).toEqual({ deposit_wallet: '0.00', total_deposit: '0.00' });
  // One posted deposit for the transaction, whatever was tried.
  const { data: posted } = await serviceClient()
    .from('transfers')
    .select('id')
    .eq('business_id', `deposit:bitcoin:${txId}`)
    .in('phase', ['posted', 'post_pending']);
  expect(posted).toHaveLength(1);
  await approver.context().close();
  await memberPage.context().close();
});

test('a deposit of 0.5 BTC shows 0.5 BTC and its USD value to the member, on the deposit page, the withdraw page and the statement', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const member = await createMember({ username: `Bea ${tag}` });
  const txId = testTxId(`half-btc-${tag}`);
  const filed = await (
    await signedInClient(member)
  ).rpc('file_deposit_notice', {
    p_wallet_id: 1,
    p_quantity: '0.5',
    p_tx_id: txId,
  });
  expect(filed.error).toBeNull();
  const noticeId = (filed.data as { id: number }).id;
  const [maker, checker] = await Promise.all([
    createAdmin({ username: `bm${tag}`, role: 'finance' }).then(signedInAdminClient),
    createAdmin({ username: `bc${tag}` }).then(signedInAdminClient),
  ]);
  const valued = await maker.rpc('review_deposit_notice', {
    p_notice_id: noticeId,
    p_decision: 'confirm',
    p_usd_value: '48765.43',
    p_rate: '97530.86',
    p_rate_source: 'Coinbase BTC-USD spot',
  });
  expect(valued.error).toBeNull();
  const approved = await checker.rpc('approve_transfer', {
    p_transfer_id: (valued.data as { transfer_id: number }).transfer_id,
  });
  expect(approved.error).toBeNull();

  await openSignedIn(page, member, '/user/deposit');
  const cards = page.getByRole('region', { name: 'Balances' });
  await expect(cards.getByTestId('balance-deposit_wallet')).toHaveText('$48,765.43');
  await expect(cards.getByTestId('balance-total_deposit')).toHaveText('$48,765.43');
  await expect(cards.getByRole('listitem').filter({ hasText: 'Total Deposit' })).toContainText(
    'All deposits credited',
  );
  const item = page.getByRole('region', { name: 'Your deposit notices' }).getByRole('listitem');
  await expect(item).toContainText('Deposit notice · Bitcoin · 0.5 BTC · $48,765.43');
  await expect(item).toContainText('Credited');
  await expectNoAxeViolations(page);

  await page.goto('/user/withdraw');
  const listed = page
    .getByRole('listitem')
    .filter({ hasText: 'Deposit notice · Bitcoin · 0.5 BTC · $48,765.43' });
  await expect(listed).toContainText('Credited');
  await expect(page.getByTestId('available-deposit_wallet')).toHaveText('$48,765.43');
  await expectNoAxeViolations(page);

  await page.goto('/user/statement');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText('Deposit Wallet');
  await expect(rows.nth(1)).toContainText('+$48,765.43');
  await expect(rows.nth(1)).toContainText('0.5 BTC');
});
