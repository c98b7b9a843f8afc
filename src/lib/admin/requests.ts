import { subscribeToChanges } from '~/lib/realtime';
import { supabase } from '~/lib/supabase';
import { DbError, toDbError } from '~/lib/db-errors';
import { peopleById } from './people';

export type NoticeStatus = 'pending' | 'confirmed' | 'rejected';
export type WithdrawalStatus = 'pending' | 'approved' | 'rejected' | 'paid' | 'cancelled';
export type NoticeDecision = 'confirm' | 'reject';
export type WithdrawalAction = 'approve' | 'reject' | 'pay';

interface ReviewFields {
  id: string;
  user_id: string;
  user_email: string;
  wallet_id: number;
  amount: string;
  review_note: string | null;
  reviewed_at: string | null;
  reviewer_email: string | null;
  created_at: string;
}

export interface DepositNotice extends ReviewFields {
  tx_id: string;
  status: NoticeStatus;
  /** Other members' live notices with the same transaction id (empty when there is no conflict). */
  conflicting_ids: string[];
  /**
   * The open deposit_credit proposal for this notice, if any: confirming only proposes the credit,
   * and a second finance admin or owner approves it on the Approvals page (docs/four-eyes.md).
   */
  credit_proposal_id: string | null;
}

export interface WithdrawalRequest extends ReviewFields {
  destination_address: string;
  destination_tag: string | null;
  status: WithdrawalStatus;
  paid_at: string | null;
  /** Who approved it: someone else must mark it paid (four eyes). */
  approved_by: string | null;
}

const NOTICE_COLUMNS =
  'id, user_id, wallet_id, amount::text, tx_id, status, reviewed_by, reviewed_at, review_note, created_at';
const REQUEST_COLUMNS =
  'id, user_id, wallet_id, amount::text, destination_address, destination_tag, status, reviewed_by, reviewed_at, review_note, paid_at, approved_by, created_at';

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
  const [notices, withdrawals, conflicts, credits] = await Promise.all([
    readTable('deposit_notices', NOTICE_COLUMNS, ['pending']),
    readTable('withdrawal_requests', REQUEST_COLUMNS, ['pending', 'approved']),
    supabase().rpc('admin_deposit_notice_conflicts'),
    // Support staff read no proposals (RLS gives them none): their cards then offer nothing anyway.
    supabase().from('staff_proposals').select('id, target').eq('kind', 'deposit_credit').eq('status', 'open'),
  ]);
  if (conflicts.error) throw toDbError(conflicts.error, 'Could not load the deposit notices.');
  if (credits.error) throw toDbError(credits.error, 'Could not load the proposed deposit credits.');
  const creditOf = new Map((credits.data ?? []).map((c) => [c.target, String(c.id)]));
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
      conflicting_ids: conflictsOf.get(String(r.id)) ?? [],
      credit_proposal_id: creditOf.get(String(r.id)) ?? null,
    })),
    withdrawals: withdrawals.map((r) => ({
      ...(r as unknown as WithdrawalRequest),
      ...label(r),
      destination_tag:
        r.destination_tag === null || r.destination_tag === undefined ? null : String(r.destination_tag),
    })),
  };
}

function parseRow(data: unknown): Record<string, unknown> {
  const row = typeof data === 'string' ? JSON.parse(data) : data;
  if (!row || typeof row !== 'object') throw new DbError('The server returned no row for this review.');
  return row as Record<string, unknown>;
}

export interface NoticeReview {
  status: NoticeStatus;
  /**
   * Set after 'confirm': the credit proposed, awaiting a second admin. The notice stays pending
   * until that admin approves (which credits the member) or someone rejects the notice.
   */
  credit_proposal_id: string | null;
}

/**
 * Confirm proposes the credit to the member's Deposit Wallet and Total Deposit (four eyes: another
 * finance admin or owner approves it); reject closes the notice and any open credit proposal.
 */
export async function reviewDepositNotice(
  noticeId: string,
  decision: NoticeDecision,
  note: string,
): Promise<NoticeReview> {
  const { data, error } = await supabase().rpc('review_deposit_notice', {
    p_notice_id: Number(noticeId),
    p_decision: decision,
    p_note: note.trim(),
  });
  if (error) throw toDbError(error, 'Could not review the deposit notice.');
  const row = parseRow(data);
  const proposal = row.credit_proposal_id;
  return {
    status: String(row.status) as NoticeStatus,
    credit_proposal_id: proposal === null || proposal === undefined ? null : String(proposal),
  };
}

/** Approves, rejects (releases the hold) or pays (debits Interest Wallet, credits Total Withdraw) a request. */
export async function reviewWithdrawal(
  requestId: string,
  action: WithdrawalAction,
  note: string,
): Promise<WithdrawalStatus> {
  const { data, error } = await supabase().rpc('review_withdrawal_request', {
    p_request_id: Number(requestId),
    p_action: action,
    p_note: note.trim(),
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
    [{ table: 'deposit_notices' }, { table: 'withdrawal_requests' }, { table: 'staff_proposals' }],
    { onChange, onLive: onChange },
  );
}
