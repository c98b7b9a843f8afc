import { subscribeToChanges } from '~/lib/realtime';
import { supabase } from '~/lib/supabase';
import { DbError, toDbError } from '~/lib/db-errors';
import { isWithdrawableAccount, type WithdrawableAccount } from '~/lib/accounts';
import { peopleById } from './people';
import { answerObject, columnText as text } from '../column-text';

/**
 * pending: filed by the member; valued: finance set its USD value and rate, which proposed the credit
 * (a pending transfer) a second admin approves on the Approvals page; confirmed: credited; rejected.
 */
export type NoticeStatus = 'pending' | 'valued' | 'confirmed' | 'rejected';
export type WithdrawalStatus = 'pending' | 'approved' | 'rejected' | 'paid' | 'cancelled';
export type NoticeDecision = 'confirm' | 'reject';
export type WithdrawalAction = 'approve' | 'reject' | 'pay';

interface ReviewFields {
  id: string;
  user_id: string;
  user_email: string;
  wallet_id: number;
  /** USD. A notice's is '' until finance values it. */
  amount: string;
  review_note: string | null;
  reviewed_at: string | null;
  reviewer_email: string | null;
  created_at: string;
}

export interface DepositNotice extends ReviewFields {
  tx_id: string;
  status: NoticeStatus;
  /** What the member says they sent: the asset and its quantity (text, the asset's precision). */
  asset: string;
  quantity: string;
  /** Set when valued: USD per unit and where that rate was read ('' before). */
  rate: string;
  rate_source: string;
  /** The pending credit a valuation proposed (then posted), or null. */
  transfer_id: string | null;
  /** The USD amount credited, once posted ('' before). */
  credited_amount: string;
  /** Other members' live notices with the same transaction id (empty when there is no conflict). */
  conflicting_ids: string[];
}

export interface WithdrawalRequest extends ReviewFields {
  destination_address: string;
  destination_tag: string | null;
  status: WithdrawalStatus;
  /** The member account it is paid from (reserved there since filing). */
  account: WithdrawableAccount | '';
  paid_at: string | null;
  /** Who approved it: someone else must mark it paid (four eyes). */
  approved_by: string | null;
  /** Set when paid: the asset, the quantity sent, the rate and the network fee ('' before). */
  asset: string;
  quantity: string;
  rate: string;
  network_fee: string;
}

// The asset is the wallet's (embedded): a notice and a request are in the asset of their wallet.
const NOTICE_COLUMNS =
  'id, user_id, wallet_id, quantity::text, amount::text, rate::text, rate_source, transfer_id, credited_amount::text, tx_id, status, reviewed_by, reviewed_at, review_note, created_at, wallet:deposit_wallets(asset)';
const REQUEST_COLUMNS =
  'id, user_id, wallet_id, account, amount::text, destination_address, destination_tag, status, reviewed_by, reviewed_at, review_note, paid_at, approved_by, quantity::text, rate::text, network_fee::text, created_at, wallet:deposit_wallets(asset)';

const assetOf = (r: Record<string, unknown>): string =>
  text((r.wallet as { asset?: unknown } | null | undefined)?.asset);

/** How many decided items to show below the pending ones. */
const RECENT_DECIDED = 30;

type Raw = Record<string, unknown> & { user_id: string; reviewed_by: string | null };

async function readTable(
  table: 'deposit_notices' | 'withdrawal_requests',
  columns: string,
  open: string[],
): Promise<Raw[]> {
  const client = supabase();
  const [pending, decided] = await Promise.all([
    client.from(table).select(columns).in('status', open).order('created_at', { ascending: true }).limit(500),
    client
      .from(table)
      .select(columns)
      .not('status', 'in', `(${open.join(',')})`)
      .order('created_at', { ascending: false })
      .limit(RECENT_DECIDED),
  ]);
  const error = pending.error ?? decided.error;
  if (error) throw toDbError(error, `Could not load the ${table.replace('_', ' ')}.`);
  return [...((pending.data ?? []) as unknown as Raw[]), ...((decided.data ?? []) as unknown as Raw[])];
}

export interface ReviewQueue {
  notices: DepositNotice[];
  withdrawals: WithdrawalRequest[];
}

/**
 * Open items first (oldest first, the order to work through them), then recently decided ones. An
 * approved withdrawal is still open: it waits to be marked paid.
 */
export async function loadReviewQueue(): Promise<ReviewQueue> {
  const [notices, withdrawals, conflicts] = await Promise.all([
    readTable('deposit_notices', NOTICE_COLUMNS, ['pending', 'valued']),
    readTable('withdrawal_requests', REQUEST_COLUMNS, ['pending', 'approved']),
    supabase().rpc('admin_deposit_notice_conflicts'),
  ]);
  if (conflicts.error) throw toDbError(conflicts.error, 'Could not load the deposit notices.');
  const conflictsOf = new Map(
    (conflicts.data ?? []).map((c) => [String(c.notice_id), c.conflicting_ids.map(String)]),
  );
  const people = await peopleById([...notices, ...withdrawals].flatMap((r) => [r.user_id, r.reviewed_by]));
  const label = (r: Raw) => ({
    id: String(r.id),
    user_email: people.get(r.user_id)?.email ?? r.user_id,
    reviewer_email: r.reviewed_by ? (people.get(r.reviewed_by)?.email ?? null) : null,
  });
  return {
    notices: notices.map((r) => ({
      ...(r as unknown as DepositNotice),
      ...label(r),
      asset: assetOf(r),
      amount: text(r.amount),
      quantity: text(r.quantity),
      rate: text(r.rate),
      rate_source: text(r.rate_source),
      credited_amount: text(r.credited_amount),
      transfer_id: r.transfer_id === null || r.transfer_id === undefined ? null : String(r.transfer_id),
      conflicting_ids: conflictsOf.get(String(r.id)) ?? [],
    })),
    withdrawals: withdrawals.map((r) => ({
      ...(r as unknown as WithdrawalRequest),
      ...label(r),
      account: isWithdrawableAccount(r.account) ? r.account : '',
      destination_tag:
        r.destination_tag === null || r.destination_tag === undefined ? null : String(r.destination_tag),
      asset: assetOf(r),
      quantity: text(r.quantity),
      rate: text(r.rate),
      network_fee: text(r.network_fee),
    })),
  };
}

function parseRow(data: unknown): Record<string, unknown> {
  const row = answerObject(data);
  if (!row) throw new DbError('The server returned no row for this review.');
  return row;
}

export interface NoticeReview {
  status: NoticeStatus;
  /**
   * Set after 'confirm': the pending credit the valuation proposed. The notice is 'valued' until a
   * second finance admin or owner approves that transfer (which credits the member) or rejects it
   * (the notice goes back to 'pending').
   */
  transfer_id: string | null;
}

/** What finance enters to value a deposit: the USD value, the rate (USD per unit) and its source. */
export interface Valuation {
  usdValue: string;
  rate: string;
  rateSource: string;
}

/**
 * Confirm values the notice and proposes its credit to the member's Deposit Wallet (a pending
 * transfer another finance admin or owner approves); reject closes the notice.
 */
export async function reviewDepositNotice(
  noticeId: string,
  decision: NoticeDecision,
  note: string,
  valuation?: Valuation,
): Promise<NoticeReview> {
  const { data, error } = await supabase().rpc('review_deposit_notice', {
    p_notice_id: Number(noticeId),
    p_decision: decision,
    p_note: note.trim(),
    ...(valuation
      ? {
          p_usd_value: valuation.usdValue.trim(),
          p_rate: valuation.rate.trim(),
          ...(valuation.rateSource.trim() ? { p_rate_source: valuation.rateSource.trim() } : {}),
        }
      : {}),
  });
  if (error) throw toDbError(error, 'Could not review the deposit notice.');
  const row = parseRow(data);
  const transfer = row.transfer_id;
  return {
    status: String(row.status) as NoticeStatus,
    transfer_id: transfer === null || transfer === undefined ? null : String(transfer),
  };
}

/** What the payer records: the quantity sent, the rate (USD per unit), the network fee and its source. */
export interface Payout {
  quantity: string;
  rate: string;
  networkFee: string;
  rateSource: string;
}

/**
 * Approves, rejects (releases the reservation) or pays (posts the reserved withdrawal, with the
 * quantity sent, the rate and the network fee) a request.
 */
export async function reviewWithdrawal(
  requestId: string,
  action: WithdrawalAction,
  note: string,
  payout?: Payout,
): Promise<WithdrawalStatus> {
  const { data, error } = await supabase().rpc('review_withdrawal_request', {
    p_request_id: Number(requestId),
    p_action: action,
    p_note: note.trim(),
    ...(payout
      ? {
          p_quantity: payout.quantity.trim(),
          p_rate: payout.rate.trim(),
          p_network_fee: payout.networkFee.trim(),
          ...(payout.rateSource.trim() ? { p_rate_source: payout.rateSource.trim() } : {}),
        }
      : {}),
  });
  if (error) throw toDbError(error, 'Could not review the withdrawal request.');
  return String(parseRow(data).status) as WithdrawalStatus;
}

/**
 * Re-reads when notices or requests change and each time the feed goes live (first join and every
 * rejoin); returns the cleanup that removes this channel.
 */
export function watchReviewQueue(onChange: () => void): () => void {
  return subscribeToChanges(
    'admin-requests',
    [{ table: 'deposit_notices' }, { table: 'withdrawal_requests' }],
    { onChange, onLive: onChange },
  );
}
