import { formatUsdIn, NO_BREAK_SPACE } from '~/lib/money-in-language';
import type { BalanceAccount } from '~/lib/accounts';
import type { Profile } from '~/lib/profile-row';

/*
 * The balance cards' values, shared by the React cards (BalanceCards.tsx) and the early paint
 * (early-balances.ts), which fills the server-rendered placeholders before React has loaded: both
 * must produce the same element, so React's takeover changes nothing on screen.
 */

/**
 * The member dashboard's own order (the spec's), not the admin table's; each card's title and the
 * line saying what it means are the page's words (src/i18n/member/<locale>.ts, balances.cards).
 */
export const BALANCE_ACCOUNTS_SHOWN: readonly BalanceAccount[] = [
  'deposit_wallet',
  'interest_wallet',
  'total_invest',
  'total_deposit',
  'total_withdraw',
  'referral',
];

/**
 * A value's element. The figure is always left to right (dir="ltr"), aligned with the card's words
 * on an Arabic page (rtl:text-end: the right edge, as the title above it). On a phone, where the cards
 * stand two to a row, its size follows the card's width (11% of it, at most text-xl; each card is a
 * size container), so "99,999,999.99" fits whole in a card of a 320 px screen; the line stays
 * text-xl's 28 px, as tall as the placeholder. A balance that still does not fit breaks between the
 * figure and its currency (breakableAmount), and only then, wrap-anywhere, inside the figure.
 */
export const BALANCE_VALUE_CLASS =
  'mt-1 block font-serif text-[min(1.25rem,11cqi)] leading-7 wrap-anywhere text-ink-950 tabular-nums sm:mt-2 sm:text-3xl sm:leading-9 rtl:text-end';
/** The element each card is: the size container its value's type follows. */
export const BALANCE_CARD_ITEM_CLASS = '@container';
/** Where a value will be, and as tall (text-xl's line, text-3xl's from sm): nothing moves when it arrives. */
export const BALANCE_PLACEHOLDER_CLASS =
  'mt-1 block h-7 w-24 animate-pulse rounded bg-mist-200 sm:mt-2 sm:h-9 sm:w-32';

/**
 * An amount split where a narrow card may break it, between the figure and its currency: after a
 * leading "US$" (Hong Kong Chinese), so "US$99,999,999.99" wraps as "US$" over the figure rather than
 * inside the figure; before a trailing one (Arabic), whose no-break space keeps an amount whole in a
 * sentence but becomes a plain space here, so the figure stays whole over its "US$". Both the cards
 * and the early paint put a <wbr> between the two parts.
 */
export function breakableAmount(text: string): [first: string, second: string] {
  if (text.startsWith('US$')) return ['US$', text.slice(3)];
  const arabicCurrency = `${NO_BREAK_SPACE}US$`;
  if (text.endsWith(arabicCurrency)) return [text.slice(0, -arabicCurrency.length), ' US$'];
  return ['', text];
}

export const balanceTestId = (account: BalanceAccount): string => `balance-${account}`;

/**
 * Turns every value placeholder under `root` into the value React would render for `profile`, and
 * marks the cards' region as no longer busy.
 */
export function fillBalanceSlots(root: ParentNode, profile: Profile): void {
  for (const slot of root.querySelectorAll<HTMLElement>('[data-balance-slot]')) {
    const account = BALANCE_ACCOUNTS_SHOWN.find((shown) => shown === slot.dataset['balanceSlot']);
    if (!account) continue;
    // The cards' language, as BalanceCards wrote it on their region (the amount's currency mark).
    const locale = slot.closest<HTMLElement>('[data-balances]')?.dataset['locale'];
    slot.removeAttribute('data-balance-slot');
    slot.removeAttribute('aria-hidden');
    slot.className = BALANCE_VALUE_CLASS;
    slot.dataset['testid'] = balanceTestId(account);
    slot.dir = 'ltr';
    const [first, second] = breakableAmount(formatUsdIn(locale, profile[account]));
    slot.replaceChildren(...(first ? [first, document.createElement('wbr'), second] : [second]));
  }
  for (const region of root.querySelectorAll('[data-balances][aria-busy]'))
    region.setAttribute('aria-busy', 'false');
}
