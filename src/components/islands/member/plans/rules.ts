import { formatDate } from '~/lib/date-time';
import type { FormProblem } from '~/lib/form-rules';
import { amountError, compareAmounts, formatUsd } from '~/lib/money';
import type { HeldPlan, InstructionKind, PlanTerms } from '~/lib/plans';
import type { MemberWords } from '~/i18n/member/en';
import type { Locale } from '~/i18n/locales';
import { fill } from '~/i18n/fill';

/*
 * What /user/plans and the dashboard's plans section say, and the forms' own checks before anything
 * is sent. The rules themselves (minimum, funds, what a part redemption must leave) are the
 * database's: its refusals are shown as they come.
 */

export const PLANS_PAGE_LEAD =
  'Invest from your Deposit Wallet in one of our plans. Each instruction is pending until our finance team accepts it, and you can cancel it until then.';

export const SUBSCRIBE_HEADING = 'Invest in a plan';
export const TERMS_HEADING = 'The plans and their terms';

export const PLAN_LABEL = 'Plan';
export const PLAN_PLACEHOLDER = 'Choose a plan';
export const AMOUNT_LABEL = 'Amount (USD)';
export const REVIEW_BUTTON = 'Review investment';

/** "Available to invest: $1,200.00": what the Deposit Wallet has available (not reserved). */
export const availableText = (available: string | null): string =>
  `Available to invest: ${available === null ? '…' : formatUsd(available)}`;

/** "Redemptions are paid within 5 days of your request." */
export function noticeText(days: number): string {
  if (days === 0) return 'Redemptions are paid once accepted, with no notice period.';
  return `Redemptions are paid within ${days} ${days === 1 ? 'day' : 'days'} of your request.`;
}

/** "Gold — from $5,000.00" (and why a switched-off plan cannot be chosen). */
export function planOptionText(plan: PlanTerms): string {
  const from = `${plan.name} — from ${formatUsd(plan.minimum)}`;
  return plan.accepting ? from : `${from} (not accepting new investments)`;
}

export const acceptingText = (accepting: boolean): string =>
  accepting ? 'Accepting new investments' : 'Not accepting new investments at the moment';

/** The plan the page opens with: `?plan=gold` when it names a plan, else none. */
export function planFromQuery(search: string, plans: readonly Pick<PlanTerms, 'slug'>[]): string {
  const wanted = new URLSearchParams(search).get('plan')?.trim().toLowerCase() ?? '';
  return plans.some((p) => p.slug === wanted) ? wanted : '';
}

/** The field names of the subscribe form (its controls' ids). */
export const SUBSCRIBE_FIELDS = { plan: 'subscribe-plan', amount: 'subscribe-amount' } as const;

/** What the browser can tell before the confirmation: a plan chosen and an amount that is one. */
export function subscribeProblem(plan: PlanTerms | undefined, amount: string): FormProblem | null {
  if (!plan) return { message: 'Choose a plan.', fields: [SUBSCRIBE_FIELDS.plan] };
  return amountProblem(amount, SUBSCRIBE_FIELDS.amount);
}

function amountProblem(amount: string, field: string): FormProblem | null {
  const bad = amountError(amount, 'Amount');
  if (bad) return { message: bad, fields: [field] };
  if (compareAmounts(amount, '0') <= 0) return { message: 'Amount must be more than zero.', fields: [field] };
  return null;
}

/** The field a database refusal concerns, by its hint: the plan when it is switched off, else the amount. */
export function refusalFields(hint: string | undefined, fields: { plan?: string; amount: string }): string[] {
  if (hint === 'withdrawals_frozen') return [];
  if (hint === 'plan_closed') return fields.plan ? [fields.plan] : [];
  return [fields.amount];
}

export const CONFIRM_TITLE = 'Confirm your investment';
export const CONFIRM_BUTTON = 'Confirm investment';
export const PENDING_UNTIL_ACCEPTED =
  'Your investment is pending until our finance team accepts it; you can cancel it until then. The amount is reserved in your Deposit Wallet meanwhile.';
export const SUBSCRIBED =
  'Investment recorded. It is pending until our finance team accepts it; you can cancel it until then.';

export const REDEEM_BUTTON = 'Request redemption';
export const REDEEMED =
  'Redemption requested. It is pending until our finance team accepts it; you can cancel it until then.';
export const CANCELLED = 'Instruction cancelled. Nothing has moved.';

/** The redeem form's rules in words: where the money goes, when, and what a part must leave. */
export function redeemRulesText(plan: Pick<PlanTerms, 'name' | 'minimum' | 'notice_days'>): string {
  return `${noticeText(plan.notice_days)} The principal returns to your Deposit Wallet once our finance team accepts it. A part redemption must leave at least ${formatUsd(plan.minimum)} in the ${plan.name} plan.`;
}

export type RedeemChoice = 'all' | 'part';

/** The redeem form's field names for one plan. */
export const redeemFields = (plan: string) => ({
  /** The radio group's name; its buttons are found by their ids. */
  choice: `redeem-${plan}-choice`,
  all: `redeem-${plan}-all`,
  part: `redeem-${plan}-part`,
  amount: `redeem-${plan}-amount`,
});

/** The amount a redemption asks for: the whole principal, or what the member typed. */
export function redeemAmount(choice: RedeemChoice, principal: string, typed: string): string {
  return choice === 'all' ? principal : typed.trim();
}

export function redeemProblem(plan: string, choice: RedeemChoice, amount: string): FormProblem | null {
  return choice === 'all' ? null : amountProblem(amount, redeemFields(plan).amount);
}

export const KIND_WORDS: Record<InstructionKind, string> = {
  subscription: 'Investment',
  redemption: 'Redemption',
};

/** "Since 27 Nov 2026", or that nothing has been accepted yet. */
export const sinceText = (since: string | null): string =>
  since ? `Since ${formatDate(since)}` : 'Not accepted yet';

/** "Investment of $5,000.00, pending since 27 Nov 2026". */
export function pendingText(kind: InstructionKind, amount: string, createdAt: string): string {
  return `${KIND_WORDS[kind]} of ${formatUsd(amount)}, pending since ${formatDate(createdAt)}`;
}

/** "1 pending instruction" / "2 pending instructions" / "No pending instruction". */
export function pendingCountText(
  count: number,
  words: MemberWords['plans']['pending'],
  locale: Locale,
): string {
  if (count === 0) return words.none;
  const form = new Intl.PluralRules(locale).select(count) === 'one' ? words.one : words.other;
  return fill(form, { count });
}

/** Whether the member holds principal in a plan (and so may redeem from it). */
export const holdsPrincipal = (held: Pick<HeldPlan, 'principal'>): boolean =>
  compareAmounts(held.principal, '0') > 0;
