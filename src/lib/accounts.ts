/**
 * The six balance cards every member has, in the order the admin table shows them, and the names
 * people read. The cards are derived (docs/money-and-trust.md): four are the balances of the member's
 * ledger accounts, Total Deposit is the sum of credited deposits and Total Withdraw the sum of paid
 * withdrawals. Nobody types any of them. Amounts are text (money.ts).
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

/** One amount per card, as text. */
export type BalanceDraft = Record<BalanceAccount, string>;

/**
 * The member's four ledger accounts (the money engine's member purposes), in the table's order:
 * the only accounts a transfer moves and a statement line names. Total Deposit and Total Withdraw
 * are sums, not accounts.
 */
export const LEDGER_ACCOUNTS = ['interest_wallet', 'deposit_wallet', 'total_invest', 'referral'] as const;

export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/**
 * What a member may withdraw from, in the order the withdraw form offers it: funds not invested,
 * returns and referral earnings. Invested principal (Total Invest) is not withdrawable.
 */
export const WITHDRAWABLE_ACCOUNTS = ['deposit_wallet', 'interest_wallet', 'referral'] as const;

export type WithdrawableAccount = (typeof WITHDRAWABLE_ACCOUNTS)[number];

/** One short line per card saying what it means (dashboard cards, the withdraw form). */
export const ACCOUNT_MEANINGS: Record<BalanceAccount, string> = {
  deposit_wallet: 'Funds not invested',
  interest_wallet: 'Returns paid to you',
  total_invest: 'Principal currently invested',
  total_deposit: 'All deposits credited',
  total_withdraw: 'All withdrawals paid',
  referral: 'Bonuses from people you referred',
};

export function isLedgerAccount(value: unknown): value is LedgerAccount {
  return typeof value === 'string' && (LEDGER_ACCOUNTS as readonly string[]).includes(value);
}

export function isWithdrawableAccount(value: unknown): value is WithdrawableAccount {
  return typeof value === 'string' && (WITHDRAWABLE_ACCOUNTS as readonly string[]).includes(value);
}
