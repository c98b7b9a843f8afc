import { expect, test, type Locator } from '@playwright/test';
import { findUser, runTag, openAsStaff } from './admin-helpers';
import { createAdmin, createMember, serviceClient, setBalances, signedInAdminClient } from './support/users';
import { saveScreen } from './support/screens';

/**
 * How many lines each visible dollar amount inside `scope` takes: a Range over the amount's text has
 * one client rect per line box it spans, so anything but 1 means the number broke inside.
 */
async function amountLines(scope: Locator): Promise<{ amount: string; lines: number }[]> {
  return scope.evaluate((root) => {
    const found: { amount: string; lines: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/[+−-]?\$[\d,]+\.\d{2}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = [...range.getClientRects()].filter((r) => r.width > 0).length;
        if (lines > 0) found.push({ amount: match[0], lines }); // 0: hidden at this width
      }
    }
    return found;
  });
}

/**
 * Four eyes beyond money (docs/four-eyes.md): lifting a member's withdrawal freeze and changing the
 * firm's settings are proposals another admin approves on /admin/approvals; a proposal older than 7
 * days shows as expired and cannot be approved; pending transfers show both texts and their amounts
 * at every width; the audit log pages by key.
 */

/** Time travel for expiry: the service role moves a proposal's expires_at into the past. */
async function expire(proposalId: number): Promise<void> {
  const { error } = await serviceClient()
    .from('staff_proposals')
    .update({ expires_at: new Date(Date.now() - 60_000).toISOString() })
    .eq('id', proposalId);
  if (error) throw new Error(`expiring proposal ${proposalId} failed: ${error.message}`);
}

async function openProposalId(kind: string, target: string): Promise<number> {
  const { data, error } = await serviceClient()
    .from('staff_proposals')
    .select('id')
    .eq('kind', kind)
    .eq('target', target)
    .eq('status', 'open')
    .single();
  if (error) throw new Error(`no open ${kind} proposal: ${error.message}`);
  return (data as { id: number }).id;
}

test('a frozen member: one finance admin proposes the unfreeze, a second approves it, and the freeze is gone', async ({
  page,
  browser,
}) => {
  // Three admins sign in with authenticator codes: about a minute on a busy 2-core machine.
  test.setTimeout(120_000);
  const tag = runTag();
  const [maker, checker, support] = await Promise.all([
    createAdmin({ username: `mk${tag}`, role: 'finance' }),
    createAdmin({ username: `ck${tag}`, role: 'finance' }),
    createAdmin({ username: `su${tag}`, role: 'support' }),
  ]);
  const member = await createMember({ username: `frz${tag}` });
  const frozen = await serviceClient()
    .from('withdrawal_freezes')
    .insert({ user_id: member.id, frozen_by: member.id, reason: 'Lost my phone' });
  expect(frozen.error).toBeNull();

  await openAsStaff(page, maker);
  await findUser(page, member);
  await expect(page.getByText('Withdrawals frozen')).toBeVisible();
  await expect(page.getByText('“Lost my phone”')).toBeVisible();
  await page.getByRole('button', { name: `Propose unfreeze for ${member.username}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Propose lifting the withdrawal freeze?' });
  await dialog.getByRole('button', { name: 'Propose unfreeze' }).click();
  await expect(page.getByText('Reason must be 3 to 500 characters.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Member called from the registered number');
  await dialog.getByRole('button', { name: 'Propose unfreeze' }).click();
  await expect(
    page.getByText(`Proposed: unfreeze ${member.username}. Another admin approves it.`),
  ).toBeVisible();
  await expect(page.getByText('Awaiting approval')).toBeVisible();
  await expect(page.getByRole('button', { name: `Propose unfreeze for ${member.username}` })).toHaveCount(0);

  // Support sees the freeze and the proposal, but no way to propose or decide.
  const supportContext = await browser.newContext();
  try {
    const supportPage = await supportContext.newPage();
    await openAsStaff(supportPage, support);
    await findUser(supportPage, member);
    await expect(supportPage.getByText('Withdrawals frozen')).toBeVisible();
    await expect(supportPage.getByRole('button', { name: /^Propose unfreeze/ })).toHaveCount(0);
  } finally {
    await supportContext.close();
  }

  // The maker cannot approve their own proposal, in this session or any other.
  const proposalId = await openProposalId('unfreeze', member.id);
  const self = await signedInAdminClient(maker);
  const selfApproval = await self.rpc('approve_staff_change', { p_proposal_id: proposalId });
  expect(selfApproval.error?.hint).toBe('four_eyes');

  const context = await browser.newContext();
  try {
    const approver = await context.newPage();
    await openAsStaff(approver, checker, '/admin/approvals');
    const card = approver.getByRole('article', {
      name: `Proposal #${proposalId}: Unfreeze withdrawals: ${member.email}`,
    });
    await expect(card).toContainText('Frozen → Allowed');
    await expect(card).toContainText('Reason: Member called from the registered number');
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(approver.getByText(`Approved: Unfreeze withdrawals: ${member.email}.`)).toBeVisible();
  } finally {
    await context.close();
  }

  // The maker's table follows live: no freeze, nothing awaiting.
  await expect(page.getByText('Withdrawals frozen')).toHaveCount(0);
  await expect(page.getByText('Awaiting approval')).toHaveCount(0);
  // Lifted, not deleted: the freeze stays on record with who approved the lift.
  const { data: left } = await serviceClient()
    .from('withdrawal_freezes')
    .select('user_id, lifted_by')
    .eq('user_id', member.id);
  expect(left).toEqual([{ user_id: member.id, lifted_by: expect.any(String) }]);
  const { data: audit } = await serviceClient()
    .from('audit_events')
    .select('member_id, after')
    .eq('kind', 'withdrawals_unfrozen')
    .eq('member_id', member.id);
  expect(audit).toEqual([{ member_id: member.id, after: { proposal_id: proposalId } }]);
});

test('a settings proposal older than 7 days shows as expired and cannot be approved', async ({
  page,
  browser,
}) => {
  const tag = runTag();
  const [owner, other] = await Promise.all([
    createAdmin({ username: `so${tag}` }),
    createAdmin({ username: `sp${tag}` }),
  ]);
  await openAsStaff(page, owner, '/admin/approvals');
  const settings = page.getByRole('region', { name: 'Firm settings' });
  await expect(settings).toContainText('none (every correction needs a second admin)');
  await settings.getByLabel('Small-edit threshold (USD, empty for none)').fill('12.345');
  await settings.getByLabel('Reason').fill('Small corrections');
  await settings.getByRole('button', { name: 'Propose settings' }).click();
  await expect(settings.getByRole('alert')).toHaveText(
    'The threshold is an amount in dollars with at most 2 decimals, or empty for none.',
  );
  await settings.getByLabel('Small-edit threshold (USD, empty for none)').fill('25');
  await settings.getByRole('button', { name: 'Propose settings' }).click();
  await expect(page.getByText('Proposed: another owner approves the new settings.')).toBeVisible();
  const mine = page.getByRole('article', { name: /Firm settings$/ });
  await expect(mine).toContainText('None (every correction) → $25.00');
  const proposalId = await openProposalId('firm_settings', 'firm');

  // A week later: the proposal has expired.
  await expire(proposalId);
  const context = await browser.newContext();
  try {
    const approver = await context.newPage();
    await openAsStaff(approver, other, '/admin/approvals');
    const card = approver.getByRole('article', { name: `Proposal #${proposalId}: Firm settings` });
    await expect(card).toContainText('Expired: nobody can approve it now.');
    await expect(card).toContainText('expired');
    await expect(card.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    // Nor through the API.
    const client = await signedInAdminClient(other);
    const late = await client.rpc('approve_staff_change', { p_proposal_id: proposalId });
    expect(late.error?.message).toMatch(
      /^This proposal expired on \d{4}-\d{2}-\d{2}; propose the change again\.$/,
    );
  } finally {
    await context.close();
  }
  const { data } = await serviceClient().from('firm_settings').select('small_edit_threshold').single();
  expect(data).toEqual({ small_edit_threshold: null });
  // The next proposal closes the expired one (lazily) and may be made again.
  await page.reload();
  await page
    .getByRole('region', { name: 'Firm settings' })
    .getByLabel('Reason')
    .fill('Small corrections again');
  await page
    .getByRole('region', { name: 'Firm settings' })
    .getByLabel('Small-edit threshold (USD, empty for none)')
    .fill('25');
  await page
    .getByRole('region', { name: 'Firm settings' })
    .getByRole('button', { name: 'Propose settings' })
    .click();
  await expect(page.getByText('Proposed: another owner approves the new settings.')).toBeVisible();
  const { data: closed } = await serviceClient()
    .from('staff_proposals')
    .select('status')
    .eq('id', proposalId)
    .single();
  expect(closed).toEqual({ status: 'expired' });
  await (
    await signedInAdminClient(owner)
  ).rpc('withdraw_staff_change', {
    p_proposal_id: await openProposalId('firm_settings', 'firm'),
  });
});

test('an owner proposes a small-edit daily limit, a second owner approves it, and the panel shows it', async ({
  page,
  browser,
}) => {
  const tag = runTag();
  const [owner, other] = await Promise.all([
    createAdmin({ username: `dl${tag}` }),
    createAdmin({ username: `dm${tag}` }),
  ]);
  await openAsStaff(page, owner, '/admin/approvals');
  const settings = page.getByRole('region', { name: 'Firm settings' });
  await expect(settings).toContainText('Small-edit daily limit: same as the threshold (none)');
  const limit = settings.getByLabel(
    'Small-edit daily limit per admin (USD, empty for the same as the threshold)',
  );
  await limit.fill('5,000');
  await settings.getByLabel('Reason').fill('Cap what one admin moves alone');
  await settings.getByRole('button', { name: 'Propose settings' }).click();
  await expect(settings.getByRole('alert')).toHaveText(
    'The daily limit is an amount in dollars with at most 2 decimals, or empty for the same as the threshold.',
  );
  await limit.fill('5000');
  await settings.getByRole('button', { name: 'Propose settings' }).click();
  await expect(page.getByText('Proposed: another owner approves the new settings.')).toBeVisible();
  const proposalId = await openProposalId('firm_settings', 'firm');

  const context = await browser.newContext();
  try {
    const approver = await context.newPage();
    await openAsStaff(approver, other, '/admin/approvals');
    const card = approver.getByRole('article', { name: `Proposal #${proposalId}: Firm settings` });
    await expect(card).toContainText('Same as the threshold → $5000.00 per admin a day');
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(approver.getByText('Approved: Firm settings.')).toBeVisible();
  } finally {
    await context.close();
  }
  // The proposer's panel follows live.
  await expect(settings).toContainText(
    'Small-edit daily limit: $5000.00 per admin in any 24 hours (then small corrections need a second admin too)',
  );
  const { data } = await serviceClient()
    .from('firm_settings')
    .select('small_edit_threshold::text, small_edit_daily_limit::text')
    .single();
  expect(data).toEqual({ small_edit_threshold: null, small_edit_daily_limit: '5000.00' });
  // Back to the default for the other tests (the service role's direct path).
  const reset = await serviceClient()
    .from('firm_settings')
    .update({ small_edit_daily_limit: null })
    .eq('singleton', true);
  expect(reset.error).toBeNull();
});

test('approvals at 360, 768 and 1440 px: amounts never break inside a number (screenshots)', async ({
  page,
}) => {
  const tag = runTag();
  const [finance, owner] = await Promise.all([
    createAdmin({ username: `fw${tag}`, role: 'finance' }),
    createAdmin({ username: `ow${tag}` }),
  ]);
  const member = await createMember({ username: `Wide Amounts ${tag}` });
  await setBalances(member.id, { interest_wallet: '1312500.75', referral: '4000000.00' }, 'Opening balance');
  const proposer = await signedInAdminClient(finance);
  const propose = async (account: string, amount: string) => {
    const { data, error } = await proposer.rpc('propose_correction', {
      p_user_id: member.id,
      p_account: account,
      p_amount: amount,
      p_category: 'error_correction',
      p_client_text: 'Correction of the quarterly interest after the review of the loan book',
      p_internal_note: 'Loan book review, ticket 4411: the Q3 interest run used the wrong day count',
    });
    expect(error).toBeNull();
    return (data as { id: number }).id;
  };
  const credit = await propose('interest_wallet', '8687499.24');
  const debit = await propose('referral', '-3999987.50');
  // And one of the other kind, so both queues show.
  const frozen = await serviceClient()
    .from('withdrawal_freezes')
    .insert({ user_id: member.id, frozen_by: member.id, reason: 'Lost my phone' });
  expect(frozen.error).toBeNull();
  const unfreeze = await proposer.rpc('propose_staff_change', {
    p_kind: 'unfreeze',
    p_target: member.id,
    p_payload: {},
    p_reason: 'Member called from the registered number',
  });
  expect(unfreeze.error).toBeNull();

  await openAsStaff(page, owner, '/admin/approvals');
  const cards = [credit, debit].map((id) =>
    page.getByRole('article', { name: `Transfer #${id}: Correction for ${member.email}` }),
  );
  try {
    for (const width of [360, 768, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(cards[0]!).toContainText('+$8,687,499.24');
      // Both texts, each labelled: which one the client reads.
      const terms = cards[0]!.getByRole('term');
      await expect(terms.filter({ hasText: 'Text the client reads' })).toHaveCount(1);
      await expect(terms.filter({ hasText: 'Internal note (staff only)' })).toHaveCount(1);
      await expect(cards[0]!.getByRole('definition')).toContainText([
        'Correction of the quarterly interest after the review of the loan book',
        'Loan book review, ticket 4411',
      ]);
      const lines = [...(await amountLines(cards[0]!)), ...(await amountLines(cards[1]!))];
      // The amount in each card's heading and in its details, each on a single line.
      expect(lines.map((l) => l.amount).sort(), `amounts at ${width}px`).toEqual(
        ['+$8,687,499.24', '+$8,687,499.24', '-$3,999,987.50', '-$3,999,987.50'].sort(),
      );
      expect(
        lines.filter((l) => l.lines !== 1),
        `amounts wrapped at ${width}px`,
      ).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
      await saveScreen(page, `admin-approvals-${width}.png`, { fullPage: true });
    }
  } finally {
    await proposer.rpc('withdraw_transfer', { p_transfer_id: credit });
    await proposer.rpc('withdraw_transfer', { p_transfer_id: debit });
    await proposer.rpc('withdraw_staff_change', {
      p_proposal_id: await openProposalId('unfreeze', member.id),
    });
  }
});

test('the audit log pages by key: Older walks every event once, Newer comes back', async ({ page }) => {
  const tag = runTag();
  const auditor = await createAdmin({ username: `ka${tag}`, role: 'auditor' });
  const member = await createMember({ username: `kp${tag}` });
  // About 60 events about one member: 15 operator corrections of two accounts each, every one a
  // posted transfer and a ledger line.
  const service = serviceClient();
  for (let i = 1; i <= 15; i++) {
    await setBalances(member.id, { interest_wallet: `${i}.00`, referral: `${i}.50` }, `paging ${i}`);
  }
  const { data: all } = await service
    .from('audit_events')
    .select('id')
    .eq('member_id', member.id)
    .order('occurred_at', { ascending: false })
    .order('id', { ascending: false });
  const expected = (all ?? []).map((e: { id: number }) => `#${e.id}`);
  expect(expected.length).toBeGreaterThan(50);
  expect(expected.length).toBeLessThanOrEqual(100);

  await openAsStaff(page, auditor, '/admin/audit');
  await page.getByLabel('Member e-mail').fill(member.email);
  await page.getByRole('button', { name: 'Filter' }).click();
  const list = page.getByRole('list', { name: 'Audit events, newest first' });
  const events = list.getByRole('article');
  // The unfiltered page has 50 events too: count once the filtered answer is in.
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(events).toHaveCount(50);
  const ids = async () =>
    (await events.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? ''))).map((label) =>
      label.replace(/:.*$/, '').replace('Event ', ''),
    );
  const first = await ids();
  await page.getByRole('button', { name: 'Older' }).click();
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(events).toHaveCount(expected.length - 50);
  const second = await ids();
  expect([...first, ...second]).toEqual(expected);
  await expect(page.getByRole('button', { name: 'Older' })).toBeDisabled();
  await page.getByRole('button', { name: 'Newer' }).click();
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(events).toHaveCount(50);
  expect(await ids()).toEqual(first);
  await expect(page.getByRole('button', { name: 'Newer' })).toBeDisabled();
});
