import { expect, test } from '@playwright/test';
import { type Account, adminSignIn, findUser, newPage, runTag, userRow } from './admin-helpers';
import { createAdmin, createMember, serviceClient, setBalances, signInThroughUi } from './support/users';
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

test('an edit with a reason reaches the member’s open dashboard live and is in the ledger', async ({
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
  const heard = memberRealtime.nextChange('profiles', 'UPDATE');
  await page.getByRole('button', { name: `Save ${member.username}` }).click();
  await expect(page.getByText(`Saved ${member.username}'s balances.`)).toBeVisible();
  await expect(row).toContainText('$1,234,567.89');
  await expect(row).toContainText('$5.50');
  await expect(page.getByRole('button', { name: `Edit ${member.username}` })).toBeVisible();

  // The member's page hears the change and shows it without a reload.
  await heard;
  await expect(interestCard).toContainText('$1,234,567.89');
  await expect(memberPage.getByRole('listitem').filter({ hasText: 'Referral Earnings' })).toContainText(
    '$5.50',
  );

  // The ledger dialog shows who changed what, when and why.
  await page.getByRole('button', { name: `History of ${member.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Ledger history: ${member.username}` });
  await expect(dialog).toBeVisible();
  const interest = dialog.getByRole('listitem').filter({ hasText: 'Interest Wallet' }).first();
  await expect(interest).toContainText('+$1,234,467.89');
  await expect(interest).toContainText('$100.00 → $1,234,567.89');
  await expect(interest).toContainText('Reason: Quarterly interest');
  await expect(interest).toContainText(`Admin edit by ${admin.email}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: `History of ${member.username}` })).toBeFocused();

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
});

test('invalid amounts and a missing reason are shown beside the fields and never sent', async ({ page }) => {
  const member = await createMember({ username: `bob${runTag()}` });
  await adminSignIn(page, admin);
  await findUser(page, member);
  const rpcCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rpc/admin_update_balances')) rpcCalls.push(request.postData() ?? '');
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
  await expect(page.getByText(`Saved ${member.username}'s balances.`)).toBeVisible();
  expect(rpcCalls).toHaveLength(1);
  expect(JSON.parse(rpcCalls[0] ?? '{}').p_balances).toEqual({
    interest_wallet: '5',
    deposit_wallet: '12.34',
  });
});

test('two admins edit the same row: the second save is refused, fresh values shown, nothing lost', async ({
  page,
  browser,
}) => {
  const member = await createMember({ username: `carol${runTag()}` });
  await setBalances(member.id, { deposit_wallet: '50.00', total_invest: '10.00' });
  const page2 = await newPage(browser);
  await Promise.all([adminSignIn(page, admin), adminSignIn(page2, admin2)]);
  await Promise.all([findUser(page, member), findUser(page2, member)]);

  // Both open the row for editing with version N.
  await page.getByRole('button', { name: `Edit ${member.username}` }).click();
  await page2.getByRole('button', { name: `Edit ${member.username}` }).click();

  await page.getByLabel(`Deposit Wallet for ${member.username}`).fill('75');
  await page.getByLabel(`Total Invest for ${member.username}`).fill('15');
  await page.getByLabel(`Reason for changing ${member.username}’s balances`).fill('First admin');
  await page.getByRole('button', { name: `Save ${member.username}` }).click();
  await expect(page.getByText(`Saved ${member.username}'s balances.`)).toBeVisible();

  await page2.getByLabel(`Total Invest for ${member.username}`).fill('20');
  await page2.getByLabel(`Reason for changing ${member.username}’s balances`).fill('Second admin');
  await page2.getByRole('button', { name: `Save ${member.username}` }).click();
  await expect(page2.getByText(STALE)).toBeVisible();
  // Still editing and nothing lost: the typed amount is kept (the stored one shown beside it), the
  // untouched amount now shows what the first admin saved.
  const invest = page2.getByLabel(`Total Invest for ${member.username}`);
  const deposit = page2.getByLabel(`Deposit Wallet for ${member.username}`);
  await expect(invest).toHaveValue('20');
  await expect(userRow(page2, member)).toContainText('Now $15.00');
  await expect(deposit).toHaveValue('75.00');
  await expect(userRow(page2, member)).toContainText('Changed by another admin');
  const after = await ledgerOf(member);
  expect(after.filter((e) => e.reason === 'Second admin')).toEqual([]);

  // The second admin checks and saves again: both admins' changes stand.
  await page2.getByRole('button', { name: `Save ${member.username}` }).click();
  await expect(page2.getByText(`Saved ${member.username}'s balances.`)).toBeVisible();
  const row = userRow(page2, member);
  await expect(row).toContainText('$75.00');
  await expect(row).toContainText('$20.00');
  const final = await ledgerOf(member);
  expect(
    final
      .filter((e) => e.reason === 'First admin')
      .map((e) => [e.account, e.balance_after])
      .sort(),
  ).toEqual([
    ['deposit_wallet', '75.00'],
    ['total_invest', '15.00'],
  ]);
  expect(final.filter((e) => e.reason === 'Second admin').map((e) => [e.account, e.balance_after])).toEqual([
    ['total_invest', '20.00'],
  ]);
  await page2.context().close();
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
