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
  openSignedIn,
} from './support/users';

/**
 * The statement CSV a member downloads holds exactly the rows of their ledger, in ledger order: the
 * lines of corrections, of a credited deposit (its text names the quantity and asset) and texts a
 * spreadsheet would run. Entries sharing one timestamp are covered where they can be made directly
 * (tests/unit/exports.test.ts): every transfer here is its own transaction.
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

test('the statement CSV equals the ledger row by row: corrections, a credited deposit and formula-like text', async ({
  page,
}) => {
  const member = await createMember({ username: 'Exa Export' });
  // Operator corrections of three accounts: three entries.
  await setBalances(
    member.id,
    { interest_wallet: '1500.00', referral: '12.34', total_invest: '1000.00' },
    'Opening, with "quotes", commas\nand a second line',
  );
  // A credited deposit: one line on the Deposit Wallet (Total Deposit is a sum, not an account).
  const memberClient = await signedInClient(member);
  const notice = await memberClient.rpc('file_deposit_notice', {
    p_wallet_id: 2,
    p_quantity: '0.2505',
    p_tx_id: `0x${randomBytes(32).toString('hex')}`,
  });
  expect(notice.error).toBeNull();
  expect(await creditDepositNotice((notice.data as { id: number }).id, '1000')).toBe('250.50');
  // Two more accounts, and a text a spreadsheet would run as a formula.
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
  expect(ledger).toHaveLength(3 + 1 + 2 + 1);
  expect(ledger[3]).toMatchObject({
    account: 'deposit_wallet',
    reason: expect.stringMatching(/0\.2505 ETH/),
  });

  await openSignedIn(page, member, '/user/statement');
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
