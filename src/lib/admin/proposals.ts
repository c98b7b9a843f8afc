import { subscribeToChanges } from '~/lib/realtime';
import { supabase } from '~/lib/supabase';
import { DbError, toDbError } from '~/lib/db-errors';
import { BALANCE_ACCOUNTS, type BalanceAccount, type BalanceDraft } from '~/lib/accounts';
import { peopleById } from './people';

/** An open balance change awaiting a second admin (public.balance_proposals). Money as text. */
export interface BalanceProposal {
  id: string;
  user_id: string;
  base_version: number;
  before: BalanceDraft;
  proposed: BalanceDraft;
  reason: string;
  proposed_by: string;
  proposed_at: string;
  expires_at: string;
  member_name: string;
  member_email: string;
  proposer_email: string;
}

const COLUMNS = `id, user_id, base_version, before, reason, proposed_by, proposed_at, expires_at, ${BALANCE_ACCOUNTS.map((a) => `${a}::text`).join(', ')}`;

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

function draft(raw: Record<string, unknown>): BalanceDraft {
  return Object.fromEntries(BALANCE_ACCOUNTS.map((a) => [a, text(raw[a])])) as BalanceDraft;
}

/** The accounts a proposal changes, with the value before and after, in the table's order. */
export function proposalChanges(
  proposal: Pick<BalanceProposal, 'before' | 'proposed'>,
): { account: BalanceAccount; before: string; after: string }[] {
  return BALANCE_ACCOUNTS.filter((a) => Number(proposal.before[a]) !== Number(proposal.proposed[a])).map(
    (account) => ({ account, before: proposal.before[account], after: proposal.proposed[account] }),
  );
}

/** Open proposals that have not expired, oldest first, with who they concern and who made them. */
export async function openProposals(): Promise<BalanceProposal[]> {
  const { data, error } = await supabase()
    .from('balance_proposals')
    .select(COLUMNS)
    .eq('status', 'open')
    .gt('expires_at', new Date().toISOString())
    .order('proposed_at', { ascending: true });
  if (error) throw toDbError(error, 'Could not load the proposals.');
  const rows = (data ?? []) as unknown as Record<string, unknown>[];
  const people = await peopleById(rows.flatMap((r) => [text(r.user_id), text(r.proposed_by)]));
  return rows.map((r) => {
    const before = (typeof r.before === 'string' ? JSON.parse(r.before) : r.before) as Record<
      string,
      unknown
    >;
    return {
      id: text(r.id),
      user_id: text(r.user_id),
      base_version: Number(r.base_version),
      before: draft(before ?? {}),
      proposed: draft(r),
      reason: text(r.reason),
      proposed_by: text(r.proposed_by),
      proposed_at: text(r.proposed_at),
      expires_at: text(r.expires_at),
      member_name: people.get(text(r.user_id))?.username ?? '',
      member_email: people.get(text(r.user_id))?.email ?? '',
      proposer_email: people.get(text(r.proposed_by))?.email ?? 'another admin',
    };
  });
}

/**
 * Proposes new values for the edited balances, against the version the admin saw. Nothing changes
 * until another finance admin or owner approves, unless every account moves by less than the firm's
 * small-edit threshold and what this admin moved alone in the last 24 h, with this edit, stays below
 * the small-edit daily limit: then the edit is applied at once and this answers `{ applied: true }`. The
 * database refuses a stale version (PT409), a second open proposal for the member (PT409) and
 * invalid amounts (22023).
 */
export async function proposeBalances(
  userId: string,
  expectedVersion: number,
  balances: Partial<Record<BalanceAccount, string>>,
  reason: string,
): Promise<{ applied: boolean }> {
  if (Object.keys(balances).length === 0)
    throw new DbError('Nothing changed: edit at least one amount before saving.');
  if (!reason.trim()) throw new DbError('A reason is required for every balance change.');
  const { data, error } = await supabase().rpc('propose_balances', {
    p_user_id: userId,
    p_expected_version: expectedVersion,
    p_balances: balances,
    p_reason: reason.trim(),
  });
  if (error) throw toDbError(error, 'Could not propose the change.');
  const answer: unknown = typeof data === 'string' ? JSON.parse(data) : data;
  return { applied: (answer as { applied?: unknown } | null)?.applied === true };
}

export async function approveProposal(id: string): Promise<void> {
  const { error } = await supabase().rpc('approve_balance_proposal', { p_proposal_id: Number(id) });
  if (error) throw toDbError(error, 'Could not approve the change.');
}

export async function rejectProposal(id: string, reason: string): Promise<void> {
  if (reason.trim().length < 3) throw new DbError('Reason must be 3 to 500 characters.');
  const { error } = await supabase().rpc('reject_balance_proposal', {
    p_proposal_id: Number(id),
    p_reason: reason.trim(),
  });
  if (error) throw toDbError(error, 'Could not reject the change.');
}

export async function withdrawProposal(id: string): Promise<void> {
  const { error } = await supabase().rpc('withdraw_balance_proposal', { p_proposal_id: Number(id) });
  if (error) throw toDbError(error, 'Could not withdraw the change.');
}

/** Calls `onChange` on every proposal change and each time the feed (re)joins. Returns the cleanup. */
export function watchProposals(onChange: () => void): () => void {
  return subscribeToChanges('admin-proposals', [{ table: 'balance_proposals' }], {
    onChange,
    onLive: onChange,
  });
}
