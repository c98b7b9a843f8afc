/**
 * The client-side checks on an admin's balance edit: every amount valid (the database's rule, in
 * money.ts), only real changes sent, and a reason. The database re-validates every save.
 */
import { ACCOUNT_LABELS, BALANCE_ACCOUNTS, type BalanceAccount, type BalanceDraft } from '~/lib/accounts';
import { amountError, canonicalAmount } from '~/lib/money';

/** Checks a whole edited row; returns the per-field messages (empty object when all are valid). */
export function draftErrors(draft: BalanceDraft): Partial<Record<BalanceAccount, string>> {
  const errors: Partial<Record<BalanceAccount, string>> = {};
  for (const account of BALANCE_ACCOUNTS) {
    const message = amountError(draft[account], ACCOUNT_LABELS[account]);
    if (message) errors[account] = message;
  }
  return errors;
}

/**
 * Only the accounts whose typed text differs numerically from what was loaded are sent, so a save
 * writes ledger entries for real changes only ("10" and "10.00" are the same amount).
 */
export function changedAccounts(original: BalanceDraft, draft: BalanceDraft): Partial<BalanceDraft> {
  const changed: Partial<BalanceDraft> = {};
  for (const account of BALANCE_ACCOUNTS) {
    if (canonicalAmount(original[account]) !== canonicalAmount(draft[account]))
      changed[account] = draft[account].trim();
  }
  return changed;
}

/** Every audited change needs a reason; the database accepts 3 to 500 characters after trimming. */
export function reasonError(text: string): string | null {
  const length = text.trim().length;
  return length < 3 || length > 500 ? 'Reason must be 3 to 500 characters.' : null;
}
