import type { WithdrawableAccount } from '~/lib/accounts';
import type { FormProblem } from '~/lib/form-rules';
import { MAX_AMOUNT, amountProblem, compareAmounts } from '~/lib/money';
import { formatUsdIn } from '~/lib/money-in-language';
import { ltrIn } from '~/lib/bidi';
import { networkLabel, type DepositWallet } from '~/lib/wallets';
import { isActive, timeLeftIn, type AddressEntry } from '~/lib/withdrawal-addresses';
import { fill } from '~/i18n/fill';
import type { WithdrawWords } from '~/i18n/member/pages/withdraw';
import type { MemberWords } from '~/i18n/member/en';

/** The accounts' names in the page's language (the shell's `accounts`). */
type AccountNames = MemberWords['accounts'];

/** The page's words the withdraw form reads (src/i18n/member/pages/withdraw.ts). */
type FormWords = WithdrawWords['form'];

/** "$400.00 reserved": what open requests hold in an account, in the page's language. */
export function reservedText(words: FormWords, locale: string, amount: string): string {
  return fill(words.reserved, { amount: ltrIn(locale, formatUsdIn(locale, amount)) });
}

/** "Ledger · Bitcoin · 1A1z…DivfNa": how a destination reads in the choice (names and addresses as they are). */
export function destinationText(
  words: FormWords,
  entry: AddressEntry,
  wallet: DepositWallet | undefined,
): string {
  const short =
    entry.address.length > 16 ? `${entry.address.slice(0, 6)}…${entry.address.slice(-6)}` : entry.address;
  const network = wallet ? networkLabel(wallet.network, wallet.asset) : '';
  const tag = entry.destination_tag ? ` · ${fill(words.tag, { tag: entry.destination_tag })}` : '';
  return [entry.label, network, short].filter(Boolean).join(' · ') + tag;
}

/** The address book entries for one wallet: those withdrawals may go to now, and those still waiting. */
export function destinationsFor(
  addresses: readonly AddressEntry[] | null,
  walletId: number | undefined,
  now: number = Date.now(),
): { active: AddressEntry[]; waiting: AddressEntry[] } {
  const forWallet = (addresses ?? []).filter((a) => a.wallet_id === walletId);
  return {
    active: forWallet.filter((a) => isActive(a, now)),
    waiting: forWallet.filter((a) => !isActive(a, now)),
  };
}

/** "“Ledger” can be used in 4 min.": one sentence for each entry still in its waiting period. */
export function waitingText(
  words: FormWords,
  waiting: readonly AddressEntry[],
  now: number = Date.now(),
): string {
  return waiting
    .map((a) => fill(words.waiting, { label: a.label, left: timeLeftIn(words, a, now) }))
    .join(' ');
}

export interface WithdrawalDraft {
  wallet: Pick<DepositWallet, 'wallet_name'> | undefined;
  /** The account chosen to withdraw from. */
  account: WithdrawableAccount | undefined;
  amount: string;
  /** What that account has available; null while it loads (then the server checks it). */
  available: string | null;
  destination: AddressEntry | undefined;
}

/** What is wrong, with the field to fix (named by its control's id), or null. */
/** The id of an account's choice in the withdraw form (the radio button). */
export const accountFieldId = (account: WithdrawableAccount): string => `withdraw-account-${account}`;

export function withdrawalProblem(
  { wallet, account, amount, available, destination }: WithdrawalDraft,
  { locale, words, accounts }: { locale: string; words: WithdrawWords['problems']; accounts: AccountNames },
): FormProblem | null {
  if (!account) return { message: words.account, fields: [accountFieldId('deposit_wallet')] };
  if (!wallet) return { message: words.asset, fields: ['withdraw-asset'] };
  const amountWrong = (message: string) => ({ message, fields: ['withdraw-amount'] });
  const bad = amountProblem(amount);
  if (bad) return amountWrong(fill(words[bad], { max: MAX_AMOUNT }));
  if (compareAmounts(amount, '0') <= 0) return amountWrong(words.zero);
  if (available !== null && compareAmounts(amount, available) > 0) {
    const shown = ltrIn(locale, formatUsdIn(locale, available));
    return amountWrong(fill(words.overAvailable, { account: accounts[account], available: shown }));
  }
  if (!destination) {
    return {
      message: fill(words.noDestination, { wallet: wallet.wallet_name }),
      fields: ['withdraw-destination'],
    };
  }
  return null;
}
