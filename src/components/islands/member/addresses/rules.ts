import { formatDateTime } from '~/lib/date-time';
import type { FormProblem } from '~/lib/form-rules';
import type { AddressNetwork } from '~/lib/addresses';
import { networkLabel, type DepositWallet } from '~/lib/wallets';
import { isActive, timeLeft, type AddressEntry } from '~/lib/withdrawal-addresses';

/** The largest XRP Ledger destination tag (an unsigned 32-bit number). */
export const MAX_TAG = 4294967295;
export const ADDRESS_ADDED = 'Address added. You can withdraw to it once its waiting period is over.';

/** How the member proves it is them before an address is added. */
/** `newFactor`: the authenticator was added in this session, so the mailed code comes first. */
export type StepUp =
  { kind: 'email'; email: string; newFactor?: boolean } | { kind: 'totp'; factorId: string };

/** What the step-up prompt asks for. */
export function stepUpPrompt(stepUp: StepUp): string {
  if (stepUp.kind === 'totp') return 'Enter the 6-digit code from your authenticator app to add the address.';
  return stepUp.newFactor
    ? `Your authenticator app was added in this session, so it cannot confirm this yet. We sent a code to ${stepUp.email}: enter it, then the code from your authenticator app.`
    : `We sent a code to ${stepUp.email}. Enter it to add the address.`;
}

/** The step-up code field's label (its accessible name). */
export function stepUpLabel(stepUp: StepUp): string {
  return stepUp.kind === 'email' ? 'Code from the e-mail' : 'Authenticator code';
}

/** The add form's values as typed, with the wallet they are for (undefined when none is offered). */
export interface AddressDraft {
  wallet: Pick<DepositWallet, 'network'> | undefined;
  address: string;
  tag: string;
  label: string;
}

/** The address checks of ~/lib/addresses, passed in so the page can load them with the first submit. */
export interface AddressValidators {
  isValidAddress: (network: AddressNetwork, address: string) => boolean;
  invalidAddressMessage: (network: AddressNetwork) => string;
}

/**
 * What is wrong with the draft, with the field to fix (named by its control's id), or null.
 * `validators` is called only once there is a wallet to check the address for.
 */
export async function addressProblem(
  draft: AddressDraft,
  validators: () => Promise<AddressValidators>,
): Promise<FormProblem | null> {
  const { wallet } = draft;
  if (!wallet) return { message: 'Choose the asset.', fields: ['address-asset'] };
  const { isValidAddress, invalidAddressMessage } = await validators();
  const address = draft.address.trim();
  const tag = draft.tag.trim();
  const label = draft.label.trim();
  if (!address) return { message: 'Address is required.', fields: ['address-value'] };
  if (!isValidAddress(wallet.network, address)) {
    return { message: invalidAddressMessage(wallet.network), fields: ['address-value'] };
  }
  if (wallet.network === 'ripple' && tag && (!/^\d{1,10}$/.test(tag) || Number(tag) > MAX_TAG)) {
    return {
      message: `Destination tag must be a whole number from 0 to ${MAX_TAG}.`,
      fields: ['address-tag'],
    };
  }
  if (!label || label.length > 60) {
    return { message: 'Label is required (up to 60 characters).', fields: ['address-label'] };
  }
  return null;
}

/** "BTC on Bitcoin": which asset an entry is for ("Wallet 7" when the wallet is not listed). */
export function entryWalletText(wallet: DepositWallet | undefined, walletId: number): string {
  return wallet ? `${wallet.asset} on ${networkLabel(wallet.network, wallet.asset)}` : `Wallet ${walletId}`;
}

/** When an entry can receive withdrawals, with the countdown while it is pending. */
export function usableText(entry: Pick<AddressEntry, 'usable_from'>, now: number): string {
  const when = formatDateTime(entry.usable_from);
  return isActive(entry, now) ? `Usable since ${when}` : `Usable from ${when} (in ${timeLeft(entry, now)})`;
}
