import { formatUsd } from '~/lib/money';
import type { BalanceAccount } from '~/lib/accounts';
import type { Profile } from '~/lib/profile-row';

/*
 * The balance cards' values, shared by the React cards (BalanceCards.tsx) and the early paint
 * (early-balances.ts), which fills the server-rendered placeholders before React has loaded: both
 * must produce the same element, so React's takeover changes nothing on screen.
 */

/** The member dashboard's own order and card titles (the spec's), not the admin table's. */
export const BALANCE_CARDS: { account: BalanceAccount; label: string }[] = [
  { account: 'deposit_wallet', label: 'Deposit Wallet Balance' },
  { account: 'interest_wallet', label: 'Interest Wallet Balance' },
  { account: 'total_invest', label: 'Total Invest' },
  { account: 'total_deposit', label: 'Total Deposit' },
  { account: 'total_withdraw', label: 'Total Withdraw' },
  { account: 'referral', label: 'Referral Earnings' },
];

/** A value's element. */
export const BALANCE_VALUE_CLASS = 'mt-2 block font-serif text-3xl text-ink-950 tabular-nums';
/** Where a value will be, and as tall (text-3xl's line): nothing moves when it arrives. */
export const BALANCE_PLACEHOLDER_CLASS = 'mt-2 block h-9 w-32 animate-pulse rounded bg-mist-200';

export const balanceTestId = (account: BalanceAccount): string => `balance-${account}`;

/**
 * Turns every value placeholder under `root` into the value React would render for `profile`, and
 * marks the cards' region as no longer busy.
 */
export function fillBalanceSlots(root: ParentNode, profile: Profile): void {
  for (const slot of root.querySelectorAll<HTMLElement>('[data-balance-slot]')) {
    const account = BALANCE_CARDS.find((card) => card.account === slot.dataset['balanceSlot'])?.account;
    if (!account) continue;
    slot.removeAttribute('data-balance-slot');
    slot.removeAttribute('aria-hidden');
    slot.className = BALANCE_VALUE_CLASS;
    slot.dataset['testid'] = balanceTestId(account);
    slot.textContent = formatUsd(profile[account]);
  }
  for (const region of root.querySelectorAll('[data-balances][aria-busy]'))
    region.setAttribute('aria-busy', 'false');
}
