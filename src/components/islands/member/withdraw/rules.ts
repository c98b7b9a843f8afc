import { ACCOUNT_LABELS, type WithdrawableAccount } from '~/lib/accounts';
import type { FormProblem } from '~/lib/form-rules';
import { amountError, compareAmounts, formatUsd } from '~/lib/money';
import { networkLabel, type DepositWallet } from '~/lib/wallets';
import { isActive, timeLeft, type AddressEntry } from '~/lib/withdrawal-addresses';

export const REQUEST_SENT =
  'Withdrawal request sent. Its amount is reserved in the account you chose while we review it.';

/** The headings of the member's list of notices and requests (RequestList and its placeholder). */
export const REQUESTS_HEADING = 'Your requests and notices';
export const NOTICES_HEADING = 'Your deposit notices';

/** What the withdraw form says about the account choice and the one account that is not offered. */
export const ACCOUNT_CHOICE_LEGEND = 'Withdraw from';
export const ACCOUNT_CHOICE_TEXT = 'Choose the account to withdraw from.';
export const AVAILABLE_LABEL = 'Available';
/** "$400.00 reserved": what open requests hold in an account. */
export const reservedText = (amount: string): string => `${formatUsd(amount)} reserved`;
export const PRINCIPAL_NOT_WITHDRAWABLE =
  'Invested principal (Total Invest) cannot be withdrawn while it is invested.';

/** "Ledger · Bitcoin · 1A1z…DivfNa": how a destination reads in the choice. */
export function destinationText(entry: AddressEntry, wallet: DepositWallet | undefined): string {
  const short =
    entry.address.length > 16 ? `${entry.address.slice(0, 6)}…${entry.address.slice(-6)}` : entry.address;
  const network = wallet ? networkLabel(wallet.network, wallet.asset) : '';
  const tag = entry.destination_tag ? ` · tag ${entry.destination_tag}` : '';
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
export function waitingText(waiting: readonly AddressEntry[], now: number = Date.now()): string {
  return waiting.map((a) => `“${a.label}” can be used in ${timeLeft(a, now)}.`).join(' ');
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

export function withdrawalProblem({
  wallet,
  account,
  amount,
  available,
  destination,
}: WithdrawalDraft): FormProblem | null {
  if (!account) {
    return { message: 'Choose the account to withdraw from.', fields: [accountFieldId('deposit_wallet')] };
  }
  if (!wallet) return { message: 'Choose the asset to withdraw.', fields: ['withdraw-asset'] };
  const amountProblem = (message: string) => ({ message, fields: ['withdraw-amount'] });
  const bad = amountError(amount, 'Amount');
  if (bad) return amountProblem(bad);
  if (compareAmounts(amount, '0') <= 0) return amountProblem('Amount must be more than zero.');
  if (available !== null && compareAmounts(amount, available) > 0) {
    return amountProblem(
      `Amount must not be more than your ${ACCOUNT_LABELS[account]} has available: ${formatUsd(available)}.`,
    );
  }
  if (!destination) {
    return {
      message: `Add a ${wallet.wallet_name} address on the Addresses page first.`,
      fields: ['withdraw-destination'],
    };
  }
  return null;
}
