import { supabase } from './supabase';
import { toAdminError as toDbError } from './admin/errors';
import { ACCOUNT_LABELS, type BalanceAccount } from './admin/balances';

/** One line of the member's statement; money as text. */
export interface LedgerEntry {
  id: string;
  account: BalanceAccount;
  delta: string;
  balance_before: string;
  balance_after: string;
  reason: string;
  source: string;
  created_at: string;
}

export function accountLabel(account: string): string {
  return (ACCOUNT_LABELS as Record<string, string>)[account] ?? account;
}

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** One row from my_ledger or admin_user_ledger; null columns become empty text. */
export function toLedgerEntry(r: Record<string, unknown>): LedgerEntry {
  return {
    id: text(r.id),
    account: text(r.account) as BalanceAccount,
    delta: text(r.delta),
    balance_before: text(r.balance_before),
    balance_after: text(r.balance_after),
    reason: text(r.reason),
    source: text(r.source),
    created_at: text(r.created_at),
  };
}

/** The signed-in member's ledger (rpc my_ledger), oldest first so running balances read naturally. */
export async function myLedger(): Promise<LedgerEntry[]> {
  const { data, error } = await supabase().rpc('my_ledger');
  if (error) throw toDbError(error, 'Your statement could not be loaded.');
  if (!Array.isArray(data)) throw new Error('Your statement could not be loaded: unexpected response.');
  const rows = (data as Record<string, unknown>[]).map(toLedgerEntry);
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at) || Number(a.id) - Number(b.id));
}

/**
 * Points for a balance-over-time chart of one account. Chart geometry only: the y values are
 * approximate by nature (pixels), while every amount a person reads is formatted from the text.
 */
export function chartSeries(
  entries: LedgerEntry[],
  account: BalanceAccount,
): { t: number; y: number; label: string }[] {
  return entries
    .filter((e) => e.account === account)
    .map((e) => ({ t: Date.parse(e.created_at), y: Number(e.balance_after), label: e.balance_after }));
}
