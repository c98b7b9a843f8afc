import { formatUsd } from '~/lib/money';
import { ACCOUNT_MEANINGS, type BalanceAccount } from '~/lib/accounts';
import type { Profile } from '~/lib/profile-row';

/*
 * The balance cards' values, shared by the React cards (BalanceCards.tsx) and the early paint
 * (early-balances.ts), which fills the server-rendered placeholders before React has loaded: both
 * must produce the same element, so React's takeover changes nothing on screen.
 */

/**
 * The member dashboard's own order and card titles (the spec's), not the admin table's, each with
 * one line saying what it means (every card is derived from the ledger; nobody types it).
 */
export const BALANCE_CARDS: { account: BalanceAccount; label: string; meaning: string }[] = (
  [
    ['deposit_wallet', 'Deposit Wallet Balance'],
    ['interest_wallet', 'Interest Wallet Balance'],
    ['total_invest', 'Total Invest'],
    ['total_deposit', 'Total Deposit'],
    ['total_withdraw', 'Total Withdraw'],
    ['referral', 'Referral Earnings'],
  ] as const
).map(([account, label]) => ({ account, label, meaning: ACCOUNT_MEANINGS[account] }));

/**
 * A value's element. Smaller on a phone, where the cards stand two to a row; a seven-figure balance
 * that still does not fit wraps rather than being cut off.
 */
export const BALANCE_VALUE_CLASS =
  'mt-1 block font-serif text-xl wrap-anywhere text-ink-950 tabular-nums sm:mt-2 sm:text-3xl';
/** Where a value will be, and as tall (text-xl's line, text-3xl's from sm): nothing moves when it arrives. */
export const BALANCE_PLACEHOLDER_CLASS =
  'mt-1 block h-7 w-24 animate-pulse rounded bg-mist-200 sm:mt-2 sm:h-9 sm:w-32';

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
