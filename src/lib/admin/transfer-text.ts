import { ACCOUNT_LABELS, LEDGER_ACCOUNTS, type LedgerAccount } from '~/lib/accounts';
import type { FormProblem } from '~/lib/form-rules';
import { compareAmounts, MAX_AMOUNT } from '~/lib/money';
import { CORRECTION_ENTRY } from './correction-entry';

/*
 * The words of the money engine's transfers for staff (docs/money-and-trust.md), and the client-side
 * checks on a correction. Pure: no database client, so the users table, the approvals queue and the
 * ledger dialog read them without loading anything else. The database re-checks every write.
 */

/** Transfer kinds (public.transfers.kind) as staff read them. */
export const TRANSFER_KIND_LABELS: Record<string, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  subscription: 'Investment',
  redemption: 'Redemption',
  return: 'Return',
  referral_bonus: 'Referral bonus',
  fee: 'Fee',
  correction: 'Correction',
};

export function transferKindLabel(kind: string): string {
  return TRANSFER_KIND_LABELS[kind] ?? kind;
}

/** Why staff credit or debit a member by hand (public.transfers.category for corrections). */
export const CORRECTION_CATEGORIES = ['error_correction', 'goodwill', 'opening_balance', 'other'] as const;
export type CorrectionCategory = (typeof CORRECTION_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<CorrectionCategory, string> = {
  error_correction: 'Error correction',
  goodwill: 'Goodwill',
  opening_balance: 'Opening balance',
  other: 'Other',
};

export function categoryLabel(category: string): string {
  return (CATEGORY_LABELS as Record<string, string>)[category] ?? category;
}

/** The accounts a correction may move: the member's four ledger accounts. */
export const CORRECTION_ACCOUNTS: readonly LedgerAccount[] = LEDGER_ACCOUNTS;

/** What the correction dialog's fields are called, and what each says about who reads it. */
export const CORRECTION_TEXT = {
  ...CORRECTION_ENTRY,
  account: 'Account',
  plan: 'Plan',
  planHint: 'Invested principal is held in a plan: the correction moves this plan’s principal.',
  loadingPlans: 'Loading plans…',
  amount: 'Amount (USD, signed)',
  amountHint: 'A plain number credits the member; a minus sign debits them. For example 12.50 or -12.50.',
  category: 'Category',
  clientText: 'Text the client reads on their statement',
  clientTextHint:
    'The client reads this, word for word, on their statement and in their activity. Write it for them.',
  internalNote: 'Internal note (staff only)',
  internalNoteHint: 'Only staff read this. The client never sees it.',
  fourEyes:
    'Nothing moves until another finance admin or owner approves it on the Approvals page (a correction below the firm’s small-edit threshold is posted at once).',
  choose: 'Choose…',
  submit: 'Propose credit / debit',
  busy: 'Proposing…',
  failure: 'Could not propose the correction.',
  proposed: (name: string) =>
    `Proposed a correction for ${name}: another finance admin or owner must approve it.`,
  posted: (name: string) =>
    `Posted the correction for ${name} at once: it is below the firm’s small-edit threshold, so no second admin is needed.`,
} as const;

/** A correction as typed in the dialog. */
export interface CorrectionDraft {
  account: LedgerAccount | '';
  /** The plan (slug) of a correction of Total Invest; ignored for the other accounts. */
  plan?: string;
  amount: string;
  category: CorrectionCategory | '';
  clientText: string;
  internalNote: string;
}

/** The dialog's field ids (problems name the field to fix). */
export const CORRECTION_FIELDS = {
  account: 'correction-account',
  plan: 'correction-plan',
  amount: 'correction-amount',
  category: 'correction-category',
  clientText: 'correction-client-text',
  internalNote: 'correction-internal-note',
} as const;

const SIGNED_AMOUNT = /^[+-]?(\d+)(?:\.(\d{1,2}))?$/;

/** What is wrong with a signed amount ("-12.50" debits, "12.50" credits), or null. */
export function signedAmountError(text: string): string | null {
  const value = text.trim();
  if (value === '') return 'Amount is required.';
  if (!SIGNED_AMOUNT.test(value)) {
    return 'Amount must be a number with at most 2 decimals, with a minus sign to debit (for example -12.50).';
  }
  const magnitude = value.replace(/^[+-]/, '');
  if (compareAmounts(magnitude, '0') === 0) return 'Amount must not be zero.';
  if (compareAmounts(magnitude, MAX_AMOUNT) > 0) return `Amount must be at most ${MAX_AMOUNT} either way.`;
  return null;
}

/** Checks the whole draft, in the dialog's order; null when it may be sent. */
export function correctionProblem(draft: CorrectionDraft): FormProblem | null {
  if (!draft.account) return { message: 'Choose the account.', fields: [CORRECTION_FIELDS.account] };
  if (draft.account === 'total_invest' && !draft.plan) {
    return { message: 'Choose the plan this correction is in.', fields: [CORRECTION_FIELDS.plan] };
  }
  const amount = signedAmountError(draft.amount);
  if (amount) return { message: amount, fields: [CORRECTION_FIELDS.amount] };
  if (!draft.category) return { message: 'Choose the category.', fields: [CORRECTION_FIELDS.category] };
  const client = draft.clientText.trim().length;
  if (client < 3 || client > 500) {
    return {
      message: 'The text the client reads must be 3 to 500 characters.',
      fields: [CORRECTION_FIELDS.clientText],
    };
  }
  if (draft.internalNote.trim().length > 500) {
    return {
      message: 'The internal note must be at most 500 characters.',
      fields: [CORRECTION_FIELDS.internalNote],
    };
  }
  return null;
}

/** "to Deposit Wallet" for a credit, "from Deposit Wallet" for a debit (the amount's sign). */
export function movementText(signedUsd: string, account: string): string {
  const label = (ACCOUNT_LABELS as Record<string, string>)[account] ?? account;
  return signedUsd.trim().startsWith('-') ? `from ${label}` : `to ${label}`;
}

/** The two texts of a transfer, labelled wherever staff read them: which one the client reads. */
export const CLIENT_TEXT_LABEL = 'Text the client reads';
export const INTERNAL_NOTE_LABEL = 'Internal note (staff only)';

/** The words of a pending transfer's card (Approvals) and box (users table). */
export const TRANSFER_TERMS = {
  awaiting: 'Awaiting approval',
  member: 'Member',
  account: 'Account',
  credit: 'Credit',
  debit: 'Debit',
  category: 'Category',
  received: 'Received',
  rate: 'Rate',
  rateSource: 'Rate source',
  notice: 'Deposit notice',
  proposedBy: (who: string) => `proposed by ${who}`,
  you: 'you',
  anotherAdmin: 'another admin',
  approved: (kind: string, amount: string, email: string) =>
    `Approved: ${kind.toLowerCase()} of ${amount} for ${email} is posted.`,
  subject: (kind: string, email: string) => `the ${kind.toLowerCase()} for ${email}`,
} as const;

/** Who must act on a pending transfer, said wherever it is shown. */
export const SECOND_APPROVER_TEXT =
  'Another finance admin or owner must approve it (on the Approvals page) before the member’s balance moves.';
