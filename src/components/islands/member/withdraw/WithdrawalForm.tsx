import { useState, type SubmitEvent } from 'react';
import toast from '~/lib/toast';
import Field from '../../shared/Field';
import SubmitButton from '../../shared/SubmitButton';
import WalletSelect from '../../shared/WalletSelect';
import { useFormProblem } from '../../shared/formProblem';
import { useWalletChoice } from '../../shared/useWalletChoice';
import { errorText } from '~/lib/db-errors';
import { formatUsd } from '~/lib/money';
import { fileWithdrawalRequest } from '~/lib/requests';
import type { DepositWallet } from '~/lib/wallets';
import type { AddressEntry } from '~/lib/withdrawal-addresses';
import DestinationSelect from './DestinationSelect';
import { REQUEST_SENT, destinationsFor, waitingText, withdrawalProblem } from './rules';

interface WithdrawalFormProps {
  wallets: DepositWallet[];
  withdrawable: string | null;
  /** The member's address book (null while loading). */
  addresses: AddressEntry[] | null;
}

/** "Request a withdrawal": asset, amount and an active address-book entry as the destination. */
export default function WithdrawalForm({ wallets, withdrawable, addresses }: WithdrawalFormProps) {
  const { usable, wallet, setWalletId } = useWalletChoice(wallets);
  const [amount, setAmount] = useState('');
  const [destinationId, setDestinationId] = useState('');
  const { report, fieldProps, alert } = useFormProblem();
  const [busy, setBusy] = useState(false);
  const { active, waiting } = destinationsFor(addresses, wallet?.id);
  const destination = active.find((a) => a.id === destinationId) ?? active[0];

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    if (
      report(form, withdrawalProblem({ wallet, amount, withdrawable, destination })) ||
      !wallet ||
      !destination
    )
      return;
    setBusy(true);
    try {
      await fileWithdrawalRequest({
        walletId: wallet.id,
        amount,
        destinationAddress: destination.address,
        destinationTag: destination.destination_tag || undefined,
      });
      toast.success(REQUEST_SENT);
      setAmount('');
    } catch (err) {
      report(form, {
        message: errorText(err, 'Your withdrawal request could not be filed.'),
        fields: [],
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="card space-y-4 p-5 sm:p-6"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="withdraw-form-heading"
    >
      <h2 id="withdraw-form-heading" className="text-xl text-ink-950">
        Request a withdrawal
      </h2>
      <p className="text-sm text-muted">
        Withdrawals are paid from your Interest Wallet. Available to withdraw:{' '}
        <strong className="text-ink-950" data-testid="withdrawable">
          {withdrawable === null ? '…' : formatUsd(withdrawable)}
        </strong>
      </p>
      <WalletSelect
        id="withdraw-asset"
        wallets={usable}
        value={wallet ? String(wallet.id) : ''}
        onChange={setWalletId}
      />
      <Field
        id="withdraw-amount"
        label="Amount (USD)"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        {...fieldProps('withdraw-amount')}
      />
      <DestinationSelect
        active={active}
        wallet={wallet}
        value={destination?.id ?? ''}
        onChange={setDestinationId}
        invalid={fieldProps('withdraw-destination')}
      />
      {waiting.length > 0 && (
        <p className="text-sm text-muted" data-testid="waiting-addresses">
          {waitingText(waiting)}
        </p>
      )}
      {alert}
      <SubmitButton
        className="btn-dark"
        label="Request withdrawal"
        busyLabel="Sending…"
        busy={busy}
        disabled={usable.length === 0}
      />
    </form>
  );
}
