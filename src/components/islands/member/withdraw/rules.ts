import type { FormProblem } from '~/lib/form-rules';
import { amountError, compareAmounts, formatUsd } from '~/lib/money';
import { networkLabel, type DepositWallet } from '~/lib/wallets';
import { isActive, timeLeft, type AddressEntry } from '~/lib/withdrawal-addresses';

export const REQUEST_SENT = 'Withdrawal request sent. We will review it shortly.';

const STATUS_STYLES: Record<string, string> = {
  pending: 'bg-accent-300/40 text-ink-950',
  approved: 'bg-mist-200 text-ink-950',
  confirmed: 'bg-success-600 text-white',
  paid: 'bg-success-600 text-white',
  rejected: 'bg-danger-600 text-white',
  cancelled: 'bg-mist-200 text-ink-950',
};

/** The colours of a request's status badge. */
export function statusStyle(status: string): string {
  return STATUS_STYLES[status] ?? 'bg-mist-200';
}

/** "pending" → "Pending". */
export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

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
  amount: string;
  /** The member's withdrawable balance; null while it loads (then the server checks it). */
  withdrawable: string | null;
  destination: AddressEntry | undefined;
}

/** What is wrong, with the field to fix (named by its control's id), or null. */
export function withdrawalProblem({
  wallet,
  amount,
  withdrawable,
  destination,
}: WithdrawalDraft): FormProblem | null {
  if (!wallet) return { message: 'Choose the asset to withdraw.', fields: ['withdraw-asset'] };
  const amountProblem = (message: string) => ({ message, fields: ['withdraw-amount'] });
  const bad = amountError(amount, 'Amount');
  if (bad) return amountProblem(bad);
  if (compareAmounts(amount, '0') <= 0) return amountProblem('Amount must be more than zero.');
  if (withdrawable !== null && compareAmounts(amount, withdrawable) > 0) {
    return amountProblem(
      `Amount must not be more than your withdrawable balance of ${formatUsd(withdrawable)}.`,
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
