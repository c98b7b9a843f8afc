import { expect, test, type Page } from '@playwright/test';
import { findUser, runTag, approveMoney, openAsStaff } from './admin-helpers';
import {
  createAdmin,
  createMember,
  serviceClient,
  setBalances,
  signedInAdminClient,
  signedInClient,
  type TestUser,
} from './support/users';
import { saveScreen } from './support/screens';

/**
 * The plans from the staff side (issue 33, docs/plans-and-referrals.md): a member's investment and
 * redemption instructions are accepted or declined by finance on /admin/approvals; finance previews
 * and proposes a month's returns on /admin/plans and a second finance admin approves them; an owner
 * proposes a plan's new terms and a second owner approves them.
 *
 * The returns run is for the Diamond plan, in a past month drawn at random: the other specs' members
 * hold Gold (tests/e2e/support/users.ts setBalances), and a run pays every holder of the plan in the
 * shared database, so a Gold run would move their balances under them (and a second run of a plan's
 * month is refused).
 */

/** A member instruction as the member gives it, through the API with their own session. */
async function instruct(
  member: TestUser,
  fn: 'subscribe_to_plan' | 'redeem_from_plan',
  plan: string,
  amount: string,
): Promise<number> {
  const client = await signedInClient(member);
  const { data, error } = await client.rpc(fn, {
    p_plan: plan,
    p_amount: amount,
    p_request_key: `e2e-${runTag()}`,
  });
  if (error) throw new Error(`${fn} failed: ${error.message}`);
  return (data as { id: number }).id;
}

async function balances(member: TestUser) {
  const { data, error } = await serviceClient()
    .from('profiles')
    .select('deposit_wallet::text, total_invest::text, interest_wallet::text')
    .eq('id', member.id)
    .single();
  if (error) throw new Error(`reading balances failed: ${error.message}`);
  return data as { deposit_wallet: string; total_invest: string; interest_wallet: string };
}

async function expectNoSidewaysScroll(page: Page, width: number) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
}

/** A month that has begun, long ago enough that no other spec posts it: "2023-04". */
function pastMonth(): string {
  const year = 2020 + Math.floor(Math.random() * 5);
  const month = 1 + Math.floor(Math.random() * 12);
  return `${year}-${String(month).padStart(2, '0')}`;
}

const monthLabel = (period: string) =>
  new Date(`${period}-01T00:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

test('a finance admin accepts a member’s investment, declines another with a reason, and a correction of principal names its plan', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const finance = await createAdmin({ username: `pf${tag}`, role: 'finance' });
  const member = await createMember({ username: `Investor ${tag}` });
  await setBalances(member.id, { deposit_wallet: '40000.00' }, 'Opening balance');
  const diamond = await instruct(member, 'subscribe_to_plan', 'diamond', '25000');
  const gold = await instruct(member, 'subscribe_to_plan', 'gold', '5000');

  // The member's row lists both instructions as theirs, not as a proposal of an admin.
  await openAsStaff(page, finance);
  await findUser(page, member);
  const pending = page.getByTestId('pending-transfer');
  await expect(pending.filter({ hasText: `Investment in the Diamond plan #${diamond}` })).toContainText(
    '$25,000.00 (Deposit Wallet → Diamond plan (Total Invest)) · Instruction from the member',
  );
  await expect(pending.filter({ hasText: `Investment in the Gold plan #${gold}` })).toContainText(
    '$5,000.00',
  );
  await expect(page.getByText('any finance admin or owner accepts or declines it')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Approvals' })
    .click();
  const accepted = page.getByRole('article', {
    name: `Transfer #${diamond}: Investment in the Diamond plan for ${member.email}`,
  });
  await expect(accepted.getByRole('heading')).toHaveText(
    'Investment in the Diamond plan: $25,000.00 — member’s instruction',
  );
  await expect(accepted).toContainText('Instruction from the member');
  await expect(accepted).toContainText('Deposit Wallet → Diamond plan (Total Invest)');
  await expect(accepted.getByTestId('amount')).toHaveText('$25,000.00');
  await expect(accepted.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page, width);
    await saveScreen(accepted.locator('xpath=..'), `admin-instruction-card-${width}.png`);
  }
  await approveMoney(page, accepted, 'Accept');
  await expect(
    page.getByText(`Accepted: Investment in the Diamond plan, $25,000.00, for ${member.email}.`),
  ).toBeVisible();
  await expect(accepted).toHaveCount(0);

  const declined = page.getByRole('article', {
    name: `Transfer #${gold}: Investment in the Gold plan for ${member.email}`,
  });
  await declined.getByRole('button', { name: 'Decline…' }).click();
  const reason = declined.getByLabel('Reason for declining (the client reads this)');
  await expect(reason).toBeFocused();
  await declined.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect(declined).toContainText('Reason must be 3 to 500 characters.');
  await reason.fill('Please call us before investing in a second plan');
  await declined.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect(
    page.getByText(`Declined the instruction “Investment in the Gold plan” of ${member.email}.`),
  ).toBeVisible();
  await expect(declined).toHaveCount(0);

  // The principal moved into Diamond; the declined 5,000 is back in the Deposit Wallet.
  expect(await balances(member)).toMatchObject({ deposit_wallet: '15000.00', total_invest: '25000.00' });
  // The instruction is closed by a void that carries the reason.
  const { data: closed } = await serviceClient()
    .from('transfers')
    .select('phase, void_reason, internal_note')
    .eq('pending_id', gold);
  expect(closed).toEqual([
    {
      phase: 'void_pending',
      void_reason: 'rejected',
      internal_note: expect.stringContaining('Please call us before investing in a second plan'),
    },
  ]);

  // A correction of invested principal names its plan (Credit / debit on the users page).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Users' })
    .click();
  await findUser(page, member);
  await page.getByRole('button', { name: `Credit / debit ${member.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Credit / debit ${member.username}` });
  await expect(dialog.getByLabel('Plan')).toHaveCount(0);
  await dialog.getByLabel('Account').selectOption({ label: 'Total Invest' });
  await dialog.getByLabel('Amount (USD, signed)').fill('-100');
  await dialog.getByLabel('Category').selectOption({ label: 'Error correction' });
  await dialog
    .getByLabel('Text the client reads on their statement')
    .fill('Correction of your Diamond investment');
  await dialog.getByRole('button', { name: 'Propose credit / debit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose the plan this correction is in.');
  await expect(dialog.getByLabel('Plan')).toBeFocused();
  await dialog.getByLabel('Plan').selectOption({ label: 'Diamond' });
  await dialog.getByRole('button', { name: 'Propose credit / debit' }).click();
  await expect(dialog).toBeHidden();
  await expect(pending.filter({ hasText: 'Correction' })).toContainText(
    '-$100.00 from Total Invest (Diamond)',
  );
  const { data: correction } = await serviceClient()
    .from('transfers')
    .select('id, plan, phase')
    .eq('user_id', member.id)
    .eq('kind', 'correction')
    .eq('phase', 'pending')
    .single();
  expect(correction).toMatchObject({ plan: 'diamond' });
  // Withdrawn again by its proposer, on the Approvals page.
  await page.goto('/admin/approvals');
  const mine = page.getByRole('article', {
    name: `Transfer #${(correction as { id: number }).id}: Correction for ${member.email}`,
  });
  await expect(mine).toContainText('Diamond');
  await mine.getByRole('button', { name: 'Retract proposal' }).click();
  await expect(mine).toHaveCount(0);
});

test('finance previews a month’s returns, proposes them, a second finance admin approves, the member is paid', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const [maker, checker] = await Promise.all([
    createAdmin({ username: `rm${tag}`, role: 'finance' }),
    createAdmin({ username: `rc${tag}`, role: 'finance' }),
  ]);
  const member = await createMember({ username: `Holder ${tag}` });
  await setBalances(member.id, { deposit_wallet: '25000.00' }, 'Opening balance');
  const subscription = await instruct(member, 'subscribe_to_plan', 'diamond', '25000');
  const checkerApi = await signedInAdminClient(checker);
  const accepted = await checkerApi.rpc('approve_transfer', { p_transfer_id: subscription });
  expect(accepted.error).toBeNull();

  const period = pastMonth();
  const label = monthLabel(period);
  await openAsStaff(page, maker);
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Plans' })
    .click();
  await page.waitForURL('**/admin/plans');
  const form = page.getByRole('region', { name: 'Post returns' });
  // The month starts as the current one.
  await expect(form.getByLabel('Month (YYYY-MM)')).toHaveValue(new Date().toISOString().slice(0, 7));
  await form.getByLabel('Plan').selectOption('diamond');
  await form.getByLabel('Month (YYYY-MM)').fill(period);
  await form.getByLabel('Rate for the month (%)').fill('1.25%');
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'The month’s rate must be a percentage above 0 and at most 100, with at most 4 decimals.',
  );
  await expect(form.getByLabel('Rate for the month (%)')).toBeFocused();
  await form.getByLabel('Rate for the month (%)').fill('1.25');
  await form.getByRole('button', { name: 'Preview' }).click();

  const preview = page.getByRole('region', { name: `Preview: Diamond plan, ${label}` });
  await expect(preview.getByRole('row').filter({ hasText: member.email })).toContainText('$25,000.00$312.50');
  await expect(preview).toContainText(`“Returns, Diamond plan, ${label}”`);
  await expect(preview).toContainText('1.25%');
  // The totals are the database's (every Diamond holder in this database, not only this member).
  const makerApi = await signedInAdminClient(maker);
  const expected = await makerApi.rpc('preview_returns_run', {
    p_plan: 'diamond',
    p_period: period,
    p_rate_percent: '1.25',
  });
  expect(expected.error).toBeNull();
  const run = expected.data as { members: number; total_principal: string; total_amount: string };
  const usd = (text: string) =>
    `$${Number(text).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await expect(preview.getByTestId('returns-members')).toHaveText(String(run.members));
  await expect(preview.getByTestId('returns-total-principal')).toHaveText(usd(run.total_principal));
  await expect(preview.getByTestId('returns-total-amount')).toHaveText(usd(run.total_amount));

  for (const width of [360, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(preview).toBeVisible();
    await expectNoSidewaysScroll(page, width);
    await saveScreen(page, `admin-returns-preview-${width}.png`, { fullPage: true });
  }

  // Changing the form asks for a new preview before anything is proposed.
  await form.getByLabel('Rate for the month (%)').fill('1.3');
  await expect(preview).toContainText('The form changed after the preview: preview again before proposing.');
  await expect(preview.getByRole('button', { name: 'Propose' })).toBeDisabled();
  await form.getByLabel('Rate for the month (%)').fill('1.25');
  await preview.getByLabel('Reason').fill(`${label} results of the Diamond mandate`);
  await preview.getByRole('button', { name: 'Propose' }).click();
  const proposed = page.getByText(
    `Proposed the returns run for the Diamond plan, ${label}: another finance admin or owner approves it.`,
  );
  await expect(proposed).toBeVisible();
  await expect(preview).toHaveCount(0);

  // The proposer sees their proposal, and no way to approve it.
  const title = `Returns run: Diamond plan, ${label}`;
  const mine = page.getByRole('article', { name: new RegExp(`^Proposal #\\d+: ${title}$`) });
  await expect(mine).toContainText('You proposed this: another admin approves it.');
  await expect(mine.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(mine.getByRole('button', { name: 'Retract proposal' })).toBeVisible();
  await mine.getByText(/^Lines \(\d+ members?\)$/).click();
  await expect(mine.getByRole('row').filter({ hasText: member.email })).toContainText('$312.50');
  // The card as the approver reads it, once the toast is gone from over it.
  await expect(proposed).toBeHidden({ timeout: 15_000 });
  for (const width of [360, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page, width);
    await saveScreen(mine.locator('xpath=..'), `admin-returns-proposal-${width}.png`);
  }
  const proposalId = Number((await mine.getAttribute('aria-label'))?.match(/#(\d+)/)?.[1]);

  // The second finance admin, in another browser, reads the run and approves it.
  const context = await browser.newContext();
  try {
    const approver = await context.newPage();
    await openAsStaff(approver, checker, '/admin/approvals');
    const card = approver.getByRole('article', { name: `Proposal #${proposalId}: ${title}` });
    await expect(card).toContainText(`proposed by ${maker.email}`);
    await expect(card).toContainText('Rate for the month1.25%');
    await expect(card.getByTestId('returns-total-amount')).toHaveText(usd(run.total_amount));
    await expect(card).toContainText(`Reason: ${label} results of the Diamond mandate`);
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(approver.getByText(`Approved: ${title}.`)).toBeVisible();
    await expect(card).toHaveCount(0);
  } finally {
    await context.close();
  }

  // The member's Interest Wallet holds the return, with the words they read.
  await expect.poll(async () => (await balances(member)).interest_wallet).toBe('312.50');
  const { data: paid } = await serviceClient()
    .from('transfers')
    .select('kind, amount::text, client_text, phase')
    .eq('user_id', member.id)
    .eq('kind', 'return');
  expect(paid).toEqual([
    { kind: 'return', amount: '312.50', client_text: `Returns, Diamond plan, ${label}`, phase: 'posted' },
  ]);
  // The proposer's list empties live.
  await expect(mine).toHaveCount(0);
});

test('an owner proposes new Silver terms, a second owner approves, and the public plan changes', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const [owner, other] = await Promise.all([
    createAdmin({ username: `to${tag}` }),
    createAdmin({ username: `tp${tag}` }),
  ]);
  const read = async () => {
    const { data, error } = await serviceClient()
      .from('plans')
      .select('minimum::text, notice_days, accepting, description, returns_text, fees_text, risk_text')
      .eq('slug', 'silver')
      .single();
    if (error) throw new Error(`reading Silver failed: ${error.message}`);
    return data as {
      minimum: string;
      notice_days: number;
      accepting: boolean;
      description: string;
      returns_text: string;
      fees_text: string;
      risk_text: string;
    };
  };
  const original = await read();

  await openAsStaff(page, owner, '/admin/plans');
  const silver = page.getByRole('listitem', { name: 'Silver plan' });
  await expect(silver).toContainText(`${original.notice_days} days`);
  await silver.getByRole('button', { name: 'Propose new terms for Silver' }).click();
  const dialog = page.getByRole('dialog', { name: 'Propose new terms for Silver' });
  await expect(dialog.getByLabel('Minimum (USD)')).toBeFocused();
  await dialog.getByLabel('Notice for redemptions (days)').fill(String(original.notice_days + 2));
  await dialog.getByLabel('Fees').fill('No subscription fee. A redemption within 30 days costs 0.5%.');
  await dialog.getByRole('button', { name: 'Propose terms' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Reason must be 3 to 500 characters.');
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await dialog.getByLabel('Reason').fill('Early redemptions cost the fund');
  await saveScreen(page, `admin-plan-terms-dialog-1440.png`);
  await dialog.getByRole('button', { name: 'Propose terms' }).click();
  await expect(page.getByText('Proposed new terms for Silver: another owner approves them.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(silver).toContainText('Awaiting approval: new terms proposed by you');
  await expect(silver.getByRole('button', { name: 'Propose new terms for Silver' })).toHaveCount(0);
  const mine = page.getByRole('article', { name: /^Proposal #\d+: Plan terms: Silver$/ });
  await expect(mine).toContainText(`${original.notice_days} days → ${original.notice_days + 2} days`);
  await expect(mine.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page, width);
    await saveScreen(page, `admin-plans-page-${width}.png`, { fullPage: true });
  }
  const proposalId = Number((await mine.getAttribute('aria-label'))?.match(/#(\d+)/)?.[1]);

  const context = await browser.newContext();
  try {
    const approver = await context.newPage();
    await openAsStaff(approver, other, '/admin/approvals');
    const card = approver.getByRole('article', { name: `Proposal #${proposalId}: Plan terms: Silver` });
    await expect(card).toContainText(`${original.notice_days} days → ${original.notice_days + 2} days`);
    await expect(card).toContainText(`Now: ${original.fees_text}`);
    await expect(card).toContainText(
      'Proposed: No subscription fee. A redemption within 30 days costs 0.5%.',
    );
    // Unchanged terms are not listed.
    await expect(card).not.toContainText('Minimum (USD)');
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(approver.getByText('Approved: Plan terms: Silver.')).toBeVisible();
  } finally {
    await context.close();
  }

  // The public row changed; the owner's panel follows.
  expect(await read()).toEqual({
    ...original,
    notice_days: original.notice_days + 2,
    fees_text: 'No subscription fee. A redemption within 30 days costs 0.5%.',
  });
  await expect(silver).toContainText(`${original.notice_days + 2} days`);

  // Back to the seeded terms for the other specs, the same four-eyes way (through the API).
  const [ownerApi, otherApi] = await Promise.all([signedInAdminClient(owner), signedInAdminClient(other)]);
  const back = await ownerApi.rpc('propose_staff_change', {
    p_kind: 'plan_terms',
    p_target: 'silver',
    p_payload: original,
    p_reason: 'Back to the seeded terms',
  });
  expect(back.error).toBeNull();
  const restored = await otherApi.rpc('approve_staff_change', {
    p_proposal_id: (back.data as { id: number }).id,
  });
  expect(restored.error).toBeNull();
  expect(await read()).toEqual(original);
});
