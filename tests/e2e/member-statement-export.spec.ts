import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ACCOUNT_LABELS } from '../../src/lib/accounts';
import { parseCsv } from '../support/csv';
import {
  createMember,
  creditDepositNotice,
  serviceClient,
  setBalances,
  signedInClient,
  signInThroughUi,
} from './support/users';

/**
 * The statement CSV a member downloads holds exactly the rows of their ledger, in ledger order,
 * including entries one transaction wrote with the same timestamp (an admin save touching several
 * accounts, a confirmed deposit crediting two).
 */

interface LedgerRow {
  id: number;
  account: string;
  delta: string;
  balance_before: string;
  balance_after: string;
  reason: string;
  created_at: string;
}

test('the statement CSV equals the ledger row by row, same-timestamp entries included', async ({ page }) => {
  const member = await createMember({ username: 'Exa Export' });
  // One admin save touching three accounts: three entries, one transaction, one timestamp.
  await setBalances(
    member.id,
    { interest_wallet: '1500.00', referral: '12.34', total_invest: '1000.00' },
    'Opening, with "quotes", commas\nand a second line',
  );
  // A confirmed deposit credits the Deposit Wallet and Total Deposit in one transaction.
  const memberClient = await signedInClient(member);
  const notice = await memberClient.rpc('file_deposit_notice', {
    p_wallet_id: 2,
    p_amount: '250.50',
    p_tx_id: `0x${randomBytes(32).toString('hex')}`,
  });
  expect(notice.error).toBeNull();
  await creditDepositNotice((notice.data as { id: number }).id);
  // Another two-account save, and one whose reason a spreadsheet would run as a formula.
  await setBalances(
    member.id,
    { interest_wallet: '1499.99', deposit_wallet: '0.01' },
    'Two accounts at once',
  );
  await setBalances(member.id, { referral: '0.00' }, '=1+1');

  const { data, error } = await serviceClient()
    .from('ledger_entries')
    .select('id, account, delta, balance_before, balance_after, reason, created_at')
    .eq('user_id', member.id)
    .order('created_at')
    .order('id');
  expect(error).toBeNull();
  const ledger = data as LedgerRow[];
  expect(ledger).toHaveLength(3 + 2 + 2 + 1);
  // The fixture really has entries sharing a timestamp: three, two and two of them.
  const perMoment = [...Map.groupBy(ledger, (r) => r.created_at).values()].map((group) => group.length);
  expect(perMoment).toEqual([3, 2, 2, 1]);

  await signInThroughUi(page, member, '/user/statement');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(ledger.length + 1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const [header, ...rows] = parseCsv(readFileSync(await download.path(), 'utf8'));
  expect(header).toEqual(['Date (UTC)', 'Account', 'Change', 'Balance before', 'Balance after', 'Reason']);

  const money = (value: string | number) => Number(value).toFixed(2);
  const expected = ledger.map((r) => [
    new Date(r.created_at).toISOString(),
    ACCOUNT_LABELS[r.account as keyof typeof ACCOUNT_LABELS] ?? r.account,
    money(r.delta),
    money(r.balance_before),
    money(r.balance_after),
    // A leading "=" is defused with an apostrophe; everything else is the stored text.
    r.reason.startsWith('=') ? `'${r.reason}` : r.reason,
  ]);
  expect(rows).toEqual(expected);
});
