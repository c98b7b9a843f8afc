import { supabase } from './supabase';
import { toDbError } from './db-errors';
import { columnText as text } from './column-text';
import type { LedgerAccount } from './accounts';

/** One of the member's ledger accounts: balance, what open withdrawals reserve, and what is left. */
export interface MemberAccount {
  account: LedgerAccount;
  balance: string;
  reserved: string;
  available: string;
  withdrawable: boolean;
}

/** The member's four accounts (my_accounts), decimal text as the database wrote it. */
export async function myAccounts(): Promise<MemberAccount[]> {
  const { data, error } = await supabase().rpc('my_accounts');
  if (error) throw toDbError(error, 'Your available balances could not be loaded.');
  if (!Array.isArray(data)) throw new Error('Your available balances could not be loaded.');
  return (data as Record<string, unknown>[]).map((r) => ({
    account: text(r.account) as LedgerAccount,
    balance: text(r.balance),
    reserved: text(r.reserved),
    available: text(r.available),
    withdrawable: r.withdrawable === true,
  }));
}
