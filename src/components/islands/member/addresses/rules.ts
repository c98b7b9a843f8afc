import type { FormProblem } from '~/lib/form-rules';
import type { AddressNetwork } from '~/lib/addresses';
import { networkName, type DepositWallet } from '~/lib/wallets';
import { isActive, timeLeftIn, type AddressEntry } from '~/lib/withdrawal-addresses';
import { formatDateTimeIn } from '~/lib/date-time-in-language';
import { ltrIn } from '~/lib/bidi';
import { fill } from '~/i18n/fill';
import type { AddressesWords } from '~/i18n/member/pages/addresses';

/*
 * The address book's rules and sentences (issue 25), in the page's language (issue 36): the words are
 * the page's (src/i18n/member/pages/addresses.ts), the checks are the same in every language.
 */

/** The largest XRP Ledger destination tag (an unsigned 32-bit number). */
export const MAX_TAG = 4294967295;

/** How the member proves it is them before an address is added. */
/** `newFactor`: the authenticator was added in this session, so the mailed code comes first. */
export type StepUp =
  { kind: 'email'; email: string; newFactor?: boolean } | { kind: 'totp'; factorId: string };

/** What the step-up prompt asks for. The e-mail address reads left to right on an Arabic page. */
export function stepUpPrompt(stepUp: StepUp, words: AddressesWords['stepUp'], locale: string): string {
  if (stepUp.kind === 'totp') return words.totp;
  return fill(stepUp.newFactor ? words.newFactor : words.email, { email: ltrIn(locale, stepUp.email) });
}

/** The step-up code field's label (its accessible name). */
export function stepUpLabel(stepUp: StepUp, words: AddressesWords['stepUp']): string {
  return stepUp.kind === 'email' ? words.emailLabel : words.totpLabel;
}

/** The add form's values as typed, with the wallet they are for (undefined when none is offered). */
export interface AddressDraft {
  wallet: Pick<DepositWallet, 'network'> | undefined;
  address: string;
  tag: string;
  label: string;
}

/** The address check of ~/lib/addresses, passed in so the page can load it with the first submit. */
export interface AddressValidators {
  isValidAddress: (network: AddressNetwork, address: string) => boolean;
}

/**
 * What is wrong with the draft, in the page's words, with the field to fix (named by its control's
 * id), or null. `validators` is called only once there is a wallet to check the address for.
 */
export async function addressProblem(
  draft: AddressDraft,
  validators: () => Promise<AddressValidators>,
  words: Pick<AddressesWords, 'problems' | 'networks'>,
): Promise<FormProblem | null> {
  const { wallet } = draft;
  const { problems } = words;
  if (!wallet) return { message: problems.asset, fields: ['address-asset'] };
  const { isValidAddress } = await validators();
  const address = draft.address.trim();
  const tag = draft.tag.trim();
  const label = draft.label.trim();
  if (!address) return { message: problems.required, fields: ['address-value'] };
  if (!isValidAddress(wallet.network, address)) {
    return {
      message: fill(problems.invalid, { network: words.networks[wallet.network] }),
      fields: ['address-value'],
    };
  }
  if (wallet.network === 'ripple' && tag && (!/^\d{1,10}$/.test(tag) || Number(tag) > MAX_TAG)) {
    return { message: fill(problems.tag, { max: MAX_TAG }), fields: ['address-tag'] };
  }
  if (!label || label.length > 60) {
    return { message: problems.label, fields: ['address-label'] };
  }
  return null;
}

/** "BTC on Bitcoin": which asset an entry is for ("Wallet 7" when the wallet is not listed). */
export function entryWalletText(
  wallet: Pick<DepositWallet, 'asset' | 'network'> | undefined,
  walletId: number,
  words: Pick<AddressesWords, 'list' | 'walletNetworks'>,
): string {
  if (!wallet) return fill(words.list.unknownWallet, { id: walletId });
  return fill(words.list.onNetwork, {
    asset: wallet.asset,
    network: words.walletNetworks[networkName(wallet.network, wallet.asset)],
  });
}

/** When an entry can receive withdrawals, with the countdown while it is pending. */
export function usableText(
  entry: Pick<AddressEntry, 'usable_from'>,
  now: number,
  words: AddressesWords['list'],
  locale: string,
): string {
  const when = formatDateTimeIn(locale, entry.usable_from);
  return isActive(entry, now)
    ? fill(words.usableSince, { when })
    : fill(words.usableFrom, { when, left: timeLeftIn(words, entry, now) });
}
