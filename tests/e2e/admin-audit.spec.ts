import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { adminSignIn, runTag } from './admin-helpers';
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
  const { data: profile } = await serviceClient()
    .from('profiles')
    .select('version')
    .eq('id', member.id)
    .single();
  const reason = `Referral fix ${tag}`;
  const proposed = await (
    await signedInAdminClient(finance)
  ).rpc('propose_balances', {
    p_user_id: member.id,
    p_expected_version: (profile as { version: number }).version,
    p_balances: { referral: '4.00' },
    p_reason: reason,
  });
  expect(proposed.error).toBeNull();

  await adminSignIn(page, auditor);
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await page.waitForURL('**/admin/audit');
  await page.getByLabel('Kind').selectOption('proposal_open');
  await page.getByLabel('Member e-mail').fill(member.email);
  await page.getByRole('button', { name: 'Filter' }).click();
  const events = page.getByRole('list', { name: 'Audit events, newest first' }).getByRole('article');
  await expect(events).toHaveCount(1);
  await expect(events.first()).toContainText(`By ${finance.email} (finance)`);
  await expect(events.first()).toContainText(`Reason: ${reason}`);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await download).path()) ?? '', 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('Event,Time (UTC),Kind,Actor,Role,Member,Before,After,Reason');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`proposal_open,${finance.email},finance,${member.email}`);
  expect(lines[1]).toContain(reason);

  await page.getByRole('button', { name: 'Verify chain' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Intact: all \d+ events check out/);
});
