import { supabase } from './supabase';
import { toDbError } from './db-errors';
import { answerObject, columnText as text } from './column-text';
import { compareTimestamps } from './db-timestamps';
import { myAccounts, type MemberAccount } from './my-accounts';
import { watchTable, type FeedHandlers } from './realtime';
import { isWithdrawableAccount, type WithdrawableAccount } from './accounts';

/**
 * Deposit notices and withdrawal requests as the member sees them; money and quantities as text.
 * A notice carries what the member sent (quantity of an asset); its USD value is set when finance
 * values it, and credited once a second admin approves (docs/money-and-trust.md).
 */
export interface DepositNotice {
  kind: 'deposit';
  id: string;
  wallet_id: number;
  asset: string;
  /** What the member sent, in the asset ("0.5"). */
  quantity: string;
  /** The USD value finance set ('' until valued). */
  amount: string;
  /** The USD amount credited ('' until credited). */
  credited_amount: string;
  tx_id: string;
  /** pending: filed; valued: valued by finance, a second admin must approve; confirmed: credited. */
  status: 'pending' | 'valued' | 'confirmed' | 'rejected';
  review_note: string;
  created_at: string;
}

export interface WithdrawalRequest {
  kind: 'withdrawal';
  id: string;
  wallet_id: number;
  /** The account it is paid from (reserved there since filing). */
  account: WithdrawableAccount | '';
  amount: string;
  destination_address: string;
  destination_tag: string;
  status: 'pending' | 'approved' | 'rejected' | 'paid' | 'cancelled';
  /** Set when paid: the asset and quantity sent, and the network fee the member bore ('' before). */
  asset: string;
  quantity: string;
  network_fee: string;
  review_note: string;
  created_at: string;
}

export type MemberRequest = DepositNotice | WithdrawalRequest;

/**
 * A notice's or request's asset: the answer of a function has it as `asset`; a table read embeds the
 * wallet (`wallet:deposit_wallets(asset)`).
 */
function assetOf(r: Record<string, unknown>): string {
  if (r.asset !== undefined && r.asset !== null) return text(r.asset);
  const wallet = r.wallet as { asset?: unknown } | null | undefined;
  return text(wallet?.asset);
}

export function toNotice(r: Record<string, unknown>): DepositNotice {
  return {
    kind: 'deposit',
    id: text(r.id),
    wallet_id: Number(r.wallet_id),
    asset: assetOf(r),
    quantity: text(r.quantity),
    amount: text(r.amount),
    credited_amount: text(r.credited_amount),
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
    account: isWithdrawableAccount(r.account) ? r.account : '',
    amount: text(r.amount),
    destination_address: text(r.destination_address),
    destination_tag: text(r.destination_tag),
    status: text(r.status) as WithdrawalRequest['status'],
    asset: assetOf(r),
    quantity: text(r.quantity),
    network_fee: text(r.network_fee),
    review_note: text(r.review_note),
    created_at: text(r.created_at),
  };
}

export interface WithdrawalInput {
  walletId: number;
  account: WithdrawableAccount;
  amount: string;
  destinationAddress: string;
  destinationTag?: string | undefined;
}

/** Files a withdrawal request; the database reserves the amount in the chosen account. */
export async function fileWithdrawalRequest(input: WithdrawalInput): Promise<WithdrawalRequest> {
  const tag = input.destinationTag?.trim();
  const { data, error } = await supabase().rpc('file_withdrawal_request', {
    p_wallet_id: input.walletId,
    p_account: input.account,
    p_amount: input.amount.trim(),
    p_destination_address: input.destinationAddress.trim(),
    // Omitted when empty: the function's default (null) applies.
    ...(tag ? { p_destination_tag: tag } : {}),
  });
  if (error) throw toDbError(error, 'Your withdrawal request could not be filed.');
  const row = answerObject(data);
  if (!row?.id) throw new Error('Your withdrawal request could not be filed: unexpected response.');
  return toWithdrawal(row);
}

/**
 * Cancels one of the member's own withdrawal requests while it is not yet paid (pending or approved):
 * its reservation on the account is released, and the database records and announces it.
 */
export async function cancelWithdrawalRequest(id: string): Promise<void> {
  const { error } = await supabase().rpc('cancel_withdrawal_request', { p_request_id: Number(id) });
  if (error) throw toDbError(error, 'Your withdrawal request could not be cancelled.');
}

export const NOTICE_COLUMNS =
  'id, wallet_id, quantity::text, amount::text, credited_amount::text, tx_id, status, review_note, created_at, wallet:deposit_wallets(asset)';

/** The member's notices and requests, newest first. */
export async function listMyRequests(userId: string): Promise<MemberRequest[]> {
  const client = supabase();
  const [notices, withdrawals] = await Promise.all([
    client.from('deposit_notices').select(NOTICE_COLUMNS).eq('user_id', userId).order('created_at', {
      ascending: false,
    }),
    client
      .from('withdrawal_requests')
      .select(
        'id, wallet_id, account, amount::text, destination_address, destination_tag, status, quantity::text, network_fee::text, review_note, created_at, wallet:deposit_wallets(asset)',
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
  return all.sort((a, b) => compareTimestamps(b.created_at, a.created_at));
}

export interface RequestsSnapshot {
  requests: MemberRequest[];
  /** The member's accounts with what is available in each. */
  accounts: MemberAccount[];
}

/** Live list of the member's notices and requests plus what each account has available. */
export function watchMyRequests(userId: string, handlers: FeedHandlers<RequestsSnapshot>): () => void {
  return watchTable(
    [
      { table: 'withdrawal_requests', filter: `user_id=eq.${userId}` },
      { table: 'deposit_notices', filter: `user_id=eq.${userId}` },
      // Posted balances and reservations move the member's accounts (and the profile's cached cards).
      { table: 'ledger_accounts', filter: `user_id=eq.${userId}` },
      { table: 'profiles', filter: `id=eq.${userId}` },
    ],
    async () => {
      const [requests, accounts] = await Promise.all([listMyRequests(userId), myAccounts()]);
      return { requests, accounts };
    },
    handlers,
  );
}
