import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { parseCsv } from '../support/csv';
import { saveScreen } from './support/screens';
import { runTag, openAsStaff } from './admin-helpers';
import { createAdmin, createMember, serviceClient, setBalances, signedInAdminClient } from './support/users';

test('an auditor filters the audit log, exports the filtered set as CSV and verifies the chain', async ({
  page,
}) => {
  const tag = runTag();
  const [finance, auditor] = await Promise.all([
    createAdmin({ username: `fin${tag}`, role: 'finance' }),
    createAdmin({ username: `aud${tag}`, role: 'auditor' }),
  ]);
  const member = await createMember({ username: `erin${tag}` });
  await setBalances(member.id, { referral: '3.00' });
  const reason = `Referral fix ${tag}`;
  const proposed = await (
    await signedInAdminClient(finance)
  ).rpc('propose_correction', {
    p_user_id: member.id,
    p_account: 'referral',
    p_amount: '1.00',
    p_category: 'error_correction',
    p_client_text: reason,
    p_internal_note: `Ticket ${tag}`,
  });
  expect(proposed.error).toBeNull();

  await openAsStaff(page, auditor);
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await page.waitForURL('**/admin/audit');
  // The correction is a pending transfer: its first phase is in the log.
  // Kinds are words in the filter; each event reads as a sentence, its ids behind Details.
  await page.getByLabel('Kind').selectOption({ label: 'Transfer proposed or reserved' });
  await page.getByLabel('Member e-mail').fill(member.email);
  await page.getByRole('button', { name: 'Filter' }).click();
  const events = page.getByRole('list', { name: 'Audit events, newest first' }).getByRole('article');
  await expect(events).toHaveCount(1);
  await expect(events.first()).toContainText(
    `Finance admin ${finance.email} proposed a correction of $1.00 for ${member.email}’s Referral Earnings: ${reason}`,
  );
  const details = events.first().getByText(/^Event #\d+ · transfer_pending · /);
  await expect(details).toBeHidden();
  await events.first().getByText('Details', { exact: true }).click();
  await expect(details).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await download).path()) ?? '', 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('Event,Time (UTC),Kind,Actor,Role,Member,Before,After,Reason');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`transfer_pending,${finance.email},finance,${member.email}`);
  expect(lines[1]).toContain(reason);

  const verification = page.getByRole('region', { name: 'Chain verification' }).getByRole('status');
  await page.getByRole('button', { name: 'Verify chain' }).click();
  await expect(verification).toHaveText(/^Intact: all [\d,]+ events check out \(up to event #\d+\)\.$/);
});

test('the chain is verified range by range, each after the last, with its progress shown', async ({
  page,
}) => {
  const auditor = await createAdmin({ username: `aud${runTag()}`, role: 'auditor' });
  const onePass = await serviceClient().rpc('verify_audit_chain');
  expect(onePass.error).toBeNull();
  const before = onePass.data as { intact: boolean; checked: number };
  expect(before.intact).toBe(true);
  const size = Math.max(1, Math.floor(before.checked / 4));

  // The page asks for ranges of 200,000 events; the test asks the server for a quarter of this log
  // at a time instead, so it takes five ranges, and holds the second answer back to read the progress.
  type Range = { intact: boolean; done: boolean; checked: number; intact_through: number };
  const calls: { after: number | null; range: Range }[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/rest/v1/rpc/verify_audit_chain', async (route) => {
    const asked = route.request().postDataJSON() as { p_after_id?: number; p_limit: number };
    expect(asked.p_limit).toBe(200_000);
    const response = await route.fetch({ postData: JSON.stringify({ ...asked, p_limit: size }) });
    const range = (await response.json()) as Range;
    calls.push({ after: asked.p_after_id ?? null, range });
    if (calls.length === 2) await held;
    await route.fulfill({ response });
  });

  await openAsStaff(page, auditor);
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await page.waitForURL('**/admin/audit');
  const verification = page.getByRole('region', { name: 'Chain verification' }).getByRole('status');
  await page.getByRole('button', { name: 'Verify chain' }).click();
  await expect(verification).toHaveText(`Verifying… ${size.toLocaleString('en-US')} events checked so far.`);
  await expect(page.getByRole('button', { name: 'Verify chain' })).toBeDisabled();
  release();
  await expect(verification).toHaveText(/^Intact: /, { timeout: 30_000 });

  expect(calls.length).toBeGreaterThanOrEqual(5);
  const last = calls[calls.length - 1]!.range;
  const checked = calls.reduce((sum, call) => sum + call.range.checked, 0);
  expect(calls[0]!.after).toBeNull();
  calls.slice(1).forEach((call, i) => expect(call.after).toBe(calls[i]!.range.intact_through));
  for (const call of calls.slice(0, -1))
    expect(call.range).toMatchObject({ intact: true, done: false, checked: size });
  expect(last).toMatchObject({ intact: true, done: true });
  // Other tests may write events meanwhile: the walk reaches at least the log as it was before.
  expect(checked).toBeGreaterThanOrEqual(before.checked);
  await expect(verification).toHaveText(
    `Intact: all ${checked.toLocaleString('en-US')} events check out (up to event #${last.intact_through}).`,
  );
  await expect(page.getByRole('button', { name: 'Verify chain' })).toBeEnabled();
});

test('an auditor takes an anchor, checks it later, and a changed or mistyped one is told apart', async ({
  page,
}) => {
  const auditor = await createAdmin({ username: `aud${runTag()}`, role: 'auditor' });
  await openAsStaff(page, auditor);
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await page.waitForURL('**/admin/audit');
  const panel = page.getByRole('region', { name: 'Audit anchors' });
  await panel.getByRole('button', { name: 'Take an anchor' }).click();
  const taken = panel.getByRole('status').filter({ hasText: /^Anchor: / });
  await expect(taken).toContainText(/^Anchor: event #\d+ \(/);
  const eventId = Number((await taken.textContent())?.match(/#(\d+)/)?.[1]);
  const hash = (await taken.locator('code').textContent()) ?? '';
  // What the page shows is the event's stored hash.
  const { data: stored } = await serviceClient()
    .from('audit_events')
    .select('hash')
    .eq('id', eventId)
    .single();
  expect(hash).toBe((stored as { hash: string }).hash);
  expect(hash).toMatch(/^[0-9a-f]{64}$/);

  const checks: string[] = [];
  page.on('request', (r) => r.url().includes('/rpc/check_audit_anchor') && checks.push(r.url()));
  const eventField = panel.getByLabel('Event number');
  const hashField = panel.getByLabel('Hash kept with it');
  const verdict = panel.getByRole('status').filter({ hasText: /^Event #/ });

  // Kept as copied, with a stray space and in capitals: the same anchor.
  await eventField.fill(`#${eventId}`);
  await hashField.fill(` ${hash.toUpperCase()} `);
  await panel.getByRole('button', { name: 'Check anchor' }).click();
  await expect(verdict).toHaveText(
    `Event #${eventId} still has the hash you kept: the log up to it has not been rewritten since the anchor was taken.`,
  );

  // One character different: the log up to it is not the one anchored.
  const other = `${hash.slice(0, -1)}${hash.endsWith('0') ? '1' : '0'}`;
  await hashField.fill(other);
  await panel.getByRole('button', { name: 'Check anchor' }).click();
  await expect(verdict).toHaveText(
    `Event #${eventId} no longer has the hash you kept: the log up to it was rewritten.`,
  );
  expect(checks).toHaveLength(2);

  // Not an anchor at all: said beside the fields, nothing sent.
  await hashField.fill('not a hash');
  await panel.getByRole('button', { name: 'Check anchor' }).click();
  await expect(panel.getByRole('alert')).toHaveText(
    'An anchor is an event number and the 64-character hash kept with it.',
  );
  await expect(eventField).toHaveAttribute('aria-invalid', 'true');
  await expect(hashField).toHaveAttribute('aria-invalid', 'true');
  await expect(eventField).toBeFocused();
  await expect(verdict).toHaveCount(0);
  expect(checks).toHaveLength(2);
});

test('the CSV holds the whole filtered set past the API’s 1,000 rows a request', async ({ page }) => {
  const auditor = await createAdmin({ username: `aud${runTag()}`, role: 'auditor' });
  test.setTimeout(180_000);
  const member = await createMember({ username: `many${runTag()}` });
  // Each save moves all four accounts: four ledger_entry events. 255 saves: 1,020 events, one more
  // page than the API answers at once.
  const accounts = ['interest_wallet', 'deposit_wallet', 'total_invest', 'referral'] as const;
  for (let i = 1; i <= 255; i += 1) {
    await Promise.all(accounts.map((a) => setBalances(member.id, { [a]: `${i}.00` }, `Save ${i}`)));
  }
  await openAsStaff(page, auditor);
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await page.waitForURL('**/admin/audit');
  await page.getByLabel('Kind').selectOption({ label: 'Balance line' });
  await page.getByLabel('Member e-mail').fill(member.email);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(
    page.getByRole('list', { name: 'Audit events, newest first' }).getByRole('article'),
  ).toHaveCount(50);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const [header, ...rows] = parseCsv(await readFile((await (await download).path()) ?? '', 'utf8'));
  expect(header?.[0]).toBe('Event');
  expect(rows).toHaveLength(255 * accounts.length);
  // Each event once, newest first.
  const ids = rows.map((r) => Number(r[0]));
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toEqual([...ids].sort((a, b) => b - a));
  expect(rows.at(-1)?.[8]).toBe('Save 1');
});

test('while a filter loads, the last answer is dimmed and cannot be paged from; then only the filtered events', async ({
  page,
}) => {
  const tag = runTag();
  const auditor = await createAdmin({ username: `aul${tag}`, role: 'auditor' });
  const member = await createMember({ username: `ada${tag}` });
  await setBalances(member.id, { referral: '2.00' }, `Loading ${tag}`);
  // Another member's 26 corrections (52 events): the whole log is more than one page.
  const other = await createMember({ username: `adb${tag}` });
  for (let i = 1; i <= 26; i++) await setBalances(other.id, { referral: `${i}.00` }, `Other ${i}`);
  await openAsStaff(page, auditor, '/admin/audit');
  const list = page.getByRole('list', { name: 'Audit events, newest first' });
  await expect(list).toHaveAttribute('aria-busy', 'false');
  // The whole log's newest page: more than one page of events.
  await expect(list.getByRole('article')).toHaveCount(50);
  await expect(page.getByRole('button', { name: 'Older' })).toBeEnabled();

  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/rest\/v1\/audit_events\?.*member_id=eq\./, async (route) => {
    await released;
    await route.continue();
  });
  await page.getByLabel('Member e-mail').fill(member.email);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading events…' })).toBeVisible();
  await expect(list).toHaveAttribute('aria-busy', 'true');
  await expect(list).toHaveClass(/opacity-50/);
  await expect(page.getByRole('button', { name: 'Older' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Newer' })).toBeDisabled();
  await expect(page.getByText('No events match.')).toHaveCount(0);
  for (const width of [360, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreen(page, `admin-audit-loading-${width}.png`);
  }

  release();
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByText('Loading events…')).toHaveCount(0);
  await expect(list).not.toHaveClass(/opacity-50/);
  const events = list.getByRole('article');
  await expect(events).toHaveCount(2);
  for (const text of await events.allTextContents()) expect(text).toContain(member.email);
  await expect(page.getByRole('button', { name: 'Older' })).toBeDisabled();
});
