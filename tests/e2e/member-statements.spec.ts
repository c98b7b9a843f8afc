import { expect, test, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { openAsStaff } from './admin-helpers';
import { supabaseUrl } from './support/env';
import {
  createAdmin,
  createMember,
  serviceClient,
  setBalances,
  signedInClient,
  openSignedIn,
} from './support/users';
import { runStatementJob } from '../../scripts/statements/job';
import { verifyStatementPdf } from '../../scripts/statements/sign';
import { statementCsv } from '../../src/lib/statement-csv';
import type { StatementData } from '../../src/lib/statement-data';
import { saveScreen } from './support/screens';
import { backdate, monthBeforeLast } from './support/statements';

/**
 * Monthly statements as a client and an auditor meet them (issue 34, docs/statements.md): a member
 * whose history is in a closed month gets that month's statement from the job; on /user/statement
 * they download the signed PDF (which verifies, and is the file whose hash the firm recorded) and the
 * CSV (equal to the statement's data line by line); they are told it is ready; another member cannot
 * read the files; the live view shows the same month's opening and closing balances; an auditor
 * sees the run and the member's statements on /admin/statements.
 *
 * The month is the one before last in Hong Kong time: always closed, whenever the suite runs.
 */
async function download(page: Page, name: RegExp) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name }).click(),
  ]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

test('a closed month: the member downloads a signed PDF and a CSV equal to the statement, is told, and nobody else can read them', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { month, mid, first, last } = monthBeforeLast();
  const stella = await createMember({ username: 'Stella <Statement> & Co' });
  const other = await createMember({ username: 'Otto Other' });
  await setBalances(stella.id, { deposit_wallet: '1000.00', interest_wallet: '250.50' }, 'Opening balance');
  await backdate(stella.id, mid);

  const log: string[] = [];
  const result = await runStatementJob(serviceClient(), { month, workers: 1, log: (line) => log.push(line) });
  expect(result.failed, log.join('\n')).toBe(0);
  expect(result.published).toBeGreaterThan(0);

  const { data: row, error } = await serviceClient()
    .from('statements')
    .select('id, reference, data, statement_files(kind, path, sha256)')
    .eq('user_id', stella.id)
    .single();
  expect(error).toBeNull();
  const statement = row as {
    reference: string;
    data: StatementData;
    statement_files: Array<{ kind: string; path: string; sha256: string }>;
  };
  const label = statement.data.period.label;

  await openSignedIn(page, stella, '/user/statement');
  const monthly = page.getByRole('region', { name: 'Monthly statements' });
  await expect(monthly.getByText(label)).toBeVisible();
  await expect(monthly.getByText(statement.reference)).toBeVisible();

  const csv = await download(page, new RegExp(`Download the ${label} statement as CSV`));
  expect(csv.name).toBe(`liquid-capital-statement-${statement.reference}.csv`);
  expect(csv.bytes.toString('utf8')).toBe(statementCsv(statement.data));

  const pdf = await download(page, new RegExp(`Download the ${label} statement as PDF`));
  expect(pdf.name).toBe(`liquid-capital-statement-${statement.reference}.pdf`);
  expect(verifyStatementPdf(pdf.bytes).commonName).toMatch(/Liquid Capital Limited/);
  const recorded = statement.statement_files.find((f) => f.kind === 'pdf')!;
  expect(createHash('sha256').update(pdf.bytes).digest('hex')).toBe(recorded.sha256);

  // The member is told, without figures.
  await page.goto('/user/notifications');
  await expect(
    page.getByText(`Your ${label} statement is ready. Download it on your Statement page.`),
  ).toBeVisible();

  // The live view of the same month: opening and closing from the same ledger.
  await page.goto('/user/statement');
  await page.getByLabel('Period', { exact: true }).selectOption('custom');
  await page.getByLabel('First day').fill(first);
  await page.getByLabel('Last day').fill(last);
  const deposit = page
    .getByRole('list', { name: 'Opening and closing balances' })
    .getByRole('listitem')
    .filter({
      hasText: 'Deposit Wallet',
    });
  await expect(deposit).toContainText('Opening$0.00');
  await expect(deposit).toContainText('Closing$1,000.00');
  await expect(page.locator('figcaption')).toContainText('$0.00 at the start, $1,250.50 at the end.');

  for (const width of [360, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
    await saveScreen(page, `member-statement-${width}.png`, { fullPage: true });
  }

  // Another member, signed in, reaches neither file: not by path, not by a signed URL.
  const otto = await signedInClient(other);
  for (const file of statement.statement_files) {
    const read = await otto.storage.from('statements').download(file.path);
    expect(read.data).toBeNull();
    expect((read.error as { statusCode?: string } | null)?.statusCode).toBe('404');
    const signed = await otto.storage.from('statements').createSignedUrl(file.path, 60);
    expect(signed.data).toBeNull();
  }
  // Nor anyone without a session.
  const anonymous = await fetch(
    `${supabaseUrl}/storage/v1/object/statements/${statement.statement_files[0]!.path}`,
  );
  expect(anonymous.ok).toBe(false);

  // An auditor sees the run and opens the member's statements.
  const auditor = await createAdmin({ role: 'auditor' });
  const staffPage = await (await browser.newContext()).newPage();
  await openAsStaff(staffPage, auditor, '/admin/statements');
  const runs = staffPage.getByRole('list', { name: 'Statement runs' });
  await expect(runs.getByRole('listitem').filter({ hasText: label }).first()).toContainText('with files');
  await staffPage.getByLabel('Account number or e-mail address').fill(statement.data.member.account_number);
  await staffPage.getByRole('button', { name: 'Show statements' }).click();
  await expect(staffPage.getByText(statement.reference)).toBeVisible();
  const staffCsv = await download(staffPage, new RegExp(`Download the ${label} statement as CSV`));
  expect(staffCsv.bytes.toString('utf8')).toBe(statementCsv(statement.data));
  for (const width of [360, 768, 1440]) {
    await staffPage.setViewportSize({ width, height: 900 });
    const overflow = await staffPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
    await saveScreen(staffPage, `admin-statements-${width}.png`, { fullPage: true });
  }
});
