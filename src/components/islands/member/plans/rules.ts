import { formatDate } from '~/lib/date-time';
import { formatDateIn } from '~/lib/date-time-in-language';
import type { FormProblem } from '~/lib/form-rules';
import { MAX_AMOUNT, amountProblem, compareAmounts } from '~/lib/money';
import { formatUsdIn } from '~/lib/money-in-language';
import { isolate, ltrIn } from '~/lib/bidi';
import { errorText } from '~/lib/db-errors';
import { InstructionError, type HeldPlan, type InstructionKind, type PlanTerms } from '~/lib/plans';
import type { MemberWords } from '~/i18n/member/en';
import type { PlansWords } from '~/i18n/member/pages/plans';
import type { PlansPageWords } from '~/i18n/member/plans-page';
import type { Locale } from '~/i18n/locales';
import { fill, plural } from '~/i18n/fill';

/*
 * What /user/plans and the dashboard's plans section say, and the forms' own checks before anything
 * is sent, in the page's language (its words come as a prop: src/i18n/member/pages/plans.ts). The
 * rules themselves (minimum, funds, what a part redemption must leave) are the database's: its
 * refusals are shown as they come on an English page, and in the page's words in another.
 */

/** The page's language as these texts need it. */
export interface PlansLanguage {
  locale: Locale;
  /** The Intl tag for dates (Arabic with Latin digits). */
  intl: string;
  words: PlansPageWords;
}

/** An amount inside a sentence: the language's form, kept left to right in Arabic. */
export const amountIn = ({ locale }: PlansLanguage, amount: string): string =>
  ltrIn(locale, formatUsdIn(locale, amount));

/** A day as the page writes it: "27 Nov 2026", "2026年11月27日", "27 نوفمبر 2026". */
export const dateIn = ({ locale }: PlansLanguage, at: string): string =>
  locale === 'en' ? formatDate(at) : isolate(formatDateIn(locale, at));

/** A plan's name in the language ("黃金計劃"); the database's name for a plan the page does not know. */
export const planName = (language: PlansLanguage, slug: string, held: string): string =>
  language.words.plans[slug]?.name ?? held;

/**
 * A plan's texts in the language while they are the terms the firm published (the database still
 * holds their English); terms changed since are shown as the database holds them, never a
 * translation of something else.
 */
export function planTexts(
  language: PlansLanguage,
  plan: Pick<PlanTerms, 'slug' | 'description' | 'returns_text' | 'fees_text' | 'risk_text'>,
): { description: string; returns: string; fees: string; risk: string } {
  const held = {
    description: plan.description,
    returns: plan.returns_text,
    fees: plan.fees_text,
    risk: plan.risk_text,
  };
  const local = language.words.plans[plan.slug];
  if (!local) return held;
  const current = (Object.keys(held) as (keyof typeof held)[]).every((k) => local.english[k] === held[k]);
  return current
    ? { description: local.description, returns: local.returns, fees: local.fees, risk: local.risk }
    : held;
}

/** "Available to invest: $1,200.00": what the Deposit Wallet has available (not reserved). */
export const availableText = (language: PlansLanguage, available: string | null): string =>
  fill(language.words.subscribe.available, {
    amount: available === null ? '…' : amountIn(language, available),
  });

/** "Redemptions are paid within 5 days of your request." */
export function noticeText(language: PlansLanguage, days: number): string {
  if (days === 0) return language.words.notice.none;
  return plural(language.locale, days, language.words.days);
}

/** "Gold — from $5,000.00" (and why a switched-off plan cannot be chosen). */
export function planOptionText(language: PlansLanguage, plan: PlanTerms): string {
  const { option, closedOption } = language.words.subscribe;
  return fill(plan.accepting ? option : closedOption, {
    plan: planName(language, plan.slug, plan.name),
    minimum: amountIn(language, plan.minimum),
  });
}

export const acceptingText = (language: PlansLanguage, accepting: boolean): string =>
  accepting ? language.words.terms.accepting : language.words.terms.closed;

/** The plan the page opens with: `?plan=gold` when it names a plan, else none. */
export function planFromQuery(search: string, plans: readonly Pick<PlanTerms, 'slug'>[]): string {
  const wanted = new URLSearchParams(search).get('plan')?.trim().toLowerCase() ?? '';
  return plans.some((p) => p.slug === wanted) ? wanted : '';
}

/** The field names of the subscribe form (its controls' ids). */
export const SUBSCRIBE_FIELDS = { plan: 'subscribe-plan', amount: 'subscribe-amount' } as const;

/** What the browser can tell before the confirmation: a plan chosen and an amount that is one. */
export function subscribeProblem(
  words: PlansWords['problems'],
  plan: PlanTerms | undefined,
  amount: string,
): FormProblem | null {
  if (!plan) return { message: words.plan, fields: [SUBSCRIBE_FIELDS.plan] };
  return amountCheck(words, amount, SUBSCRIBE_FIELDS.amount);
}

function amountCheck(words: PlansWords['problems'], amount: string, field: string): FormProblem | null {
  const bad = amountProblem(amount);
  if (bad) return { message: fill(words[bad], { max: MAX_AMOUNT }), fields: [field] };
  if (compareAmounts(amount, '0') <= 0) return { message: words.zero, fields: [field] };
  return null;
}

/**
 * A refusal of an instruction as the page says it: the database's own sentence on an English page
 * (it carries the exact figures), the page's words for its hint in another language, and the page's
 * `failed` sentence for anything else.
 */
export function refusalText(
  language: PlansLanguage,
  kind: InstructionKind,
  error: unknown,
  plan: Pick<PlanTerms, 'slug' | 'name' | 'minimum'>,
): string {
  const { words } = language;
  const failed = kind === 'subscription' ? words.subscribe.failed : words.redeem.failed;
  if (language.locale === 'en') return errorText(error, failed);
  const hint = error instanceof InstructionError ? error.hint : undefined;
  const values = {
    plan: planName(language, plan.slug, plan.name),
    minimum: amountIn(language, plan.minimum),
  };
  switch (hint) {
    case 'withdrawals_frozen':
      return words.refusals.frozen;
    case 'plan_closed':
      return fill(words.refusals.closed, values);
    case 'below_minimum':
      return fill(
        kind === 'subscription' ? words.refusals.belowMinimum : words.refusals.leaveMinimum,
        values,
      );
    case 'insufficient_funds':
      return kind === 'subscription' ? words.refusals.notEnough : fill(words.refusals.tooMuch, values);
    default:
      return failed;
  }
}

/** The field a database refusal concerns, by its hint: the plan when it is switched off, else the amount. */
export function refusalFields(hint: string | undefined, fields: { plan?: string; amount: string }): string[] {
  if (hint === 'withdrawals_frozen') return [];
  if (hint === 'plan_closed') return fields.plan ? [fields.plan] : [];
  return [fields.amount];
}

/** The redeem form's rules in words: where the money goes, when, and what a part must leave. */
export function redeemRulesText(
  language: PlansLanguage,
  plan: Pick<PlanTerms, 'slug' | 'name' | 'minimum' | 'notice_days'>,
): string {
  return fill(language.words.redeem.rules, {
    notice: noticeText(language, plan.notice_days),
    minimum: amountIn(language, plan.minimum),
    plan: planName(language, plan.slug, plan.name),
  });
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

export function redeemProblem(
  words: PlansWords['problems'],
  plan: string,
  choice: RedeemChoice,
  amount: string,
): FormProblem | null {
  return choice === 'all' ? null : amountCheck(words, amount, redeemFields(plan).amount);
}

/** "Since 27 Nov 2026", or that nothing has been accepted yet. */
export const sinceText = (language: PlansLanguage, since: string | null): string =>
  since
    ? fill(language.words.yours.since, { date: dateIn(language, since) })
    : language.words.yours.notAccepted;

/** "Investment of $5,000.00, pending since 27 Nov 2026". */
export function pendingText(
  language: PlansLanguage,
  kind: InstructionKind,
  amount: string,
  createdAt: string,
): string {
  return fill(language.words.yours.pending[kind], {
    amount: amountIn(language, amount),
    date: dateIn(language, createdAt),
  });
}

/** "1 pending instruction" / "2 pending instructions" / "No pending instruction". */
export function pendingCountText(
  count: number,
  words: MemberWords['plans']['pending'],
  locale: Locale,
): string {
  if (count === 0) return words.none;
  return plural(locale, count, { one: words.one, other: words.other });
}

/** Whether the member holds principal in a plan (and so may redeem from it). */
export const holdsPrincipal = (held: Pick<HeldPlan, 'principal'>): boolean =>
  compareAmounts(held.principal, '0') > 0;
