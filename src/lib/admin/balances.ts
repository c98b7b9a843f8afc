/**
 * The six balance accounts an admin edits and the client-side check on what is typed. The rule is
 * the database's (a number, not negative, at most 2 decimals, at most 999999999999.99); the database
 * re-validates every save, this check only spares a round trip and shows the message beside the field.
 * Amounts stay text: nothing here parses them into a float.
 */
export const BALANCE_ACCOUNTS = [
  'interest_wallet',
  'deposit_wallet',
  'total_invest',
  'total_deposit',
  'total_withdraw',
  'referral',
] as const;

export type BalanceAccount = (typeof BALANCE_ACCOUNTS)[number];

export const ACCOUNT_LABELS: Record<BalanceAccount, string> = {
  interest_wallet: 'Interest Wallet',
  deposit_wallet: 'Deposit Wallet',
  total_invest: 'Total Invest',
  total_deposit: 'Total Deposit',
  total_withdraw: 'Total Withdraw',
  referral: 'Referral Earnings',
};

export const MAX_AMOUNT = '999999999999.99';
const AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;

/** Returns the message to show beside the field, or null when the text is an acceptable amount. */
export function amountError(text: string, label: string): string | null {
  const value = text.trim();
  if (value === '') return `${label} is required.`;
  if (value.startsWith('-')) return `${label} must not be negative.`;
  const match = AMOUNT.exec(value);
  if (!match) return `${label} must be a number with at most 2 decimals.`;
  // Compare as digit strings so the bound is exact: drop leading zeros, then length, then lexical order.
  const whole = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  const cents = (match[2] ?? '').padEnd(2, '0');
  const [maxWhole = '', maxCents = ''] = MAX_AMOUNT.split('.');
  const tooBig =
    whole.length > maxWhole.length ||
    (whole.length === maxWhole.length && `${whole}${cents}` > `${maxWhole}${maxCents}`);
  if (tooBig) return `${label} must be at most ${MAX_AMOUNT}.`;
  return null;
}

export type BalanceDraft = Record<BalanceAccount, string>;

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

/** "007.5" → "7.50": a text form for comparing amounts without floating point. */
export function canonicalAmount(text: string): string {
  const match = AMOUNT.exec(text.trim());
  if (!match) return text.trim();
  const whole = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  return `${whole}.${(match[2] ?? '').padEnd(2, '0')}`;
}

/** Every audited change needs a reason; the database accepts 3 to 500 characters after trimming. */
export function reasonError(text: string): string | null {
  const length = text.trim().length;
  return length < 3 || length > 500 ? 'Reason must be 3 to 500 characters.' : null;
}
