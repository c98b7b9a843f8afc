/**
 * The six balance accounts every member has, in the order they are shown, and the names people
 * read. Members see them on their cards and statement; admins edit them. Amounts are text (money.ts).
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

/** One amount per account, as text. */
export type BalanceDraft = Record<BalanceAccount, string>;
