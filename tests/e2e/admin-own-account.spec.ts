import { testTxId } from '../support/tx-id';
import { expect, test, type Page } from '@playwright/test';
import { adminSignIn, findUser, runTag, userRow, openAsStaff } from './admin-helpers';
import { addActiveAddress } from './support/addresses';
import { createAdmin, setBalances, signedInAdminClient, signedInClient } from './support/users';

// Issue 30 (docs/four-eyes.md, "Your own account"): the database refuses any staff action on the
// staff member's own money; the admin screens do not offer it there, and say who handles it.
const NOTE = 'Your own account: two other staff members handle it.';

test('a finance admin’s own notice, withdrawal, row and deposit credit offer no actions to them, only to another admin', async ({
  page,
  browser,
}) => {
  // Two admins sign in with authenticator codes, on three pages each: about a minute on 2 busy cores.
  test.setTimeout(150_000);
  const tag = runTag();
  // Enrolled at the first sign-in, after filing: a new authenticator starts a security hold on withdrawals.
  const self = await createAdmin({ username: `own${tag}`, role: 'finance', enrol: false });
  const other = await createAdmin({ username: `oth${tag}`, role: 'finance' });
  await setBalances(self.id, { interest_wallet: '300.00' });
  const asMember = await signedInClient(self);
  const txId = `0x${testTxId(tag)}`;
  const notice = await asMember.rpc('file_deposit_notice', {
    p_wallet_id: 2,
    p_quantity: '0.075',
    p_tx_id: txId,
  });
  expect(notice.error).toBeNull();
  const destination = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
  await addActiveAddress(self, { walletId: 2, address: destination });
  const request = await asMember.rpc('file_withdrawal_request', {
    p_wallet_id: 2,
    p_account: 'interest_wallet',
    p_amount: '40',
    p_destination_address: destination,
  });
  expect(request.error).toBeNull();

  const noticeCard = (p: Page) =>
    p.getByRole('article', { name: new RegExp(`^Deposit notice \\d+ from ${self.email}$`) });
  const requestCard = (p: Page) =>
    p.getByRole('article', { name: new RegExp(`^Withdrawal request \\d+ from ${self.email}$`) });

  // Through the form: this first sign-in is where the authenticator is enrolled.
  await adminSignIn(page, self);
  await page.goto('/admin/requests');
  await expect(noticeCard(page)).toContainText('0.075 ETH');
  await expect(noticeCard(page)).toContainText(NOTE);
  await expect(noticeCard(page).getByRole('button')).toHaveCount(0);
  await expect(requestCard(page)).toContainText('$40.00');
  await expect(requestCard(page)).toContainText(NOTE);
  await expect(requestCard(page).getByRole('button')).toHaveCount(0);

  await page.goto('/admin/users');
  await findUser(page, self);
  await expect(page.getByText(NOTE)).toBeVisible();
  await expect(page.getByRole('button', { name: `Credit / debit ${self.username}` })).toHaveCount(0);
  // Reading is not acting: the history stays.
  await expect(
    userRow(page, self).getByRole('button', { name: `History of ${self.username}` }),
  ).toBeVisible();
  // The phone card says the same.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('listitem', { name: self.username });
  await expect(card).toContainText(NOTE);
  await expect(card.getByRole('button', { name: `Credit / debit ${self.username}` })).toHaveCount(0);

  // Another finance admin is offered every action on the same items, and no note.
  const context = await browser.newContext();
  try {
    const otherPage = await context.newPage();
    await openAsStaff(otherPage, other);
    await findUser(otherPage, self);
    await expect(otherPage.getByRole('button', { name: `Credit / debit ${self.username}` })).toBeVisible();
    await expect(otherPage.getByText(NOTE)).toHaveCount(0);
    await otherPage.goto('/admin/requests');
    await expect(noticeCard(otherPage).getByRole('button', { name: 'Confirm' })).toBeVisible();
    await expect(noticeCard(otherPage).getByRole('button', { name: 'Reject' })).toBeVisible();
    await expect(requestCard(otherPage).getByRole('button', { name: 'Approve' })).toBeVisible();
    await expect(requestCard(otherPage).getByRole('button', { name: 'Reject' })).toBeVisible();
    await expect(otherPage.getByText(NOTE)).toHaveCount(0);

    // The other admin values the notice: its credit is a pending transfer to self's Deposit Wallet,
    // and self, on Approvals, gets the note, not Approve or Reject.
    const noticeId = Number((await noticeCard(otherPage).getAttribute('aria-label'))?.match(/\d+/)?.[0]);
    const confirmed = await (
      await signedInAdminClient(other)
    ).rpc('review_deposit_notice', {
      p_notice_id: noticeId,
      p_decision: 'confirm',
      p_note: '',
      p_usd_value: '75.00',
      p_rate: '1000',
      p_rate_source: 'Kraken ETH/USD close',
    });
    expect(confirmed.error).toBeNull();
    const transferId = (confirmed.data as { transfer_id: number }).transfer_id;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/admin/approvals');
    const credit = page.getByRole('article', { name: `Transfer #${transferId}: Deposit for ${self.email}` });
    await expect(credit).toContainText(NOTE);
    await expect(credit.getByRole('button')).toHaveCount(0);
    // Nor may self post it through the database.
    const selfApproval = await (
      await signedInAdminClient(self)
    ).rpc('approve_transfer', { p_transfer_id: transferId });
    expect(selfApproval.error?.code).toBe('42501');
  } finally {
    await context.close();
  }
});
