/*
 * The audit log in words (issue 35): each event of public.audit_events as a sentence ("Finance admin
 * ana@firm.example approved a correction of $250.00 for bob@example.com's Deposit Wallet: Goodwill
 * after the outage"), and each kind as words for the filter. The raw fields stay in the CSV and behind
 * the page's details toggle; nothing here changes what is recorded.
 */
import { ACCOUNT_LABELS } from '~/lib/accounts';
import { formatUsd } from '~/lib/money';
import { isolate } from '~/lib/bidi';

/** What a sentence needs of an event (AuditEvent, ./audit.ts, has all of it). */
export interface AuditLine {
  kind: string;
  actor_role: string;
  actor_email: string;
  member_email: string;
  before: unknown;
  after: unknown;
  reason: string;
}

/** Every kind the database records (the migrations' private.audit calls), as the filter lists them. */
export const AUDIT_KIND_WORDS: Readonly<Record<string, string>> = {
  transfer_pending: 'Transfer proposed or reserved',
  transfer_posted: 'Transfer posted',
  transfer_voided: 'Transfer voided',
  transfer_expiry_changed: 'Transfer expiry changed',
  ledger_entry: 'Balance line',
  staff_proposal_open: 'Staff proposal made',
  staff_proposal_approved: 'Staff proposal approved',
  staff_proposal_rejected: 'Staff proposal rejected',
  staff_proposal_withdrawn: 'Staff proposal retracted',
  staff_proposal_expired: 'Staff proposal expired',
  staff_proposal_expiry_changed: 'Staff proposal expiry changed',
  firm_settings_changed: 'Firm settings changed',
  plan_terms_changed: 'Plan terms changed',
  withdrawal_filed: 'Withdrawal requested',
  withdrawal_approved: 'Withdrawal approved',
  withdrawal_paid: 'Withdrawal paid',
  withdrawal_rejected: 'Withdrawal rejected',
  withdrawal_cancelled: 'Withdrawal cancelled',
  deposit_notice_filed: 'Deposit notice filed',
  deposit_notice_valued: 'Deposit notice valued',
  deposit_notice_confirmed: 'Deposit notice credited',
  deposit_notice_rejected: 'Deposit notice rejected',
  withdrawals_frozen: 'Withdrawals frozen',
  withdrawals_unfrozen: 'Withdrawals unfrozen',
  address_edit: 'Deposit address changed',
  address_added: 'Withdrawal address added',
  address_removed: 'Withdrawal address removed',
  address_cooling_off_changed: 'Address cooling-off changed',
  security_hold_started: 'Security hold started',
  security_hold_changed: 'Security hold changed',
  role_granted: 'Staff role granted',
  role_changed: 'Staff role changed',
  role_revoked: 'Staff role revoked',
  mfa_reset: 'Authenticator reset',
  member_email_changed: 'E-mail changed',
  member_password_changed: 'Password changed',
  member_factor_enrolled: 'Authenticator added',
  member_factor_removed: 'Authenticator removed',
  statement_issued: 'Statement issued',
  statement_published: 'Statement published',
  statement_failed: 'Statement failed',
  statement_run_started: 'Statement run started',
  statement_run_finished: 'Statement run finished',
};

export const AUDIT_KINDS = Object.keys(AUDIT_KIND_WORDS);

/** A kind as words; an unknown (newer) kind is shown as recorded. */
export function auditKindWords(kind: string): string {
  return AUDIT_KIND_WORDS[kind] ?? kind;
}

/** Who acted, as the sentence starts. */
const ROLE_WORDS: Readonly<Record<string, string>> = {
  owner: 'Owner',
  finance: 'Finance admin',
  support: 'Support admin',
  auditor: 'Auditor',
  member: 'Member',
};

function actorWords(e: AuditLine): string {
  if (e.actor_role === 'system') return 'The system';
  if (e.actor_role === 'service') return 'An operator script (service role)';
  return `${ROLE_WORDS[e.actor_role] ?? e.actor_role} ${e.actor_email}`;
}

type Fields = Record<string, unknown>;

const fields = (value: unknown): Fields =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};

/** A recorded value inside a sentence, isolated when it is right to left (a label in Arabic). */
const text = (value: unknown): string =>
  value === null || value === undefined ? '' : isolate(String(value));

const accountWords = (account: unknown): string =>
  (ACCOUNT_LABELS as Record<string, string>)[text(account)] ?? text(account);

/** "bob@example.com's Deposit Wallet", or "the Deposit Wallet" without a member. */
function whose(e: AuditLine, account: unknown): string {
  const label = accountWords(account);
  return e.member_email ? `${e.member_email}’s ${label}` : `the ${label}`;
}

const of = (e: AuditLine): string => (e.member_email ? ` of ${e.member_email}` : '');
const forMember = (e: AuditLine): string => (e.member_email ? ` for ${e.member_email}` : '');

/** Transfers' kinds inside a sentence, with their article. */
const TRANSFER_NOUNS: Readonly<Record<string, string>> = {
  deposit: 'a deposit',
  withdrawal: 'a withdrawal',
  subscription: 'an investment',
  redemption: 'a redemption',
  return: 'a return',
  referral_bonus: 'a referral bonus',
  fee: 'a fee',
  correction: 'a correction',
};

/** "a correction of $250.00", from a transfer's after-image. */
function transferWords(after: Fields): string {
  const kind = text(after.kind);
  return `${TRANSFER_NOUNS[kind] ?? `a ${kind || 'transfer'}`} of ${formatUsd(text(after.amount))}`;
}

const VOID_WORDS: Readonly<Record<string, string>> = {
  rejected: 'rejected',
  withdrawn: 'retracted by its proposer',
  cancelled: 'cancelled by the member',
  expired: 'expired',
};

const CHANGE_WORDS: Readonly<Record<string, string>> = {
  deposit_address: 'a deposit address change',
  staff_role: 'a staff role change',
  firm_settings: 'a firm settings change',
  unfreeze: 'lifting a withdrawal freeze',
  plan_terms: 'a plan terms change',
  returns_run: 'a monthly returns run',
};

/** A staff proposal's event: "approved a staff role change (proposal #12) about bob@example.com". */
const proposal =
  (verb: string) =>
  (e: AuditLine, a: Fields): string =>
    `${verb} ${CHANGE_WORDS[text(a.change)] ?? text(a.change)} (proposal #${text(a.proposal_id)})${e.member_email ? ` about ${e.member_email}` : ''}`;

/** What happened, after the actor: a verb phrase, per kind. */
const PHRASES: Readonly<Record<string, (e: AuditLine, after: Fields, before: Fields) => string>> = {
  transfer_pending: (e, a) => `proposed ${transferWords(a)} for ${whose(e, a.account)}`,
  transfer_posted: (e, a) =>
    `${a.proposed_by ? 'approved' : 'posted'} ${transferWords(a)} for ${whose(e, a.account)}`,
  transfer_voided: (e, a) =>
    `voided ${transferWords(a)} for ${whose(e, a.account)} (${VOID_WORDS[text(a.void_reason)] ?? (text(a.void_reason) || 'released')})`,
  transfer_expiry_changed: (e, a) => `changed when transfer #${text(a.transfer_id)}${of(e)} expires`,
  ledger_entry: (e, a) =>
    `moved ${whose(e, a.account)} by ${formatUsd(text(a.delta), { signed: true })} (${formatUsd(text(a.balance_before))} → ${formatUsd(text(a.balance_after))})`,
  staff_proposal_open: proposal('proposed'),
  staff_proposal_approved: proposal('approved'),
  staff_proposal_rejected: proposal('rejected'),
  staff_proposal_withdrawn: proposal('retracted'),
  staff_proposal_expired: proposal('expired'),
  staff_proposal_expiry_changed: (_e, a) => `changed when proposal #${text(a.proposal_id)} expires`,
  firm_settings_changed: () => 'changed the firm’s settings',
  plan_terms_changed: (_e, a) => `changed the terms of the ${text(a.plan) || 'plan'} plan`,
  withdrawal_filed: (e, a) => `requested a withdrawal of ${formatUsd(text(a.amount))}${forMember(e)}`,
  withdrawal_approved: (e, a) => `approved a withdrawal of ${formatUsd(text(a.amount))}${forMember(e)}`,
  withdrawal_paid: (e, a) => `marked a withdrawal of ${formatUsd(text(a.amount))}${forMember(e)} paid`,
  withdrawal_rejected: (e, a) => `rejected a withdrawal of ${formatUsd(text(a.amount))}${forMember(e)}`,
  withdrawal_cancelled: (e, a) => `cancelled a withdrawal of ${formatUsd(text(a.amount))}${forMember(e)}`,
  deposit_notice_filed: (e, a) =>
    `filed a deposit notice of ${text(a.quantity)} ${text(a.asset)}${forMember(e)}`.trimEnd(),
  deposit_notice_valued: (e, a) =>
    `valued a deposit notice of ${text(a.quantity)} ${text(a.asset)} at ${formatUsd(text(a.amount))}${forMember(e)}`,
  deposit_notice_confirmed: (e, a) =>
    `credited a deposit notice of ${text(a.quantity)} ${text(a.asset)}${forMember(e)}`,
  deposit_notice_rejected: (e, a) =>
    `rejected a deposit notice of ${text(a.quantity)} ${text(a.asset)}${forMember(e)}`,
  withdrawals_frozen: (e) => `froze the withdrawals${of(e)}`,
  withdrawals_unfrozen: (e) => `lifted the withdrawal freeze${of(e)}`,
  address_edit: () => 'changed a deposit wallet’s address or status',
  address_added: (e) => `added a withdrawal address${forMember(e)}`,
  address_removed: (e) => `removed a withdrawal address${forMember(e)}`,
  address_cooling_off_changed: (e) => `changed when a withdrawal address${of(e)} becomes usable`,
  security_hold_started: (e) => `started a security hold${of(e)}`,
  security_hold_changed: (e) => `changed the security hold${of(e)}`,
  role_granted: (e, a) => `made ${e.member_email || 'someone'} ${text(a.role)} staff`,
  role_changed: (e, a, b) =>
    `changed the staff role of ${e.member_email || 'someone'} from ${text(b.role)} to ${text(a.role)}`,
  role_revoked: (e) => `revoked the staff access of ${e.member_email || 'someone'}`,
  mfa_reset: (e) => `reset the authenticator${of(e)}`,
  member_email_changed: (_e, a, b) => `changed an e-mail from ${text(b.email)} to ${text(a.email)}`,
  member_password_changed: (e) => `changed the password${of(e)}`,
  member_factor_enrolled: (e) => `added an authenticator${forMember(e)}`,
  member_factor_removed: (e) => `removed an authenticator${forMember(e)}`,
  statement_issued: (e) => `issued a statement${forMember(e)}`,
  statement_published: (e) => `published a statement${forMember(e)}`,
  statement_failed: (e) => `failed to produce a statement${forMember(e)}`,
  statement_run_started: () => 'started a monthly statement run',
  statement_run_finished: () => 'finished a monthly statement run',
};

/** The event as one sentence, its reason or note after a colon. */
export function auditSentence(e: AuditLine): string {
  const phrase = PHRASES[e.kind];
  const what = phrase
    ? phrase(e, fields(e.after), fields(e.before))
    : `recorded “${auditKindWords(e.kind)}”${forMember(e)}`;
  return `${actorWords(e)} ${what}${e.reason ? `: ${isolate(e.reason)}` : '.'}`;
}
