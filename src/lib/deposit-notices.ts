import { supabase } from './supabase';
import { toDbError } from './db-errors';
import { watchTable, type FeedHandlers } from './realtime';
import { NOTICE_COLUMNS, toNotice, type DepositNotice } from './requests';
import { answerObject } from './column-text';

// The deposit page's own calls, apart from requests.ts so the withdraw page does not load them.

/**
 * Files a deposit notice for the quantity of the wallet's asset the member sent; the database checks
 * the quantity against the asset's precision and stores the transaction id in its network's
 * canonical form (src/lib/transaction-ids.ts has the same rules).
 */
export async function fileDepositNotice(
  walletId: number,
  quantity: string,
  txId: string,
): Promise<DepositNotice> {
  const { data, error } = await supabase().rpc('file_deposit_notice', {
    p_wallet_id: walletId,
    p_quantity: quantity.trim(),
    p_tx_id: txId,
  });
  if (error) throw toDbError(error, 'Your deposit notice could not be filed.');
  const row = answerObject(data);
  if (!row?.id) throw new Error('Your deposit notice could not be filed: unexpected response.');
  return toNotice(row);
}

/** The member's deposit notices, newest first. */
export async function listMyNotices(userId: string): Promise<DepositNotice[]> {
  const { data, error } = await supabase()
    .from('deposit_notices')
    .select(NOTICE_COLUMNS)
    .eq('user_id', userId)
    .order('created_at', { ascending: false });
  if (error) throw toDbError(error, 'Your deposit notices could not be loaded.');
  return ((data ?? []) as Record<string, unknown>[]).map(toNotice);
}

/** Live list of the member's deposit notices (the deposit page). */
export function watchMyNotices(userId: string, handlers: FeedHandlers<DepositNotice[]>): () => void {
  return watchTable(
    [{ table: 'deposit_notices', filter: `user_id=eq.${userId}` }],
    () => listMyNotices(userId),
    handlers,
  );
}
