import { supabase } from './supabase';
import { DbError, toDbError } from './db-errors';
import { watchTable, type FeedHandlers } from './realtime';
import { myAccounts, type MemberAccount } from './my-accounts';
import { answerObject, columnText as text } from './column-text';

/**
 * The firm's investment plans and a member's instructions on them (issue 33,
 * docs/plans-and-referrals.md). The terms are the database's (public.plans, changed only by an
 * approved proposal); principal per plan and returns are derived there from the transfers. A
 * subscription or redemption is a pending transfer until a finance admin accepts it; the member may
 * cancel it until then. Amounts are text, as the database wrote them (money.ts formats them).
 */
export interface PlanTerms {
  slug: string;
  name: string;
  description: string;
  /** The least one subscription may be, in USD ("5000.00"). */
  minimum: string;
  /** Redemptions are paid within this many days of the request. */
  notice_days: number;
  /** How returns are set and paid. */
  returns_text: string;
  fees_text: string;
  risk_text: string;
  /** false: switched off, no new subscriptions (holdings stay and can be redeemed). */
  accepting: boolean;
}

export type InstructionKind = 'subscription' | 'redemption';

/** A subscription or redemption awaiting finance. */
export interface PendingInstruction {
  id: number;
  kind: InstructionKind;
  amount: string;
  created_at: string;
  /** When it lapses if nobody has accepted it. */
  expires_at: string;
}

/** One plan the member holds or has an open instruction in (my_plans). */
export interface HeldPlan {
  plan: string;
  name: string;
  /** Principal invested in the plan now. */
  principal: string;
  /** Returns posted from this plan to date. */
  returns: string;
  /** The first accepted subscription; null while nothing has been accepted. */
  since: string | null;
  pending: PendingInstruction[];
}

/** The four plans and their terms, in the firm's order. Readable by anyone. */
export async function listPlans(): Promise<PlanTerms[]> {
  const { data, error } = await supabase()
    .from('plans')
    .select(
      'slug, name, description, minimum::text, notice_days, returns_text, fees_text, risk_text, accepting',
    )
    .order('position');
  if (error) throw toDbError(error, 'The plans could not be loaded.');
  return ((data ?? []) as Record<string, unknown>[]).map((r) => ({
    slug: text(r.slug),
    name: text(r.name),
    description: text(r.description),
    minimum: text(r.minimum),
    notice_days: Number(r.notice_days),
    returns_text: text(r.returns_text),
    fees_text: text(r.fees_text),
    risk_text: text(r.risk_text),
    accepting: r.accepting === true,
  }));
}

function toPending(value: unknown): PendingInstruction[] {
  const items: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(items)) return [];
  return (items as Record<string, unknown>[]).map((r) => ({
    id: Number(r.id),
    kind: r.kind === 'redemption' ? 'redemption' : 'subscription',
    amount: text(r.amount),
    created_at: text(r.created_at),
    expires_at: text(r.expires_at),
  }));
}

/** The member's plans: principal, returns to date, since when, and open instructions. */
export async function myPlans(): Promise<HeldPlan[]> {
  const { data, error } = await supabase().rpc('my_plans');
  if (error) throw toDbError(error, 'Your plans could not be loaded.');
  if (!Array.isArray(data)) throw new Error('Your plans could not be loaded.');
  return (data as Record<string, unknown>[]).map((r) => ({
    plan: text(r.plan),
    name: text(r.name),
    principal: text(r.principal),
    returns: text(r.returns),
    since: r.since ? text(r.since) : null,
    pending: toPending(r.pending),
  }));
}

/**
 * A refusal of an instruction: the database's sentence, and its machine word (`hint`:
 * below_minimum, insufficient_funds, plan_closed, withdrawals_frozen…) so the form can point at the
 * field to fix.
 */
export class InstructionError extends DbError {
  readonly hint: string | undefined;
  constructor(error: DbError, hint: string | null | undefined) {
    super(error.message, error.code);
    this.name = 'InstructionError';
    this.hint = hint ?? undefined;
  }
}

/** One key per form attempt (8–64 of [A-Za-z0-9_-]): a double click records one instruction. */
export function newRequestKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/** What an accepted instruction call answers: the pending transfer. */
export interface InstructionReceipt {
  id: number;
  phase: string;
  amount: string;
  plan: string;
  expires_at: string | null;
}

async function instruct(
  fn: 'subscribe_to_plan' | 'redeem_from_plan',
  plan: string,
  amount: string,
  requestKey: string,
  fallback: string,
): Promise<InstructionReceipt> {
  const { data, error } = await supabase().rpc(fn, {
    p_plan: plan,
    p_amount: amount.trim(),
    p_request_key: requestKey,
  });
  if (error) throw new InstructionError(toDbError(error, fallback), error.hint);
  const row = answerObject(data);
  if (!row?.id) throw new Error(`${fallback} Unexpected response.`);
  return {
    id: Number(row.id),
    phase: text(row.phase),
    amount: text(row.amount),
    plan: text(row.plan),
    expires_at: row.expires_at ? text(row.expires_at) : null,
  };
}

/** Subscribes `amount` to `plan`: reserved in the Deposit Wallet until finance accepts it. */
export function subscribe(plan: string, amount: string, requestKey: string): Promise<InstructionReceipt> {
  return instruct('subscribe_to_plan', plan, amount, requestKey, 'Your subscription could not be recorded.');
}

/** Asks for `amount` of `plan`'s principal back into the Deposit Wallet, once finance accepts it. */
export function redeem(plan: string, amount: string, requestKey: string): Promise<InstructionReceipt> {
  return instruct('redeem_from_plan', plan, amount, requestKey, 'Your redemption could not be recorded.');
}

/** Cancels one of the member's own pending subscriptions or redemptions. */
export async function cancelInstruction(id: number): Promise<void> {
  const { error } = await supabase().rpc('cancel_plan_instruction', { p_transfer_id: id });
  if (error) throw toDbError(error, 'Your instruction could not be cancelled.');
}

/**
 * What moves a member's plans: a reservation or a post changes their ledger accounts (and the
 * profile's cached cards). Transfers themselves are staff-only in realtime.
 */
const planTables = (userId: string) => [
  { table: 'ledger_accounts', filter: `user_id=eq.${userId}` },
  { table: 'profiles', filter: `id=eq.${userId}` },
];

export interface PlansSnapshot {
  plans: HeldPlan[];
  /** The member's accounts: the Deposit Wallet's available amount is what can be invested. */
  accounts: MemberAccount[];
}

/** The member's plans and accounts, read once (after the member's own action). */
export async function readPlansPage(): Promise<PlansSnapshot> {
  const [plans, accounts] = await Promise.all([myPlans(), myAccounts()]);
  return { plans, accounts };
}

/** Live plans and accounts (/user/plans). */
export function watchPlansPage(userId: string, handlers: FeedHandlers<PlansSnapshot>): () => void {
  return watchTable(planTables(userId), readPlansPage, handlers);
}
