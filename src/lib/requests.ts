import { supabase } from './supabase';
import { toDbError } from './db-errors';
import { watchTable, type FeedHandlers } from './realtime';

/** Deposit notices and withdrawal requests as the member sees them; money as text. */
export interface DepositNotice {
  kind: 'deposit';
  id: string;
  wallet_id: number;
  amount: string;
  tx_id: string;
  status: 'pending' | 'confirmed' | 'rejected';
  review_note: string;
  created_at: string;
}

export interface WithdrawalRequest {
  kind: 'withdrawal';
  id: string;
  wallet_id: number;
  amount: string;
  destination_address: string;
  destination_tag: string;
  status: 'pending' | 'approved' | 'rejected' | 'paid' | 'cancelled';
  review_note: string;
  created_at: string;
}

export type MemberRequest = DepositNotice | WithdrawalRequest;

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

function toNotice(r: Record<string, unknown>): DepositNotice {
  return {
    kind: 'deposit',
    id: text(r.id),
    wallet_id: Number(r.wallet_id),
    amount: text(r.amount),
    tx_id: text(r.tx_id),
    status: text(r.status) as DepositNotice['status'],
    review_note: text(r.review_note),
    created_at: text(r.created_at),
  };
}

function toWithdrawal(r: Record<string, unknown>): WithdrawalRequest {
  return {
    kind: 'withdrawal',
    id: text(r.id),
    wallet_id: Number(r.wallet_id),
    amount: text(r.amount),
    destination_address: text(r.destination_address),
    destination_tag: text(r.destination_tag),
    status: text(r.status) as WithdrawalRequest['status'],
    review_note: text(r.review_note),
    created_at: text(r.created_at),
  };
}

function parseJson(data: unknown): Record<string, unknown> | null {
  const value: unknown = typeof data === 'string' ? JSON.parse(data) : data;
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
}

/**
 * Files a deposit notice; the database validates the amount and stores the transaction id in its
 * network's canonical form (src/lib/transaction-ids.ts has the same rules).
 */
export async function fileDepositNotice(
  walletId: number,
  amount: string,
  txId: string,
): Promise<DepositNotice> {
  const { data, error } = await supabase().rpc('file_deposit_notice', {
    p_wallet_id: walletId,
    p_amount: amount.trim(),
    p_tx_id: txId,
  });
  if (error) throw toDbError(error, 'Your deposit notice could not be filed.');
  const row = parseJson(data);
  if (!row?.id) throw new Error('Your deposit notice could not be filed: unexpected response.');
  return toNotice(row);
}

export interface WithdrawalInput {
  walletId: number;
  amount: string;
  destinationAddress: string;
  destinationTag?: string | undefined;
}

/** Files a withdrawal request; the database checks the amount against the withdrawable balance. */
export async function fileWithdrawalRequest(input: WithdrawalInput): Promise<WithdrawalRequest> {
  const tag = input.destinationTag?.trim();
  const { data, error } = await supabase().rpc('file_withdrawal_request', {
    p_wallet_id: input.walletId,
    p_amount: input.amount.trim(),
    p_destination_address: input.destinationAddress.trim(),
    // Omitted when empty: the function's default (null) applies.
    ...(tag ? { p_destination_tag: tag } : {}),
  });
  if (error) throw toDbError(error, 'Your withdrawal request could not be filed.');
  const row = parseJson(data);
  if (!row?.id) throw new Error('Your withdrawal request could not be filed: unexpected response.');
  return toWithdrawal(row);
}

/**
 * Cancels one of the member's own withdrawal requests while it is not yet paid (pending or approved):
 * its hold on the Interest Wallet is released, and the database records and announces it.
 */
export async function cancelWithdrawalRequest(id: string): Promise<void> {
  const { error } = await supabase().rpc('cancel_withdrawal_request', { p_request_id: Number(id) });
  if (error) throw toDbError(error, 'Your withdrawal request could not be cancelled.');
}

/** Interest Wallet minus what pending and approved requests hold (decimal text). */
export async function withdrawableBalance(): Promise<string> {
  const { data, error } = await supabase().rpc('withdrawable_balance');
  if (error) throw toDbError(error, 'Your withdrawable balance could not be loaded.');
  if (data === null || data === undefined) throw new Error('Your withdrawable balance could not be loaded.');
  return String(data);
}

/** The member's notices and requests, newest first. */
export async function listMyRequests(userId: string): Promise<MemberRequest[]> {
  const client = supabase();
  const [notices, withdrawals] = await Promise.all([
    client
      .from('deposit_notices')
      .select('id, wallet_id, amount::text, tx_id, status, review_note, created_at')
      .eq('user_id', userId)
      .order('created_at', { ascending: false }),
    client
      .from('withdrawal_requests')
      .select(
        'id, wallet_id, amount::text, destination_address, destination_tag, status, review_note, created_at',
      )
      .eq('user_id', userId)
      .order('created_at', { ascending: false }),
  ]);
  if (notices.error) throw toDbError(notices.error, 'Your deposit notices could not be loaded.');
  if (withdrawals.error) throw toDbError(withdrawals.error, 'Your withdrawal requests could not be loaded.');
  const all: MemberRequest[] = [
    ...((notices.data ?? []) as Record<string, unknown>[]).map(toNotice),
    ...((withdrawals.data ?? []) as Record<string, unknown>[]).map(toWithdrawal),
  ];
  return all.sort((a, b) => b.created_at.localeCompare(a.created_at));
}

export interface RequestsSnapshot {
  requests: MemberRequest[];
  withdrawable: string;
}

/** Live list of the member's notices and requests plus the withdrawable balance. */
export function watchMyRequests(userId: string, handlers: FeedHandlers<RequestsSnapshot>): () => void {
  return watchTable(
    [
      { table: 'withdrawal_requests', filter: `user_id=eq.${userId}` },
      { table: 'deposit_notices', filter: `user_id=eq.${userId}` },
      // The withdrawable amount moves with the Interest Wallet too.
      { table: 'profiles', filter: `id=eq.${userId}` },
    ],
    async () => {
      const [requests, withdrawable] = await Promise.all([listMyRequests(userId), withdrawableBalance()]);
      return { requests, withdrawable };
    },
    handlers,
  );
}
