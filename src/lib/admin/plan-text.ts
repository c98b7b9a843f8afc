import type { FormProblem } from '~/lib/form-rules';
import { amountError, canonicalAmount } from '~/lib/money';
import { reasonError } from './reason';

/*
 * The words of the plans for staff (issue 33, docs/plans-and-referrals.md): members' instructions
 * awaiting finance, returns runs and plan terms, and the client-side checks on their forms. Pure: no
 * database client. The database re-checks every write and its message is what staff read on a refusal.
 */

/** A plan as staff read it (public.plans); amounts stay text. */
export interface PlanTerms {
  slug: string;
  name: string;
  description: string;
  minimum: string;
  notice_days: number;
  returns_text: string;
  fees_text: string;
  risk_text: string;
  accepting: boolean;
}

/** A member's own instruction (pending transfer kinds): the member is the first pair of eyes. */
export const INSTRUCTION_KINDS = ['subscription', 'redemption'] as const;

export function isInstruction(kind: string): boolean {
  return (INSTRUCTION_KINDS as readonly string[]).includes(kind);
}

/** "Investment in the Gold plan" / "Redemption from the Gold plan", as the member's statement says it. */
export function instructionTitle(kind: string, planName: string): string {
  return kind === 'redemption'
    ? `Redemption from the ${planName} plan`
    : `Investment in the ${planName} plan`;
}

/** The words of a member's instruction wherever staff see it (Approvals card, users table). */
export const INSTRUCTION_TERMS = {
  suffix: 'member’s instruction',
  fromMember: 'Instruction from the member',
  plan: 'Plan',
  amount: 'Amount',
  moves: 'Moves',
  accept: 'Accept',
  decline: 'Decline…',
  declineNow: 'Decline',
  /** The decline's reason field (its label: reasonLabel, the member reads it). */
  reason: 'Reason for declining',
  whoActs:
    'The member’s instruction is the first pair of eyes: any finance admin or owner accepts or declines it on the Approvals page.',
  accepted: (title: string, amount: string, email: string) => `Accepted: ${title}, ${amount}, for ${email}.`,
  subject: (title: string, email: string) => `the instruction “${title}” of ${email}`,
  declined: (subject: string) => `Declined ${subject}.`,
  expired: 'Expired: nobody can accept it now; the member gives the instruction again if they still want it.',
} as const;

/** Which accounts an instruction moves, in the member's words: "Deposit Wallet → Gold plan". */
export function instructionMoves(kind: string, planName: string): string {
  return kind === 'redemption'
    ? `${planName} plan (Total Invest) → Deposit Wallet`
    : `Deposit Wallet → ${planName} plan (Total Invest)`;
}

/** A plan's name where only its slug is at hand: "gold" → "Gold". */
export function planNameOf(slug: string, names?: ReadonlyMap<string, string>): string {
  return names?.get(slug) ?? (slug ? slug.charAt(0).toUpperCase() + slug.slice(1) : '');
}

/* ------------------------------------------------------------------------------------------------
 * Returns runs: a rate for the month, previewed, proposed, approved by a second admin.
 */

export interface ReturnsLine {
  user_id: string;
  email: string;
  username: string;
  principal: string;
  amount: string;
}

/** preview_returns_run's answer, and a returns_run proposal's payload (the same shape). */
export interface ReturnsPreview {
  plan: string;
  plan_name: string;
  period: string;
  /** "November 2026" */
  period_label: string;
  rate_percent: string;
  members: number;
  total_principal: string;
  total_amount: string;
  lines: ReturnsLine[];
}

const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** Reads a preview (or a run proposal's payload) from JSON; null when it is not one. */
export function toReturnsPreview(value: unknown): ReturnsPreview | null {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!parsed || typeof parsed !== 'object') return null;
  const p = parsed as Record<string, unknown>;
  if (!Array.isArray(p.lines) || typeof p.plan !== 'string') return null;
  const lines = (p.lines as unknown[]).map((l) => {
    const line = (l && typeof l === 'object' ? l : {}) as Record<string, unknown>;
    return {
      user_id: str(line.user_id),
      email: str(line.email),
      username: str(line.username),
      principal: str(line.principal),
      amount: str(line.amount),
    };
  });
  return {
    plan: p.plan,
    plan_name: str(p.plan_name) || planNameOf(p.plan),
    period: str(p.period),
    period_label: str(p.period_label) || str(p.period),
    rate_percent: str(p.rate_percent),
    members: typeof p.members === 'number' ? p.members : lines.length,
    total_principal: str(p.total_principal),
    total_amount: str(p.total_amount),
    lines,
  };
}

/** The text each member reads on their statement: "Returns, Gold plan, November 2026". */
export function returnsClientText(preview: Pick<ReturnsPreview, 'plan_name' | 'period_label'>): string {
  return `Returns, ${preview.plan_name} plan, ${preview.period_label}`;
}

/** A returns run's proposal target: "gold:2026-11". */
export function returnsRunTarget(plan: string, period: string): string {
  return `${plan}:${period.trim()}`;
}

/** The current month in UTC (the database's months are UTC): "2026-11". */
export function currentMonth(now: Date = new Date()): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The returns form's field names (a problem names the field to fix). */
export const RETURNS_FIELDS = {
  plan: 'returns-plan',
  month: 'returns-month',
  rate: 'returns-rate',
  reason: 'returns-reason',
} as const;

export interface ReturnsDraft {
  plan: string;
  month: string;
  rate: string;
}

/** What is wrong with the returns form before a preview, or null (the database's rules). */
export function returnsPreviewProblem(draft: ReturnsDraft, now: Date = new Date()): FormProblem | null {
  if (!draft.plan) return { message: 'Choose the plan.', fields: [RETURNS_FIELDS.plan] };
  const month = draft.month.trim();
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
    return {
      message: 'The month must be given as YYYY-MM, for example 2026-11.',
      fields: [RETURNS_FIELDS.month],
    };
  }
  if (month > currentMonth(now)) {
    return { message: 'Returns are posted for a month that has begun.', fields: [RETURNS_FIELDS.month] };
  }
  if (month < '2020-01')
    return { message: 'The month must be 2020-01 or later.', fields: [RETURNS_FIELDS.month] };
  const rate = draft.rate.trim();
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(rate) || Number(rate) <= 0 || Number(rate) > 100) {
    return {
      message: 'The month’s rate must be a percentage above 0 and at most 100, with at most 4 decimals.',
      fields: [RETURNS_FIELDS.rate],
    };
  }
  return null;
}

/** The words of the returns form, its preview and a run's proposal card. */
export const RETURNS_TEXT = {
  heading: 'Post returns',
  intro:
    'Returns are set by the firm for a plan and a month: a rate for the month applied to each member’s principal in the plan. Preview the run, then propose it: a second finance admin or owner approves it, and only then is each member paid.',
  plan: 'Plan',
  month: 'Month (YYYY-MM)',
  rate: 'Rate for the month (%)',
  rateHint: 'Applied to each member’s principal in the plan, for everyone. For example 1.25.',
  reason: 'Reason',
  preview: 'Preview',
  previewing: 'Previewing…',
  propose: 'Propose',
  proposing: 'Proposing…',
  choose: 'Choose…',
  previewHeading: (p: Pick<ReturnsPreview, 'plan_name' | 'period_label'>) =>
    `Preview: ${p.plan_name} plan, ${p.period_label}`,
  stale: 'The form changed after the preview: preview again before proposing.',
  membersRead: 'Members read',
  member: 'Member',
  principal: 'Principal',
  return: 'Return',
  members: 'Members',
  totalPrincipal: 'Total principal',
  totalReturns: 'Total returns',
  rateTerm: 'Rate for the month',
  planTerm: 'Plan',
  monthTerm: 'Month',
  lines: (n: number) => `Lines (${n} ${n === 1 ? 'member' : 'members'})`,
  total: (n: number) => `Total, ${n} ${n === 1 ? 'member' : 'members'}`,
  tableLabel: (p: Pick<ReturnsPreview, 'plan_name' | 'period_label'>) =>
    `Returns per member, ${p.plan_name} plan, ${p.period_label}`,
  previewFailure: 'Could not preview the returns run.',
  proposeFailure: 'Could not propose the returns run.',
  proposed: (p: Pick<ReturnsPreview, 'plan_name' | 'period_label'>) =>
    `Proposed the returns run for the ${p.plan_name} plan, ${p.period_label}: another finance admin or owner approves it.`,
  title: (p: Pick<ReturnsPreview, 'plan_name' | 'period_label'>) =>
    `Returns run: ${p.plan_name} plan, ${p.period_label}`,
  readOnly: 'Your role reads the plans and the runs; finance admins and owners post returns.',
} as const;

/* ------------------------------------------------------------------------------------------------
 * Plan terms: owners propose, a second owner approves.
 */

export interface PlanTermsDraft {
  minimum: string;
  noticeDays: string;
  accepting: boolean;
  description: string;
  returnsText: string;
  feesText: string;
  riskText: string;
}

export const TERMS_FIELDS = {
  minimum: 'terms-minimum',
  noticeDays: 'terms-notice-days',
  accepting: 'terms-accepting',
  description: 'terms-description',
  returnsText: 'terms-returns-text',
  feesText: 'terms-fees-text',
  riskText: 'terms-risk-text',
  reason: 'terms-reason',
} as const;

/** The words of the plans panel, the terms form and a plan_terms proposal card. */
export const TERMS_TEXT = {
  heading: 'Plans',
  intro:
    'The terms every client reads before investing. Owners propose new terms with a reason; a second owner approves them.',
  minimum: 'Minimum (USD)',
  noticeDays: 'Notice for redemptions (days)',
  accepting: 'Accepting new investments',
  description: 'Description',
  returnsText: 'How returns are set and paid',
  feesText: 'Fees',
  riskText: 'Risk',
  reason: 'Reason',
  yes: 'Yes',
  no: 'No',
  you: 'you',
  acceptingBadge: 'Accepting',
  closedBadge: 'Not accepting',
  pending: (by: string, id: string) =>
    `Awaiting approval: new terms proposed by ${by} (proposal #${id}, above). Another owner approves them.`,
  now: 'Now:',
  proposedValue: 'Proposed:',
  propose: 'Propose new terms',
  proposeFor: (name: string) => `Propose new terms for ${name}`,
  submit: 'Propose terms',
  busy: 'Proposing…',
  cancel: 'Cancel',
  fourEyes: 'Nothing changes until another owner approves the new terms on the Approvals page.',
  failure: 'Could not propose the terms.',
  proposed: (name: string) => `Proposed new terms for ${name}: another owner approves them.`,
  title: (name: string) => `Plan terms: ${name}`,
  days: (n: unknown) => `${String(n)} ${n === 1 ? 'day' : 'days'}`,
  loading: 'Loading plans',
  noMoney: 'Your role does not handle money, so the plans’ returns and terms are not shown here.',
  loadFailure: 'Could not load the plans.',
  awaiting: 'Awaiting approval: runs and terms',
  awaitingEmpty: 'No returns run or plan terms are awaiting approval.',
  awaitingLabel: 'Returns runs and plan terms awaiting approval, oldest first',
} as const;

export function termsDraftFrom(plan: PlanTerms): PlanTermsDraft {
  return {
    minimum: plan.minimum,
    noticeDays: String(plan.notice_days),
    accepting: plan.accepting,
    description: plan.description,
    returnsText: plan.returns_text,
    feesText: plan.fees_text,
    riskText: plan.risk_text,
  };
}

const TEXT_FIELDS = [
  ['description', 'The description'],
  ['returnsText', 'How returns are set'],
  ['feesText', 'The fees'],
  ['riskText', 'The risk statement'],
] as const;

/** What is wrong with a terms draft, in the form's order (the database's rules), or null. */
export function planTermsProblem(draft: PlanTermsDraft, reason: string): FormProblem | null {
  const minimum = draft.minimum.trim();
  const minimumError = amountError(minimum, 'The minimum');
  if (minimumError) return { message: minimumError, fields: [TERMS_FIELDS.minimum] };
  if (/^0*(\.0*)?$/.test(minimum)) {
    return { message: 'The minimum must be more than zero.', fields: [TERMS_FIELDS.minimum] };
  }
  const notice = draft.noticeDays.trim();
  if (!/^\d{1,3}$/.test(notice) || Number(notice) > 365) {
    return {
      message: 'The notice period must be a whole number of days from 0 to 365.',
      fields: [TERMS_FIELDS.noticeDays],
    };
  }
  for (const [key, label] of TEXT_FIELDS) {
    const length = draft[key].trim().length;
    if (length < 3 || length > 500) {
      return { message: `${label} must be 3 to 500 characters.`, fields: [TERMS_FIELDS[key]] };
    }
  }
  const why = reasonError(reason);
  return why ? { message: why, fields: [TERMS_FIELDS.reason] } : null;
}

/** The plan_terms proposal's payload: every key, as the database requires. */
export function planTermsPayload(draft: PlanTermsDraft): {
  minimum: string;
  notice_days: number;
  accepting: boolean;
  description: string;
  returns_text: string;
  fees_text: string;
  risk_text: string;
} {
  return {
    minimum: canonicalAmount(draft.minimum),
    notice_days: Number(draft.noticeDays.trim()),
    accepting: draft.accepting,
    description: draft.description.trim(),
    returns_text: draft.returnsText.trim(),
    fees_text: draft.feesText.trim(),
    risk_text: draft.riskText.trim(),
  };
}
