import { supabase } from './supabase';
import { toDbError } from './db-errors';
import { watchTable, type FeedHandlers } from './realtime';

/*
 * The member's own freeze of their withdrawals (the "freeze" button: lost phone, suspected
 * compromise). Freezing is immediate; lifting it is a staff decision under four eyes, which this
 * feed shows as soon as it is approved.
 */

/** Whether the member's withdrawals are frozen (their own withdrawal_freezes row not yet lifted). */
export async function withdrawalsFrozen(userId: string): Promise<boolean> {
  const { data, error } = await supabase()
    .from('withdrawal_freezes')
    .select('user_id')
    .eq('user_id', userId)
    .is('lifted_at', null)
    .maybeSingle();
  if (error) throw toDbError(error, 'Your withdrawal status could not be loaded.');
  return data !== null;
}

/** The freeze, kept live: lifting it (an approved proposal) shows up at once. */
export function watchFreeze(userId: string, handlers: FeedHandlers<boolean>): () => void {
  return watchTable(
    [{ table: 'withdrawal_freezes', filter: `user_id=eq.${userId}` }],
    () => withdrawalsFrozen(userId),
    handlers,
  );
}

/** Freezes the member's withdrawals at once (no step-up); calling it again changes nothing. */
export async function freezeWithdrawals(reason?: string): Promise<void> {
  const trimmed = reason?.trim();
  const { error } = await supabase().rpc('freeze_withdrawals', trimmed ? { p_reason: trimmed } : {});
  if (error) throw toDbError(error, 'Withdrawals could not be frozen.');
}
