import { testTxId } from '../support/tx-id';
import { expect, test } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { ANON_KEY, supabaseUrl } from './support/env';
import { type Account, adminSignIn, runTag, approveMoney, openAsStaff } from './admin-helpers';
import {
  adminClient,
  createAdmin,
  createMember,
  serviceClient,
  setBalances,
  signedInAdminClient,
  signedInClient,
  uniqueEmail,
} from './support/users';
import { addActiveAddress } from './support/addresses';
import { saveScreen } from './support/screens';

let admin: Account;

// A fresh admin per test: an authenticator gives about three codes at once, then one per 30 s
// (a step is never accepted twice), so one admin shared by a file's sign-ins waits on the clock.
test.beforeEach(async () => {
  admin = await createAdmin({ username: `ops${runTag()}` });
});

test('wallets: an address is validated per network, proposed with a reason, and applied only when a second admin approves', async ({
  page,
  browser,
}) => {
  const wallets = serviceClient();
  const { data: before } = await wallets
    .from('deposit_wallets')
    .select('address, enabled')
    .eq('id', 3)
    .single();
  const original = before as { address: string; enabled: boolean };
  const next = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
  const checker = await createAdmin({ username: `chk${runTag()}`, role: 'finance' });
  const context = await browser.newContext();
  try {
    await openAsStaff(page, admin);
    await page
      .getByRole('navigation', { name: 'Admin navigation' })
      .getByRole('link', { name: 'Wallets' })
      .click();
    await page.waitForURL('**/admin/wallets');
    await page.getByRole('button', { name: 'Edit Tether (ETH)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Tether (ETH)' });
    const address = dialog.getByLabel(/^Address/);
    // One letter in the wrong case breaks the EIP-55 checksum: refused before sending.
    await address.fill('0xdbf03B407c01E7cD3CBea99509d93f8DDDC8C6FB');
    await dialog.getByLabel('Reason for the change (staff only)').fill('Rotate the USDT deposit address');
    await dialog.getByRole('button', { name: 'Propose change' }).click();
    await expect(
      dialog.getByText('That is not a valid Ethereum address. Check it and try again.'),
    ).toBeVisible();
    await expect(address).toHaveAttribute('aria-invalid', 'true');

    await address.fill(next);
    await dialog.getByRole('button', { name: 'Propose change' }).click();
    await expect(
      page.getByText('Proposed: another admin approves the change to Tether (ETH).'),
    ).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: '3. Tether (ETH)' }) });
    // Nothing changed yet: the card shows the old address and the proposal awaiting approval.
    await expect(card).toContainText('Awaiting approval');
    await expect(card).toContainText(`Address: ${original.address} → ${next}`);
    await expect(card.getByRole('button', { name: 'Edit Tether (ETH)' })).toHaveCount(0);
    const { data: unchanged } = await wallets.from('deposit_wallets').select('address').eq('id', 3).single();
    expect(unchanged).toEqual({ address: original.address });

    // The proposer cannot approve: no button here, and the database refuses it under any session.
    await page.goto('/admin/approvals');
    const mine = page.getByRole('article', { name: /Deposit address: Tether \(ETH\)/ });
    await expect(mine).toContainText('You proposed this: another admin approves it.');
    await expect(mine.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    const { data: open } = await wallets
      .from('staff_proposals')
      .select('id')
      .eq('kind', 'deposit_address')
      .eq('target', '3')
      .eq('status', 'open')
      .single();
    const proposalId = (open as { id: number }).id;
    const self = await signedInAdminClient(admin);
    const selfApproval = await self.rpc('approve_staff_change', { p_proposal_id: proposalId });
    expect(selfApproval.error?.message).toBe('You proposed this change: another admin must approve it.');
    // Nor is there a way around it through the old function.
    const direct = await self.rpc('update_deposit_wallet', {
      p_wallet_id: 3,
      p_address: next,
      p_enabled: true,
      p_reason: 'direct call',
    });
    expect(direct.error?.hint).toBe('four_eyes');

    // A second admin, in another browser, approves.
    const approver = await context.newPage();
    await openAsStaff(approver, checker, '/admin/approvals');
    const theirs = approver.getByRole('article', { name: /Deposit address: Tether \(ETH\)/ });
    await expect(theirs).toContainText(`${original.address} → ${next}`);
    await expect(theirs).toContainText(`proposed by ${admin.email}`);
    await theirs.getByRole('button', { name: 'Approve' }).click();
    await expect(approver.getByText('Approved: Deposit address: Tether (ETH).')).toBeVisible();
    await expect(theirs).toHaveCount(0);

    // The proposer's wallets page shows the new address and the change, made by the approver.
    await page.goto('/admin/wallets');
    await expect(card).toContainText(next);
    await expect(card).not.toContainText('Awaiting approval');
    const history = page.locator('section[aria-labelledby="wallet-history"]');
    const entry = history.getByRole('listitem').filter({ hasText: 'Rotate the USDT deposit address' });
    await expect(entry).toContainText(`${original.address} → ${next}`);
    await expect(entry).toContainText(`By ${checker.email}`);

    // The database re-validates: an invalid address sent directly (service role) is refused.
    const { error } = await wallets.rpc('update_deposit_wallet', {
      p_wallet_id: 3,
      p_address: '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      p_enabled: true,
      p_reason: 'direct call',
    });
    expect(error?.code).toBe('22023');
  } finally {
    await context.close();
    await wallets.rpc('update_deposit_wallet', {
      p_wallet_id: 3,
      p_address: original.address,
      p_enabled: original.enabled,
      p_reason: 'restore after admin test',
    });
  }
});

test('wallets: a wallet still on its placeholder (burn) address is shown not configured and cannot be turned on', async ({
  page,
}) => {
  // Wallet 6 keeps the seed's TRON burn address in the test database (tests/support/test-wallets.ts).
  await openAsStaff(page, admin, '/admin/wallets');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: '6. USDC (TRX)' }) });
  await expect(card).toContainText('Not configured');
  await expect(card).not.toContainText('Enabled');
  await expect(card.getByTestId('not-configured')).toContainText(
    'This is a placeholder (burn) address: funds sent there are lost',
  );
  // The open wallets are not flagged.
  await expect(
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '1. Bitcoin' }) }),
  ).not.toContainText('Not configured');

  await card.getByRole('button', { name: 'Edit USDC (TRX)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit USDC (TRX)' });
  await dialog.getByLabel('Enabled (members see this wallet)').check();
  await dialog.getByLabel('Reason for the change (staff only)').fill('Open USDC on TRON');
  await dialog.getByRole('button', { name: 'Propose change' }).click();
  await expect(
    dialog.getByText(/That address is a placeholder \(a burn address\): funds sent there are lost/),
  ).toBeVisible();
  const { data } = await serviceClient()
    .from('staff_proposals')
    .select('id')
    .eq('target', '6')
    .eq('status', 'open');
  expect(data).toEqual([]);
});

test('requests: valuing a deposit notice and paying a withdrawal (by a second admin) change the member’s balances', async ({
  page,
  browser,
}) => {
  // Three people sign in (two of them with authenticator codes): about 55 s on a busy 2-core machine.
  test.setTimeout(120_000);
  const member = await createMember({ username: `req${runTag()}` });
  await setBalances(member.id, { interest_wallet: '500.00' });
  const memberClient = await signedInClient(member);
  const txId = `0x${testTxId(runTag())}`;
  const notice = await memberClient.rpc('file_deposit_notice', {
    p_wallet_id: 2,
    p_quantity: '0.2505',
    p_tx_id: txId,
  });
  expect(notice.error).toBeNull();
  // Money leaves only to an address-book entry past its cooling-off.
  await addActiveAddress(member, { walletId: 2, address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' });
  const request = await memberClient.rpc('file_withdrawal_request', {
    p_wallet_id: 2,
    p_account: 'interest_wallet',
    p_amount: '120',
    p_destination_address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  });
  expect(request.error).toBeNull();

  await openAsStaff(page, admin, '/admin/requests');
  const noticeCard = page.getByRole('article', {
    name: new RegExp(`^Deposit notice \\d+ from ${member.email}$`),
  });
  await expect(noticeCard).toContainText(`0.2505 ETH · Ethereum · ${member.email}`);
  await expect(noticeCard).toContainText(txId);
  await noticeCard.getByRole('button', { name: 'Confirm' }).click();
  const confirmDialog = page.getByRole('dialog', { name: 'Confirm deposit: 0.2505 ETH' });
  await expect(confirmDialog).toContainText('Member sent: 0.2505 ETH');
  await expect(confirmDialog).toContainText(
    "This proposes crediting that value to the member's Deposit Wallet: a second finance admin or owner approves it",
  );
  await confirmDialog.getByLabel('Rate (USD per ETH)').fill('1000');
  await confirmDialog.getByLabel('USD value').fill('250.50');
  await confirmDialog.getByLabel('Rate source').fill('Kraken ETH/USD close');
  await confirmDialog.getByLabel('Note (optional; the client reads this)').fill('Seen on chain');
  await confirmDialog.getByRole('button', { name: 'Confirm' }).click();
  // Four eyes: valuing only proposes the credit; nothing moves until a second admin approves.
  await expect(
    page.getByText(
      new RegExp(
        `Deposit notice #\\d+ valued: 0\\.2505 ETH = \\$250\\.50 for ${member.email}\\. A second admin approves the credit`,
      ),
    ),
  ).toBeVisible();
  await expect(noticeCard).toContainText('Awaiting a second admin’s approval');
  await expect(noticeCard.getByText('valued', { exact: true })).toBeVisible();
  await expect(noticeCard.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  const balancesOf = async () =>
    (
      await serviceClient()
        .from('profiles')
        .select('deposit_wallet::text, total_deposit::text, interest_wallet::text, total_withdraw::text')
        .eq('id', member.id)
        .single()
    ).data;
  expect(await balancesOf()).toMatchObject({ deposit_wallet: '0.00', total_deposit: '0.00' });
  const noticeId = (await noticeCard.getAttribute('aria-label'))?.match(/\d+/)?.[0] ?? '';
  // The proposer cannot approve their own valuation, here or through the database.
  await page.goto('/admin/approvals');
  const creditTitle = new RegExp(`^Transfer #\\d+: Deposit for ${member.email}$`);
  const ownCredit = page.getByRole('article', { name: creditTitle });
  await expect(ownCredit).toContainText('You proposed this: another admin approves it.');
  await expect(ownCredit.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // A second finance admin, in another browser, approves the credit on the Approvals page.
  const second = await createAdmin({ username: `pay${runTag()}`, role: 'finance' });
  const context = await browser.newContext();
  const payer = await context.newPage();
  await openAsStaff(payer, second, '/admin/approvals');
  const credit = payer.getByRole('article', { name: creditTitle });
  await expect(credit).toContainText('0.2505 ETH');
  await expect(credit).toContainText('$1,000.00 per ETH');
  await expect(credit).toContainText(`#${noticeId}`);
  await expect(credit.getByTestId('amount')).toHaveText('+$250.50');
  await expect(credit).toContainText(`proposed by ${admin.email}`);
  expect(await approveMoney(payer, credit)).toContain('Approving posts +$250.50 to Deposit Wallet');
  await expect(payer.getByText(/^Approved: deposit of \+\$250\.50 for .* is posted\.$/)).toBeVisible();
  await expect(credit).toHaveCount(0);
  expect(await balancesOf()).toMatchObject({ deposit_wallet: '250.50', total_deposit: '250.50' });

  await page.goto('/admin/requests');
  await expect(noticeCard.getByText('credited', { exact: true })).toBeVisible();
  await expect(noticeCard).toContainText('Credited $250.50');
  await expect(noticeCard).not.toContainText('Awaiting a second admin');
  await expect(noticeCard.getByRole('button', { name: 'Confirm' })).toHaveCount(0);

  const requestCard = page.getByRole('article', {
    name: new RegExp(`^Withdrawal request \\d+ from ${member.email}$`),
  });
  await expect(requestCard).toContainText('$120.00');
  await expect(requestCard).toContainText('From: Interest Wallet');
  await requestCard.getByRole('button', { name: 'Approve' }).click();
  await page
    .getByRole('dialog', { name: 'Approve withdrawal: $120.00' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(requestCard.getByText('approved', { exact: true })).toBeVisible();
  // Four eyes: who approved does not pay; the database refuses it too.
  await expect(requestCard).toContainText('You approved this: another admin marks it paid.');
  await expect(requestCard.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);
  const requestId = Number((await requestCard.getAttribute('aria-label'))?.match(/\d+/)?.[0]);
  const selfPay = await (
    await signedInAdminClient(admin)
  ).rpc('review_withdrawal_request', {
    p_request_id: requestId,
    p_action: 'pay',
    p_note: '',
    p_quantity: '0.12',
    p_rate: '1000',
    p_network_fee: '0.0005',
    p_rate_source: 'Kraken ETH/USD close',
  });
  expect(selfPay.error?.message).toBe('You approved this request: another admin must mark it paid.');

  await payer.goto('/admin/requests');
  const payerCard = payer.getByRole('article', {
    name: new RegExp(`^Withdrawal request \\d+ from ${member.email}$`),
  });
  await payerCard.getByRole('button', { name: 'Mark paid' }).click();
  const payDialog = payer.getByRole('dialog', { name: 'Mark withdrawal paid: $120.00' });
  await expect(payDialog).toContainText('Reserved: $120.00');
  await expect(payDialog).toContainText("Pays out the $120.00 reserved in the member's Interest Wallet");
  // What was sent is recorded in the asset's precision: checked before anything is sent.
  await payDialog.getByLabel('Quantity paid (ETH)').fill('0.12');
  await payDialog.getByLabel('Rate (USD per ETH)').fill('1000');
  await payDialog.getByLabel('Network fee (ETH)').fill('0.0000000000000000001');
  await payDialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(payDialog.getByRole('alert')).toHaveText(
    'Network fee (ETH) can have at most 18 decimals: ETH is counted to 0.000000000000000001.',
  );
  await payDialog.getByLabel('Network fee (ETH)').fill('0.0005');
  await payDialog.getByLabel('Rate source').fill('Kraken ETH/USD close');
  // The member bears the network fee: what was sent plus the fee, at the rate, is the $120.00 debited.
  // 0.12 ETH plus the fee is $120.50, so it is refused, and the dialog says what to send.
  await payDialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(payDialog.getByRole('alert')).toHaveText(
    'At $1,000.00 per ETH, 0.12 ETH plus a 0.0005 ETH network fee is worth $120.50, not the $120.00 requested. Check the quantity, the network fee or the rate.',
  );
  const quantityField = payDialog.getByLabel('Quantity paid (ETH)');
  await expect(quantityField).toHaveAttribute('aria-invalid', 'true');
  await expect(quantityField).toHaveAccessibleDescription(
    /The quantity plus the network fee, at the rate, must come to \$120\.00: send 0\.1195 ETH\./,
  );
  // The refused dialog, with its message and hint, fits a phone, a tablet and a desktop.
  const size = payer.viewportSize();
  for (const width of [360, 768, 1440]) {
    await payer.setViewportSize({ width, height: 900 });
    expect(
      await payDialog.evaluate(
        (el) => el.getBoundingClientRect().right <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
    await saveScreen(payer, `admin-requests/pay-refused-${width}.png`);
  }
  if (size) await payer.setViewportSize(size);
  await quantityField.fill('0.1195');
  await payDialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(
    payer.getByText(/Withdrawal request paid\..*Interest Wallet \$380\.00.*Total Withdraw \$120\.00/),
  ).toBeVisible();
  // The first admin's page follows live.
  await expect(requestCard.getByText('paid', { exact: true })).toBeVisible();
  await expect(requestCard).toContainText('Paid 0.1195 ETH at $1,000.00 per ETH, network fee 0.0005 ETH');
  await context.close();

  expect(await balancesOf()).toEqual({
    deposit_wallet: '250.50',
    total_deposit: '250.50',
    interest_wallet: '380.00',
    total_withdraw: '120.00',
  });
});

test('messages: newest first, and markup in a message is shown as text, never run', async ({ page }) => {
  const anon = createClient(supabaseUrl, ANON_KEY, { auth: { persistSession: false } });
  const tag = runTag();
  const payload = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script> ${tag}`;
  const messages: [string, string][] = [
    [`First ${tag}`, `Hello from the first sender ${tag}`],
    [`Second <b>${tag}</b>`, payload],
  ];
  for (const [name, message] of messages) {
    const { error } = await anon
      .from('contact_messages')
      .insert({ name, email: `${name.length}${tag}@example.com`, message, identity: 'investor' });
    expect(error).toBeNull();
  }
  await openAsStaff(page, admin, '/admin/messages');
  const list = page.getByRole('list', { name: 'Contact messages, newest first' });
  const items = list.getByRole('listitem').filter({ hasText: tag });
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(payload);
  await expect(items.nth(0)).toContainText(`Second <b>${tag}</b>`);
  await expect(items.nth(1)).toContainText(`Hello from the first sender ${tag}`);
  await expect(list.locator('img, script, b')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});

test('requests: two members filing one transaction id both reach the admin, flagged, and only one is confirmed', async ({
  page,
}) => {
  const owner = await createMember({ username: `own${runTag()}` });
  const squatter = await createMember({ username: `sq${runTag()}` });
  const hex = testTxId(`conflict-${runTag()}`);
  // The squatter files the owner's public id first, spelled differently; the owner is not refused.
  const first = await (
    await signedInClient(squatter)
  ).rpc('file_deposit_notice', {
    p_wallet_id: 2,
    p_quantity: '0.9',
    p_tx_id: hex.toUpperCase(),
  });
  expect(first.error).toBeNull();
  const second = await (
    await signedInClient(owner)
  ).rpc('file_deposit_notice', {
    p_wallet_id: 2,
    p_quantity: '0.09',
    p_tx_id: `0x${hex}`,
  });
  expect(second.error).toBeNull();
  const idOf = (data: unknown) => String((typeof data === 'string' ? JSON.parse(data) : data).id);
  const squatterId = idOf(first.data);
  const ownerId = idOf(second.data);

  await openAsStaff(page, admin, '/admin/requests');
  const card = (member: { email: string }) =>
    page.getByRole('article', { name: new RegExp(`^Deposit notice \\d+ from ${member.email}$`) });
  await expect(card(owner)).toContainText(`0x${hex}`);
  await expect(card(owner)).toContainText(
    `Conflict: another member also filed this transaction ID (deposit notice #${squatterId}).`,
  );
  await expect(card(squatter)).toContainText(
    `Conflict: another member also filed this transaction ID (deposit notice #${ownerId}).`,
  );

  const value = async (dialogName: string, rate: string, usd: string) => {
    const dialog = page.getByRole('dialog', { name: dialogName });
    await dialog.getByLabel('Rate (USD per ETH)').fill(rate);
    await dialog.getByLabel('USD value').fill(usd);
    await dialog.getByLabel('Rate source').fill('Kraken ETH/USD close');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    return dialog;
  };
  await card(owner).getByRole('button', { name: 'Confirm' }).click();
  await value('Confirm deposit: 0.09 ETH', '1000', '90.00');
  await expect(card(owner)).toContainText('Awaiting a second admin’s approval');
  // A second admin approves the credit (through the database here: the browser path is the test above).
  const { data: valued } = await serviceClient()
    .from('deposit_notices')
    .select('transfer_id')
    .eq('id', ownerId)
    .single();
  const approval = await (
    await adminClient()
  ).rpc('approve_transfer', { p_transfer_id: (valued as { transfer_id: number }).transfer_id });
  expect(approval.error).toBeNull();
  await expect(card(owner).getByText('credited', { exact: true })).toBeVisible();
  await card(squatter).getByRole('button', { name: 'Confirm' }).click();
  const dialog = await value('Confirm deposit: 0.9 ETH', '1000', '900.00');
  // The same on-chain transaction is credited once: the second valuation is refused, nothing moves.
  await expect(dialog.getByRole('alert')).toHaveText(
    /^This was already recorded as transfer #\d+ \(posted\)\.$/,
  );
  const { data } = await serviceClient()
    .from('profiles')
    .select('deposit_wallet')
    .eq('id', squatter.id)
    .single();
  expect(data).toEqual({ deposit_wallet: 0 });
});

test('admins: an owner proposes a role by e-mail, a second owner approves, the new admin signs in with it, then a revocation the same way; nobody proposes for themselves', async ({
  page,
  browser,
}) => {
  // Three people sign in (two of them with authenticator codes): about 55 s on a busy 2-core machine.
  test.setTimeout(120_000);
  const candidate = await createMember({ username: `cand${runTag()}`, password: 'candidate-password-1' });
  const secondOwner = await createAdmin({ username: `own${runTag()}` });
  const ownerContext = await browser.newContext();
  const checker = await ownerContext.newPage();
  await openAsStaff(page, admin, '/admin/admins');
  // Checked in the page before any request: a typing slip is explained and the field focused.
  await page.getByLabel('Account e-mail').fill('not-an-address');
  await page.getByRole('button', { name: 'Propose role' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please enter a valid email address.' }),
  ).toBeVisible();
  await expect(page.getByLabel('Account e-mail')).toBeFocused();
  await page.getByLabel('Account e-mail').fill(`nobody-${runTag()}@example.com`);
  await page.getByLabel('Reason').fill('New colleague');
  await page.getByRole('button', { name: 'Propose role' }).click();
  await expect(page.getByText('No account uses that e-mail address.')).toBeVisible();

  // Someone registered this address and never confirmed it: refused when proposed, and the page says why.
  const unconfirmed = uniqueEmail('unconfirmed');
  const registered = await serviceClient().auth.admin.createUser({
    email: unconfirmed,
    password: 'pre-registered-1',
    email_confirm: false,
  });
  expect(registered.error).toBeNull();
  await page.getByLabel('Account e-mail').fill(unconfirmed);
  await page.getByRole('button', { name: 'Propose role' }).click();
  await expect(
    page.getByText(
      'That account has not confirmed its e-mail address yet. Admin rights go only to confirmed accounts',
    ),
  ).toBeVisible();
  const { data: unconfirmedProposals } = await serviceClient()
    .from('staff_proposals')
    .select('id')
    .eq('target', registered.data.user?.id ?? '');
  expect(unconfirmedProposals).toEqual([]);

  await page.getByLabel('Account e-mail').fill(candidate.email);
  await page.getByLabel('Role', { exact: true }).selectOption('auditor');
  await page.getByRole('button', { name: 'Propose role' }).click();
  await expect(
    page.getByText(`Proposed: ${candidate.email} as Auditor. Another owner approves it.`),
  ).toBeVisible();
  const pending = page.getByRole('list', { name: 'Roles awaiting approval' });
  await expect(pending).toContainText(`Grant staff role: ${candidate.email}`);
  await expect(pending).toContainText('Role: Not staff → auditor');
  expect((await (await signedInClient(candidate)).rpc('is_admin')).data).toBe(false);

  // The second owner approves in another browser.
  await openAsStaff(checker, secondOwner, '/admin/approvals');
  const grant = checker
    .getByRole('article', { name: /Grant staff role/ })
    .filter({ hasText: candidate.email });
  await grant.getByRole('button', { name: 'Approve' }).click();
  await expect(checker.getByText(`Approved: Grant staff role: ${candidate.email}.`)).toBeVisible();
  const entry = page.getByRole('listitem').filter({ hasText: candidate.email }).first();
  await expect(entry).toContainText(`Auditor · granted by ${admin.email}`);
  // The signed-in admin has no revoke button for themselves.
  await expect(page.getByRole('button', { name: `Revoke admin from ${admin.email}` })).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: admin.email }).first()).toContainText('(you)');

  // The auditor signs in with that role: no proposal form and no revoke or reset buttons for them.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await adminSignIn(otherPage, { ...candidate });
  await expect(otherPage.getByText(`Signed in as ${candidate.email} (Auditor)`)).toBeVisible();
  await otherPage.goto('/admin/admins');
  await expect(otherPage.getByRole('listitem').filter({ hasText: admin.email }).first()).toContainText(
    'Owner',
  );
  await expect(otherPage.getByRole('button', { name: 'Propose role' })).toHaveCount(0);
  await expect(otherPage.getByRole('button', { name: /^Revoke admin from/ })).toHaveCount(0);
  await other.close();

  await page.getByRole('button', { name: `Revoke admin from ${candidate.email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Propose revoking admin access?' });
  await dialog.getByLabel('Reason').fill('Left the firm');
  // A refusal from the server is shown in the dialog, which stays open with the reason kept.
  await page.route(
    '**/rest/v1/rpc/propose_staff_change',
    (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'PT409', message: 'Refused for the test.', details: null, hint: null }),
      }),
    { times: 1 },
  );
  await dialog.getByRole('button', { name: 'Propose revocation' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Refused for the test.');
  await expect(dialog.getByLabel('Reason')).toHaveValue('Left the firm');
  await dialog.getByRole('button', { name: 'Propose revocation' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByText(`Proposed: revoke ${candidate.email}. Another owner approves it.`),
  ).toBeVisible();
  await checker.reload();
  const revoke = checker.getByRole('article', { name: /Revoke staff access/ });
  await expect(revoke).toContainText('auditor → Not staff');
  await revoke.getByRole('button', { name: 'Approve' }).click();
  await expect(checker.getByText(`Approved: Revoke staff access: ${candidate.email}.`)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: candidate.email })).toHaveCount(0);
  const revoked = await signedInClient(candidate);
  expect((await revoked.rpc('is_admin')).data).toBe(false);
  await ownerContext.close();

  // Proposing a change to one's own role is refused by the database; so is the old direct path.
  const self = await signedInAdminClient(admin);
  const own = await self.rpc('propose_staff_change', {
    p_kind: 'staff_role',
    p_target: '',
    p_payload: { email: admin.email, role: null },
    p_reason: 'leaving',
  });
  expect(own.error?.message).toBe('You cannot change your own role. Ask another owner.');
  const { error } = await self.rpc('revoke_admin', { p_email: admin.email });
  expect(error?.hint).toBe('four_eyes');
});
