import { expect, test } from '@playwright/test';
import { type Account, adminSignIn, findUser, newPage, runTag, userRow } from './admin-helpers';
import {
  createAdmin,
  createMember,
  serviceClient,
  setBalances,
  signedInAdminClient,
  signInThroughUi,
} from './support/users';
import { watchRealtime } from './support/realtime';
import { watchPage } from './support/page-checks';

const STALE =
  "This user's balances were changed by someone else. The latest values are shown; check them and save again.";

let admin: Account;
let admin2: Account;

test.beforeAll(async () => {
  const tag = runTag();
  [admin, admin2] = await Promise.all([
    createAdmin({ username: `adm${tag}` }),
    createAdmin({ username: `adm2${tag}` }),
  ]);
});

async function ledgerOf(account: Account) {
  const { data, error } = await serviceClient().rpc('admin_user_ledger', { p_user_id: account.id });
  if (error) throw new Error(error.message);
  return data as {
    account: string;
    delta: string;
    balance_after: string;
    reason: string;
    actor_email: string;
  }[];
}

test('four eyes: one admin proposes, the proposer cannot approve, a second admin approves and the member sees it live', async ({
  page,
  browser,
}) => {
  const member = await createMember({ username: `alice${runTag()}` });
  await setBalances(member.id, { interest_wallet: '100.00' });

  // The member has the dashboard open in another browser.
  const memberPage = await newPage(browser);
  const memberRealtime = watchRealtime(memberPage);
  await signInThroughUi(memberPage, member);
  const interestCard = memberPage.getByRole('listitem').filter({ hasText: 'Interest Wallet Balance' });
  await expect(interestCard).toContainText('$100.00');

  const watch = watchPage(page);
  await adminSignIn(page, admin);
  await findUser(page, member);
  const row = userRow(page, member);
  await expect(row).toContainText('$100.00');
  await page.getByRole('button', { name: `Edit ${member.username}` }).click();
  await page.getByLabel(`Interest Wallet for ${member.username}`).fill('1234567.89');
  await page.getByLabel(`Referral Earnings for ${member.username}`).fill('5.5');
  await page.getByLabel(`Reason for changing ${member.username}’s balances`).fill('Quarterly interest');
  await page.getByRole('button', { name: `Save ${member.username}` }).click();
  await expect(
    page.getByText(`Proposed a change to ${member.username}'s balances: awaiting another admin's approval.`),
  ).toBeVisible();
  // Nothing moved yet: the row shows the stored values and the proposal beside them.
  const pending = page.getByRole('row').filter({ hasText: 'Awaiting approval' });
  await expect(pending).toContainText('Interest Wallet: $100.00 → $1,234,567.89');
  await expect(pending).toContainText('Referral Earnings: $0.00 → $5.50');
  await expect(row).toContainText('$100.00');
  await expect(page.getByRole('button', { name: `Edit ${member.username}` })).toHaveCount(0);
  await expect(interestCard).toContainText('$100.00');

  // The proposer's queue offers no Approve, and the database refuses it from any session of theirs.
  await page.goto('/admin/approvals');
  const mine = page.getByRole('article', { name: new RegExp(`^Proposal #\\d+ for ${member.username}$`) });
  await expect(mine).toContainText('You proposed this: another admin approves it.');
  await expect(mine.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  const proposalId = Number((await mine.getAttribute('aria-label'))?.match(/#(\d+)/)?.[1]);
  const otherSession = await signedInAdminClient(admin);
  const self = await otherSession.rpc('approve_balance_proposal', { p_proposal_id: proposalId });
  expect(self.error?.message).toBe('You proposed this change: another admin must approve it.');

  // The second admin, in another browser, sees the difference and approves.
  const approver = await newPage(browser);
  await adminSignIn(approver, admin2);
  await approver
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Approvals' })
    .click();
  const card = approver.getByRole('article', { name: `Proposal #${proposalId} for ${member.username}` });
  await expect(card).toContainText(`proposed by ${admin.email}`);
  await expect(card.getByRole('row', { name: /Interest Wallet/ })).toContainText('+$1,234,467.89');
  await expect(card).toContainText('Reason: Quarterly interest');
  const heard = memberRealtime.nextChange('profiles', 'UPDATE');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(approver.getByText(`Approved: ${member.username}'s balances are updated.`)).toBeVisible();
  await expect(card).toHaveCount(0);
  // The proposer's queue empties live.
  await expect(mine).toHaveCount(0);

  // The member's page hears the change and shows it without a reload.
  await heard;
  await expect(interestCard).toContainText('$1,234,567.89');
  await expect(memberPage.getByRole('listitem').filter({ hasText: 'Referral Earnings' })).toContainText(
    '$5.50',
  );

  // The ledger records the approver as the one who moved the money, with the proposer's reason.
  await page.goto('/admin/users');
  await findUser(page, member);
  await expect(userRow(page, member)).toContainText('$1,234,567.89');
  await page.getByRole('button', { name: `History of ${member.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Ledger history: ${member.username}` });
  const interest = dialog.getByRole('listitem').filter({ hasText: 'Interest Wallet' }).first();
  await expect(interest).toContainText('+$1,234,467.89');
  await expect(interest).toContainText('$100.00 → $1,234,567.89');
  await expect(interest).toContainText('Reason: Quarterly interest');
  await expect(interest).toContainText(`Admin edit by ${admin2.email}`);
  await page.keyboard.press('Escape');

  const entries = await ledgerOf(member);
  expect(
    entries
      .filter((e) => e.reason === 'Quarterly interest')
      .map((e) => [e.account, e.delta, e.balance_after])
      .sort(),
  ).toEqual([
    ['interest_wallet', '1234467.89', '1234567.89'],
    ['referral', '5.50', '5.50'],
  ]);
  watch.assertClean();
  await approver.context().close();
  await memberPage.context().close();
});

test('invalid amounts and a missing reason are shown beside the fields and never sent', async ({ page }) => {
  const member = await createMember({ username: `bob${runTag()}` });
  await adminSignIn(page, admin);
  await findUser(page, member);
  const rpcCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rpc/propose_balances')) rpcCalls.push(request.postData() ?? '');
  });
  await page.getByRole('button', { name: `Edit ${member.username}` }).click();
  const interest = page.getByLabel(`Interest Wallet for ${member.username}`);
  const deposit = page.getByLabel(`Deposit Wallet for ${member.username}`);
  const invest = page.getByLabel(`Total Invest for ${member.username}`);
  await interest.fill('-5');
  await deposit.fill('12.345');
  await invest.fill('ten');
  await page.getByRole('button', { name: `Save ${member.username}` }).click();
  await expect(page.getByText('Interest Wallet must not be negative.')).toBeVisible();
  await expect(page.getByText('Deposit Wallet must be a number with at most 2 decimals.')).toBeVisible();
  await expect(page.getByText('Total Invest must be a number with at most 2 decimals.')).toBeVisible();
  await expect(page.getByText('Reason must be 3 to 500 characters.')).toBeVisible();
  await expect(interest).toHaveAttribute('aria-invalid', 'true');
  expect(rpcCalls).toEqual([]);

  // The database applies the same rule to anyone who skips the form.
  const { error } = await serviceClient().rpc('admin_update_balances', {
    p_user_id: member.id,
    p_expected_version: 0,
    p_balances: { deposit_wallet: '12.345' },
    p_reason: 'direct',
  });
  expect(error?.code).toBe('22023');

  // Corrected values go through, typed text sent as is.
  await interest.fill('5');
  await deposit.fill('12.34');
  await invest.fill('0');
  await page.getByLabel(`Reason for changing ${member.username}’s balances`).fill('Correction');
  await page.getByRole('button', { name: `Save ${member.username}` }).click();
  await expect(
    page.getByText(`Proposed a change to ${member.username}'s balances: awaiting another admin's approval.`),
  ).toBeVisible();
  expect(rpcCalls).toHaveLength(1);
  expect(JSON.parse(rpcCalls[0] ?? '{}').p_balances).toEqual({
    interest_wallet: '5',
    deposit_wallet: '12.34',
  });
});

test('a stale edit is refused with fresh values shown, and a proposal whose member moved cannot be approved', async ({
  page,
  browser,
}) => {
  const member = await createMember({ username: `carol${runTag()}` });
  await setBalances(member.id, { deposit_wallet: '50.00', total_invest: '10.00' });
  await adminSignIn(page, admin);
  await findUser(page, member);

  // The admin opens the row; meanwhile the member's balances move (a deposit is credited).
  await page.getByRole('button', { name: `Edit ${member.username}` }).click();
  await setBalances(member.id, { deposit_wallet: '75.00' }, 'Deposit credited');
  await page.getByLabel(`Total Invest for ${member.username}`).fill('20');
  await page.getByLabel(`Reason for changing ${member.username}’s balances`).fill('First try');
  await page.getByRole('button', { name: `Save ${member.username}` }).click();
  await expect(page.getByText(STALE)).toBeVisible();
  // Still editing and nothing lost: the typed amount is kept, the untouched one shows the new value.
  await expect(page.getByLabel(`Total Invest for ${member.username}`)).toHaveValue('20');
  await expect(page.getByLabel(`Deposit Wallet for ${member.username}`)).toHaveValue('75.00');
  await expect(userRow(page, member)).toContainText('Changed by another admin');

  // Saved again on the fresh version: a proposal.
  await page.getByRole('button', { name: `Save ${member.username}` }).click();
  await expect(
    page.getByText(`Proposed a change to ${member.username}'s balances: awaiting another admin's approval.`),
  ).toBeVisible();

  // The member moves again before anyone approves: approval is refused, nothing changes.
  await setBalances(member.id, { deposit_wallet: '80.00' }, 'Another deposit');
  const approver = await newPage(browser);
  await adminSignIn(approver, admin2);
  await approver.goto('/admin/approvals');
  const card = approver.getByRole('article', { name: new RegExp(`^Proposal #\\d+ for ${member.username}$`) });
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(
    approver.getByText(
      "This member's balances changed after the proposal was made; reject it and propose again from the current values.",
    ),
  ).toBeVisible();
  // Rejecting needs a reason, then the proposal leaves both queues.
  await card.getByRole('button', { name: 'Reject…' }).click();
  await card.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(card.getByText('Reason must be 3 to 500 characters.')).toBeVisible();
  await card.getByLabel('Reason for rejecting').fill('Stale: balances moved');
  await card.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(approver.getByText(`Rejected the change to ${member.username}'s balances.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Awaiting approval' })).toHaveCount(0);
  const { data } = await serviceClient()
    .from('profiles')
    .select('deposit_wallet::text, total_invest::text')
    .eq('id', member.id)
    .single();
  expect(data).toEqual({ deposit_wallet: '80.00', total_invest: '10.00' });
  expect((await ledgerOf(member)).filter((e) => e.reason === 'First try')).toEqual([]);
  await approver.context().close();
});

test('roles: support sees no money controls; an auditor reads the queue and ledgers but every write is refused', async ({
  page,
  browser,
}) => {
  const tag = runTag();
  const [support, auditor] = await Promise.all([
    createAdmin({ username: `sup${tag}`, role: 'support' }),
    createAdmin({ username: `aud${tag}`, role: 'auditor' }),
  ]);
  const member = await createMember({ username: `dave${tag}` });
  await setBalances(member.id, { interest_wallet: '40.00' });

  await adminSignIn(page, support);
  await expect(page.getByText(`Signed in as ${support.email} (Support)`)).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin navigation' });
  await expect(nav.getByRole('link', { name: 'Approvals' })).toHaveCount(0);
  await findUser(page, member);
  await expect(userRow(page, member)).toContainText('$40.00');
  await expect(page.getByRole('button', { name: `Edit ${member.username}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `History of ${member.username}` })).toHaveCount(0);

  const auditorPage = await newPage(browser);
  await adminSignIn(auditorPage, auditor);
  await findUser(auditorPage, member);
  await expect(auditorPage.getByRole('button', { name: `Edit ${member.username}` })).toHaveCount(0);
  await auditorPage.getByRole('button', { name: `History of ${member.username}` }).click();
  await expect(auditorPage.getByRole('dialog', { name: `Ledger history: ${member.username}` })).toContainText(
    'E2E adjustment',
  );

  // Behind the screens, the database says no to both, by name of role.
  const { data: profile } = await serviceClient()
    .from('profiles')
    .select('version')
    .eq('id', member.id)
    .single();
  for (const [who, role] of [
    [support, 'support'],
    [auditor, 'auditor'],
  ] as const) {
    const client = await signedInAdminClient(who);
    const propose = await client.rpc('propose_balances', {
      p_user_id: member.id,
      p_expected_version: (profile as { version: number }).version,
      p_balances: { interest_wallet: '1000000' },
      p_reason: 'should not work',
    });
    expect(propose.error?.message).toBe(
      `Your staff role (${role}) cannot do this; it needs finance or owner.`,
    );
    const grant = await client.rpc('grant_admin', { p_email: member.email, p_role: 'owner' });
    expect(grant.error?.code).toBe('42501');
  }
  await auditorPage.context().close();
});

test('search, sort and paging run on the server; the table updates live as users register', async ({
  page,
}) => {
  const tag = runTag();
  const members: Account[] = [];
  for (let batch = 0; batch < 3; batch += 1) {
    members.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          createMember({ username: `pg${tag}u${String(batch * 10 + i).padStart(2, '0')}` }),
        ),
      )),
    );
  }
  await setBalances(members[7]!.id, { total_deposit: '999.00' });
  await adminSignIn(page, admin);
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rpc/admin_search_users')) searches.push(request.postData() ?? '');
  });

  await page.getByLabel('Search users').fill(`pg${tag}`);
  await expect(page.getByText('Showing 1–25 of 30 users')).toBeVisible();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  const bodyRows = page.locator('tbody tr');
  await expect(bodyRows).toHaveCount(25);
  expect(JSON.parse(searches.at(-1) ?? '{}')).toMatchObject({
    p_search: `pg${tag}`,
    p_limit: 25,
    p_offset: 0,
  });

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Showing 26–30 of 30 users')).toBeVisible();
  await expect(bodyRows).toHaveCount(5);
  await expect(bodyRows.first().getByRole('cell').first()).toHaveText('26');

  // Sorting goes back to page 1; the header reports its state through aria-sort.
  const userNameHeader = page.getByRole('columnheader', { name: 'UserName' });
  await userNameHeader.getByRole('button').click();
  await expect(userNameHeader).toHaveAttribute('aria-sort', 'ascending');
  await userNameHeader.getByRole('button').click();
  await expect(userNameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(bodyRows.first()).toContainText(`pg${tag}u29`);

  const depositHeader = page.getByRole('columnheader', { name: 'Total Deposit' });
  await depositHeader.getByRole('button').click();
  await depositHeader.getByRole('button').click();
  await expect(depositHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(userNameHeader).toHaveAttribute('aria-sort', 'none');
  await expect(bodyRows.first()).toContainText(members[7]!.email);
  expect(JSON.parse(searches.at(-1) ?? '{}')).toMatchObject({ p_sort: 'total_deposit', p_ascending: false });

  // Live: a new sign-up matching the search appears without reloading.
  await createMember({ username: `pg${tag}late` });
  await expect(page.getByText('Showing 1–25 of 31 users')).toBeVisible();

  // A new search starts again from page 1, even when it is typed while page 2 is showing.
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Showing 26–31 of 31 users')).toBeVisible();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await page.getByLabel('Search users').fill(`pg${tag}u`);
  await expect(page.getByText('Showing 1–25 of 30 users')).toBeVisible();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(bodyRows).toHaveCount(25);
  expect(JSON.parse(searches.at(-1) ?? '{}')).toMatchObject({ p_search: `pg${tag}u`, p_offset: 0 });

  await page.getByLabel('Search users').fill(`pg${tag}u0`);
  await expect(page.getByText('Showing 1–10 of 10 users')).toBeVisible();
  await page.getByLabel('Search users').fill(`nobody-${tag}`);
  await expect(page.getByText(`No users match “nobody-${tag}”.`)).toBeVisible();
});
