import { expect, test, type Page } from '@playwright/test';
import { type Account, findUser, newPage, runTag, userRow, approveMoney, openAsStaff } from './admin-helpers';
import {
  createAdmin,
  createMember,
  depositFor,
  serviceClient,
  setBalances,
  signedInAdminClient,
  openSignedIn,
} from './support/users';
import { watchRealtime } from './support/realtime';
import { expectNoAxeViolations, watchPage } from './support/page-checks';

let admin: Account;
let admin2: Account;

// A fresh admin per test: an authenticator gives about three codes at once, then one per 30 s
// (a step is never accepted twice), so one admin shared by a file's sign-ins waits on the clock.
test.beforeEach(async () => {
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

/** Opens "Credit / debit <member>" from the member's row and answers the dialog. */
async function openCorrection(page: Page, member: Account) {
  await page.getByRole('button', { name: `Credit / debit ${member.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Credit / debit ${member.username}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('credit / debit: one admin proposes a correction, the row shows it pending, a second admin approves and the member sees it live', async ({
  page,
  browser,
}) => {
  // Two admins sign in with authenticator codes (each code once): up to a minute of waiting alone.
  test.setTimeout(150_000);
  const member = await createMember({ username: `alice${runTag()}` });
  await setBalances(member.id, { interest_wallet: '100.00' });

  // The member has the dashboard open in another browser.
  const memberPage = await newPage(browser);
  const memberRealtime = watchRealtime(memberPage);
  await openSignedIn(memberPage, member);
  const interestCard = memberPage.getByRole('listitem').filter({ hasText: 'Interest Wallet Balance' });
  await expect(interestCard).toContainText('$100.00');
  await expect(interestCard).toContainText('Returns paid to you');

  const watch = watchPage(page);
  await openAsStaff(page, admin);
  await findUser(page, member);
  const row = userRow(page, member);
  await expect(row).toContainText('$100.00');
  // The six balances are shown, never edited: no inputs in the row.
  await expect(row.getByRole('textbox')).toHaveCount(0);

  const dialog = await openCorrection(page, member);
  // The dialog says which text the client reads and which only staff read.
  const clientText = dialog.getByLabel('Text the client reads on their statement');
  const internal = dialog.getByLabel('Internal note (staff only)');
  await expect(clientText).toHaveAccessibleDescription(
    'The client reads this, word for word, on their statement and in their activity. Write it for them.',
  );
  await expect(internal).toHaveAccessibleDescription('Only staff read this. The client never sees it.');
  await expect(dialog.getByLabel('Account')).toBeFocused();
  await dialog.getByLabel('Account').selectOption({ label: 'Interest Wallet' });
  await dialog.getByLabel('Amount (USD, signed)').fill('1234467.89');
  await dialog.getByLabel('Category').selectOption({ label: 'Error correction' });
  await clientText.fill('Quarterly interest');
  await internal.fill('Ticket 17: the Q3 run missed this member');
  await dialog.getByRole('button', { name: 'Propose credit / debit' }).click();
  await expect(
    page.getByText(
      `Proposed a correction for ${member.username}: another finance admin or owner must approve it.`,
    ),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // Nothing moved yet: the row shows the stored values and the pending transfer under them.
  const pending = page.getByRole('row').filter({ hasText: 'Awaiting approval' });
  await expect(pending).toContainText('+$1,234,467.89 to Interest Wallet (Error correction)');
  await expect(pending).toContainText('proposed by you');
  await expect(pending).toContainText('Text the client reads: “Quarterly interest”');
  await expect(pending).toContainText(
    'Internal note (staff only): “Ticket 17: the Q3 run missed this member”',
  );
  await expect(pending).toContainText('Another finance admin or owner must approve it');
  await expect(row).toContainText('$100.00');
  await expect(interestCard).toContainText('$100.00');

  // The proposer's queue offers no Approve, and the database refuses it from any session of theirs.
  await page.goto('/admin/approvals');
  const mine = page.getByRole('article', {
    name: new RegExp(`^Transfer #\\d+: Correction for ${member.email.replace(/[.+]/g, '\\$&')}$`),
  });
  await expect(mine).toContainText('You proposed this: another admin approves it.');
  await expect(mine.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  const transferId = Number((await mine.getAttribute('aria-label'))?.match(/#(\d+)/)?.[1]);
  const otherSession = await signedInAdminClient(admin);
  const self = await otherSession.rpc('approve_transfer', { p_transfer_id: transferId });
  expect(self.error?.message).toBe('You proposed this transfer: another admin must approve it.');

  // The second admin, in another browser, sees what it moves, both texts and who asked, and approves.
  const approver = await newPage(browser);
  await openAsStaff(approver, admin2);
  await approver
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Approvals' })
    .click();
  const card = approver.getByRole('article', {
    name: `Transfer #${transferId}: Correction for ${member.email}`,
  });
  await expect(card).toContainText(`proposed by ${admin.email}`);
  await expect(card.getByTestId('amount')).toHaveText('+$1,234,467.89');
  await expect(card).toContainText('Interest Wallet');
  await expect(card).toContainText('Quarterly interest');
  await expect(card).toContainText('Ticket 17');
  const heard = await memberRealtime.nextChange('profiles', 'UPDATE');
  expect(await approveMoney(approver, card)).toContain(
    `Approving posts +$1,234,467.89 to Interest Wallet (${member.email}) at once`,
  );
  await expect(
    approver.getByText(/^Approved: correction of \+\$1,234,467\.89 for .* is posted\.$/),
  ).toBeVisible();
  await expect(card).toHaveCount(0);
  // The proposer's queue empties live.
  await expect(mine).toHaveCount(0);

  // The member's page hears the change and shows it without a reload.
  await heard();
  await expect(interestCard).toContainText('$1,234,567.89');

  // The ledger records the approver as the one who posted it, with the text the client reads.
  await page.goto('/admin/users');
  await findUser(page, member);
  await expect(userRow(page, member)).toContainText('$1,234,567.89');
  await expect(page.getByRole('row').filter({ hasText: 'Awaiting approval' })).toHaveCount(0);
  await page.getByRole('button', { name: `History of ${member.username}` }).click();
  const history = page.getByRole('dialog', { name: `Ledger history: ${member.username}` });
  const interest = history.getByRole('listitem').filter({ hasText: 'Quarterly interest' });
  await expect(interest).toContainText('Interest Wallet');
  await expect(interest).toContainText('+$1,234,467.89');
  await expect(interest).toContainText('$100.00 → $1,234,567.89');
  await expect(interest).toContainText('Text the client reads: Quarterly interest');
  await expect(interest).toContainText(`posted by ${admin2.email}`);
  // The internal note is not on the member's line.
  await expect(history).not.toContainText('Ticket 17');
  await page.keyboard.press('Escape');

  const entries = await ledgerOf(member);
  expect(
    entries
      .filter((e) => e.reason === 'Quarterly interest')
      .map((e) => [e.account, e.delta, e.balance_after]),
  ).toEqual([['interest_wallet', '1234467.89', '1234567.89']]);
  // The member's statement reads the client text, never the note.
  const { data: lines } = await serviceClient()
    .from('ledger_entries')
    .select('reason')
    .eq('user_id', member.id);
  expect(JSON.stringify(lines)).not.toContain('Ticket 17');
  watch.assertClean();
  await approver.context().close();
  await memberPage.context().close();
});

test('the dialog checks every field before sending, is operable by keyboard, and shows the database’s refusal', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const member = await createMember({ username: `bob${runTag()}` });
  await setBalances(member.id, { deposit_wallet: '50.00' });
  await openAsStaff(page, admin);
  await findUser(page, member);
  const rpcCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rpc/propose_correction')) rpcCalls.push(request.postData() ?? '');
  });
  const dialog = await openCorrection(page, member);
  const submit = dialog.getByRole('button', { name: 'Propose credit / debit' });
  await submit.click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose the account.');
  await expect(dialog.getByLabel('Account')).toBeFocused();
  await dialog.getByLabel('Account').selectOption({ label: 'Deposit Wallet' });
  for (const [typed, message] of [
    [
      '12.345',
      'Amount must be a number with at most 2 decimals, with a minus sign to debit (for example -12.50).',
    ],
    ['0', 'Amount must not be zero.'],
  ] as const) {
    await dialog.getByLabel('Amount (USD, signed)').fill(typed);
    await submit.click();
    await expect(dialog.getByRole('alert')).toHaveText(message);
    await expect(dialog.getByLabel('Amount (USD, signed)')).toBeFocused();
    await expect(dialog.getByLabel('Amount (USD, signed)')).toHaveAttribute('aria-invalid', 'true');
  }
  await dialog.getByLabel('Amount (USD, signed)').fill('-80');
  await submit.click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose the category.');
  await dialog.getByLabel('Category').selectOption({ label: 'Other' });
  await dialog.getByLabel('Text the client reads on their statement').fill('no');
  await submit.click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'The text the client reads must be 3 to 500 characters.',
  );
  expect(rpcCalls).toEqual([]);
  // The dialog, its labels and its in-page message pass axe.
  await expectNoAxeViolations(page);

  // A debit larger than the account holds: the database refuses, the dialog stays with what was typed.
  await dialog
    .getByLabel('Text the client reads on their statement')
    .fill('Reversal of a duplicated deposit');
  const refused = page.waitForResponse((r) => r.url().includes('/rpc/propose_correction'));
  await submit.click();
  expect((await refused).status()).toBeGreaterThanOrEqual(400);
  await expect(dialog.getByRole('alert')).not.toHaveText(
    'The text the client reads must be 3 to 500 characters.',
  );
  await expect(dialog.getByRole('alert')).toContainText('Deposit Wallet');
  expect(rpcCalls).toHaveLength(1);
  expect(JSON.parse(rpcCalls[0] ?? '{}')).toMatchObject({
    p_user_id: member.id,
    p_account: 'deposit_wallet',
    p_amount: '-80',
    p_category: 'other',
    p_client_text: 'Reversal of a duplicated deposit',
  });
  await expect(dialog.getByLabel('Amount (USD, signed)')).toHaveValue('-80');

  // The database applies the same rules to anyone who skips the form.
  const direct = await (
    await signedInAdminClient(admin)
  ).rpc('propose_correction', {
    p_user_id: member.id,
    p_account: 'deposit_wallet',
    p_amount: '12.345',
    p_category: 'other',
    p_client_text: 'direct',
  });
  expect(direct.error?.code).toBe('22023');

  // Escape closes it, focus goes back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Credit / debit ${member.username}` })).toBeFocused();
  const { data } = await serviceClient()
    .from('profiles')
    .select('deposit_wallet::text')
    .eq('id', member.id)
    .single();
  expect(data).toEqual({ deposit_wallet: '50.00' });
});

test('the proposer withdraws their own, a second admin rejects another with a reason, and nothing moves', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const member = await createMember({ username: `carol${runTag()}` });
  await setBalances(member.id, { deposit_wallet: '50.00', total_invest: '10.00' });
  const proposer = await signedInAdminClient(admin);
  const propose = async (amount: string, text: string) => {
    const { data, error } = await proposer.rpc('propose_correction', {
      p_user_id: member.id,
      p_account: 'total_invest',
      p_amount: amount,
      p_category: 'error_correction',
      p_client_text: text,
      p_plan: 'gold',
    });
    expect(error).toBeNull();
    return (data as { id: number }).id;
  };
  const first = await propose('5.00', 'First try');
  const second = await propose('-2.50', 'Second try');

  await openAsStaff(page, admin);
  await findUser(page, member);
  const pending = page.getByRole('row').filter({ hasText: 'Awaiting approval' });
  await expect(pending.getByTestId('pending-transfer')).toHaveCount(2);
  await expect(pending).toContainText('-$2.50 from Total Invest');

  await page.goto('/admin/approvals');
  const mine = page.getByRole('article', { name: `Transfer #${first}: Correction for ${member.email}` });
  await mine.getByRole('button', { name: 'Retract proposal' }).click();
  await expect(page.getByText(`Retracted the correction for ${member.email}.`)).toBeVisible();
  await expect(mine).toHaveCount(0);

  const approver = await newPage(browser);
  await openAsStaff(approver, admin2, '/admin/approvals');
  const card = approver.getByRole('article', { name: `Transfer #${second}: Correction for ${member.email}` });
  await expect(card.getByTestId('amount')).toHaveText('-$2.50');
  await card.getByRole('button', { name: 'Reject…' }).click();
  await card.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(card.getByText('Reason must be 3 to 500 characters.')).toBeVisible();
  await card.getByLabel('Reason for rejecting').fill('Not supported by the statement');
  await card.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(approver.getByText(`Rejected the correction for ${member.email}.`)).toBeVisible();
  await expect(card).toHaveCount(0);

  await page.goto('/admin/users');
  await findUser(page, member);
  await expect(page.getByRole('row').filter({ hasText: 'Awaiting approval' })).toHaveCount(0);
  const { data } = await serviceClient()
    .from('profiles')
    .select('deposit_wallet::text, total_invest::text')
    .eq('id', member.id)
    .single();
  expect(data).toEqual({ deposit_wallet: '50.00', total_invest: '10.00' });
  expect((await ledgerOf(member)).filter((e) => /try$/.test(e.reason))).toEqual([]);
  await approver.context().close();
});

test('roles: support sees no money controls; an auditor reads pending transfers and ledgers but every write is refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const [support, auditor] = await Promise.all([
    createAdmin({ username: `sup${tag}`, role: 'support' }),
    createAdmin({ username: `aud${tag}`, role: 'auditor' }),
  ]);
  const member = await createMember({ username: `dave${tag}` });
  await setBalances(member.id, { interest_wallet: '40.00' });
  const proposed = await (
    await signedInAdminClient(admin)
  ).rpc('propose_correction', {
    p_user_id: member.id,
    p_account: 'referral',
    p_amount: '3.00',
    p_category: 'goodwill',
    p_client_text: 'Thank you bonus',
  });
  expect(proposed.error).toBeNull();

  await openAsStaff(page, support);
  await expect(page.getByText(`Signed in as ${support.email} (Support)`)).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin navigation' });
  await expect(nav.getByRole('link', { name: 'Approvals' })).toHaveCount(0);
  await findUser(page, member);
  await expect(userRow(page, member)).toContainText('$40.00');
  await expect(page.getByRole('button', { name: `Credit / debit ${member.username}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `History of ${member.username}` })).toHaveCount(0);

  const auditorPage = await newPage(browser);
  await openAsStaff(auditorPage, auditor);
  await findUser(auditorPage, member);
  await expect(auditorPage.getByRole('button', { name: `Credit / debit ${member.username}` })).toHaveCount(0);
  await expect(auditorPage.getByRole('row').filter({ hasText: 'Awaiting approval' })).toContainText(
    '+$3.00 to Referral Earnings (Goodwill)',
  );
  await auditorPage.getByRole('button', { name: `History of ${member.username}` }).click();
  await expect(auditorPage.getByRole('dialog', { name: `Ledger history: ${member.username}` })).toContainText(
    'E2E adjustment',
  );

  // Behind the screens, the database says no to both, by name of role.
  for (const [who, role] of [
    [support, 'support'],
    [auditor, 'auditor'],
  ] as const) {
    const client = await signedInAdminClient(who);
    const propose = await client.rpc('propose_correction', {
      p_user_id: member.id,
      p_account: 'interest_wallet',
      p_amount: '1000000',
      p_category: 'goodwill',
      p_client_text: 'should not work',
    });
    expect(propose.error?.message).toBe(
      `Your staff role (${role}) cannot do this; it needs finance or owner.`,
    );
    const approve = await client.rpc('approve_transfer', {
      p_transfer_id: (proposed.data as { id: number }).id,
    });
    expect(approve.error?.code).toBe('42501');
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
  // Total Deposit is the sum of credited deposits: a real one, valued and approved.
  await depositFor(members[7]!, { quantity: '999', rate: '1' });
  await openAsStaff(page, admin);
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
  await expect(bodyRows.first()).toContainText('$999.00');
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

test('whole names and e-mails: they wrap in the table at 1440 px, stay whole on a phone card, and the sort control fits', async ({
  page,
}) => {
  const tag = runTag();
  const long = await createMember({
    username: `Alexandra Constantinopoulou-Wetherington`,
    email: `alexandra.constantinopoulou.wetherington.${tag}@example-wealth-partners.com`,
  });
  await setBalances(long.id, { deposit_wallet: '999999.99', interest_wallet: '10000', referral: '25' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAsStaff(page, admin);
  await findUser(page, long);
  const row = userRow(page, long);
  for (const text of [long.username, long.email]) {
    const cell = row.getByRole('cell', { name: text, exact: true });
    await expect(cell).toHaveText(text);
    // Nothing cut off: the cell is as wide as what it holds (it grows downwards instead).
    expect(await cell.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  // Amounts up to $999,999.99 stay on one line: never "$10,000.0" above "0".
  for (const amount of ['$999,999.99', '$10,000.00', '$25.00']) {
    const cell = row.getByRole('cell', { name: amount, exact: true });
    await expect(cell).toHaveText(amount);
    const lines = await cell.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines, amount).toBe(1);
  }
  // One page of results: both paging buttons are off, and look it.
  for (const name of ['Previous page', 'Next page']) {
    const button = page.getByRole('button', { name });
    await expect(button).toBeDisabled();
    expect(Number(await button.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(0.6);
  }

  const usual = await createMember({
    username: `Ana Lee ${tag}`,
    email: `ana.lee.${tag}@examplewealthpartners.com`,
  });
  await page.setViewportSize({ width: 360, height: 800 });
  await findUser(page, usual);
  const card = page.getByRole('listitem', { name: usual.username });
  const email = card.getByText(usual.email, { exact: true });
  // Too long for one line, the e-mail breaks after its @, not in the middle of a word.
  expect(
    await email.evaluate((el) => {
      const text = el.textContent ?? '';
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const lines = new Map<number, string>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < (node.textContent ?? '').length; i += 1) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          lines.set(top, (lines.get(top) ?? '') + (node.textContent ?? '')[i]);
        }
      }
      return { text, lines: [...lines.values()] };
    }),
  ).toEqual({ text: usual.email, lines: [usual.email.split('@')[0] + '@', usual.email.split('@')[1]] });
  const sort = page.getByLabel('Sort by');
  const direction = page.getByRole('button', { name: /Ascending|Descending/ });
  for (const control of [sort, direction]) {
    const box = await control.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  }
  expect((await sort.boundingBox())!.width).toBeGreaterThanOrEqual(150);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('a member who writes in Arabic: the English admin area keeps the name whole, isolated from the words and figures around it', async ({
  page,
}) => {
  const tag = runTag();
  const member = await createMember({ username: 'سارة الهاشمي 2', email: `sara.${tag}@example.com` });
  await openAsStaff(page, admin);
  await findUser(page, member);
  const row = userRow(page, member);
  // In the table the name is its own run: Arabic's direction does not spill into the row.
  await expect(row.locator('bdi').filter({ hasText: member.username })).toHaveText(member.username);
  // In the dialog's title (a string) the name is wrapped in the Unicode isolates.
  await row.getByRole('button', { name: /Credit \/ debit/ }).click();
  const dialog = page.getByRole('dialog', { name: /Credit \/ debit/ });
  await expect(dialog.getByRole('heading').first()).toHaveText(
    `Credit / debit \u2068${member.username}\u2069`,
  );
});
