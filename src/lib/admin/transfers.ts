import { subscribeToChanges } from '~/lib/realtime';
import { supabase } from '~/lib/supabase';
import { DbError, toDbError } from '~/lib/db-errors';
import type { LedgerAccount } from '~/lib/accounts';
import type { CorrectionCategory } from './transfer-text';
import { answerObject, columnText as text } from '../column-text';
import { compareTimestamps } from '../db-timestamps';

/**
 * Pending transfers of the money engine (docs/money-and-trust.md): a staff correction or a valued
 * deposit reserves nothing in the member's favour until a second finance admin or owner posts it
 * (approve_transfer), or someone voids it (reject_transfer, withdraw_transfer by its proposer). A
 * member's own instruction on a plan (a subscription or a redemption) is pending the same way: the
 * member is the first pair of eyes, any finance admin or owner accepts or declines it.
 * Money and quantities stay text.
 */
export interface PendingTransfer {
  id: string;
  kind: string;
  user_id: string;
  email: string;
  /** The member account moved. */
  account: string;
  /** Signed USD: positive credits the member, negative debits them. */
  amount: string;
  client_text: string;
  internal_note: string;
  category: string;
  /** Deposits: the asset, the quantity received and the rate (USD per unit) used. */
  asset: string;
  quantity: string;
  rate: string;
  rate_source: string;
  source: string;
  source_id: string;
  /** Empty for a member's own instruction (subscription, redemption). */
  proposed_by: string;
  proposed_by_email: string;
  /** The plan a subscription, redemption or correction of principal is in (slug), and its name. */
  plan: string;
  plan_name: string;
  created_at: string;
  expires_at: string;
  /** Still pending but past expires_at: nobody can post it any more. */
  expired: boolean;
}

export function toPendingTransfer(
  r: Record<string, unknown>,
  now = Date.now(),
  names?: ReadonlyMap<string, string>,
): PendingTransfer {
  const expiresAt = text(r.expires_at);
  const plan = text(r.plan);
  return {
    id: text(r.id),
    kind: text(r.kind),
    user_id: text(r.user_id),
    email: text(r.email),
    account: text(r.account),
    amount: text(r.amount),
    client_text: text(r.client_text),
    internal_note: text(r.internal_note),
    category: text(r.category),
    asset: text(r.asset),
    quantity: text(r.quantity),
    rate: text(r.rate),
    rate_source: text(r.rate_source),
    source: text(r.source),
    source_id: text(r.source_id),
    proposed_by: text(r.proposed_by),
    proposed_by_email: text(r.proposed_by_email),
    plan,
    plan_name: plan ? (names?.get(plan) ?? plan) : '',
    created_at: text(r.created_at),
    expires_at: expiresAt,
    expired: expiresAt !== '' && Date.parse(expiresAt) <= now,
  };
}

/**
 * Open pending transfers awaiting a second admin, oldest first; of one member when `userId` is given.
 * A withdrawal's reservation is pending too, but it is approved and paid on the Requests page, not
 * here (approve_transfer refuses it): it is left out.
 */
export async function pendingTransfers(userId?: string): Promise<PendingTransfer[]> {
  const { data, error } = await supabase().rpc(
    'admin_pending_transfers',
    userId ? { p_user_id: userId } : {},
  );
  if (error) throw toDbError(error, 'Could not load the pending transfers.');
  if (!Array.isArray(data)) throw new DbError('Could not load the pending transfers: unexpected response.');
  const rows = data as Record<string, unknown>[];
  // The plans' names load only when a transfer names a plan (not with the users page).
  const names = rows.some((r) => r.plan)
    ? await import('./plans').then((m) => m.planNames()).catch(() => undefined)
    : undefined;
  const now = Date.now();
  return rows
    .map((r) => toPendingTransfer(r, now, names))
    .filter((t) => t.kind !== 'withdrawal')
    .sort((a, b) => compareTimestamps(a.created_at, b.created_at) || Number(a.id) - Number(b.id));
}

/** Groups pending transfers by member, for the users table. */
export function byMember(transfers: readonly PendingTransfer[]): Map<string, PendingTransfer[]> {
  const map = new Map<string, PendingTransfer[]>();
  for (const t of transfers) map.set(t.user_id, [...(map.get(t.user_id) ?? []), t]);
  return map;
}

export interface CorrectionInput {
  userId: string;
  account: LedgerAccount;
  /** Signed: "-12.50" debits the member, "12.50" credits them. */
  amount: string;
  category: CorrectionCategory;
  /** What the member reads on their statement. */
  clientText: string;
  /** Staff only. */
  internalNote: string;
  /** The plan a correction of Total Invest is in (required then, and only then). */
  plan?: string | undefined;
  /**
   * This attempt's own id (8 to 64 letters, digits, - or _), the same on every retry of one dialog: a
   * retried click records one correction, not two.
   */
  requestKey?: string | undefined;
}

/**
 * Proposes a correction on one of the member's accounts. Answers whether it is still pending (a
 * second finance admin or owner must approve it) or was posted at once (below the firm's small-edit
 * threshold and daily limit).
 */
export async function proposeCorrection(input: CorrectionInput): Promise<{ id: string; posted: boolean }> {
  const note = input.internalNote.trim();
  const { data, error } = await supabase().rpc('propose_correction', {
    p_user_id: input.userId,
    p_account: input.account,
    // "+12.50" is sent as "12.50": a plain number credits.
    p_amount: input.amount.trim().replace(/^\+/, ''),
    p_category: input.category,
    p_client_text: input.clientText.trim(),
    ...(note ? { p_internal_note: note } : {}),
    ...(input.account === 'total_invest' && input.plan ? { p_plan: input.plan } : {}),
    ...(input.requestKey ? { p_request_key: input.requestKey } : {}),
  });
  if (error) throw toDbError(error, 'Could not propose the correction.');
  const r = answerObject(data);
  if (!r) throw new DbError('Could not propose the correction: unexpected response.');
  return { id: text(r.id), posted: r.phase === 'posted' };
}

export async function approveTransfer(id: string): Promise<void> {
  const { error } = await supabase().rpc('approve_transfer', { p_transfer_id: Number(id) });
  if (error) throw toDbError(error, 'Could not approve the transfer.');
}

export async function rejectTransfer(id: string, reason: string): Promise<void> {
  if (reason.trim().length < 3) throw new DbError('Reason must be 3 to 500 characters.');
  const { error } = await supabase().rpc('reject_transfer', {
    p_transfer_id: Number(id),
    p_reason: reason.trim(),
  });
  if (error) throw toDbError(error, 'Could not reject the transfer.');
}

export async function withdrawTransfer(id: string): Promise<void> {
  const { error } = await supabase().rpc('withdraw_transfer', { p_transfer_id: Number(id) });
  if (error) throw toDbError(error, 'Could not withdraw the transfer.');
}

/**
 * Calls `onChange` when transfers are written (a proposal, a post, a void), a deposit notice moves (a
 * valuation proposes its credit; a void sends it back) or a profile's cached balances move (a post),
 * and each time the feed (re)joins. Returns the cleanup.
 */
export function watchTransfers(onChange: () => void, channel = 'admin-transfers'): () => void {
  return subscribeToChanges(
    channel,
    [{ table: 'transfers' }, { table: 'deposit_notices' }, { table: 'profiles' }],
    { onChange, onLive: onChange },
  );
}
