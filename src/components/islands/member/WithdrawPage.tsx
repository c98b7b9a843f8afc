import { useEffect, useState, type SubmitEvent } from 'react';
import toast from '~/lib/toast';
import MemberShell, { WITHDRAW_DIALOG_TEXT } from './MemberShell';
import Field from '../shared/Field';
import WalletSelect from '../shared/WalletSelect';
import CopyableValue from '../shared/CopyableValue';
import { useFormProblem } from '../shared/formProblem';
import { useLoad } from '../shared/useLoad';
import type { FormProblem } from '~/lib/form-rules';
import { supportChatLink } from '~/config/chat';
import { amountError, compareAmounts, formatUsd } from '~/lib/money';
import {
  fileWithdrawalRequest,
  watchMyRequests,
  type MemberRequest,
  type RequestsSnapshot,
} from '~/lib/requests';
import { listDepositWallets, networkLabel, type DepositWallet } from '~/lib/wallets';
import { errorText } from '~/lib/db-errors';
import { isActive, timeLeft, watchMyAddresses, type AddressEntry } from '~/lib/withdrawal-addresses';
import { FrozenNotice, useWithdrawalFreeze } from './FreezeWithdrawals';

export const REQUEST_SENT = 'Withdrawal request sent. We will review it shortly.';

const STATUS_STYLES: Record<string, string> = {
  pending: 'bg-accent-300/40 text-ink-950',
  approved: 'bg-mist-200 text-ink-950',
  confirmed: 'bg-success-600 text-white',
  paid: 'bg-success-600 text-white',
  rejected: 'bg-danger-600 text-white',
};

function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** "Ledger · Bitcoin · 1A1z…DivfNa": how a destination reads in the choice. */
function destinationText(entry: AddressEntry, wallet: DepositWallet | undefined): string {
  const short =
    entry.address.length > 16 ? `${entry.address.slice(0, 6)}…${entry.address.slice(-6)}` : entry.address;
  const network = wallet ? networkLabel(wallet.network, wallet.asset) : '';
  const tag = entry.destination_tag ? ` · tag ${entry.destination_tag}` : '';
  return [entry.label, network, short].filter(Boolean).join(' · ') + tag;
}

function WithdrawalForm({
  wallets,
  withdrawable,
  addresses,
}: {
  wallets: DepositWallet[];
  withdrawable: string | null;
  /** The member's address book (null while loading). */
  addresses: AddressEntry[] | null;
}) {
  const usable = wallets.filter((w) => w.enabled);
  const [walletId, setWalletId] = useState('');
  const [amount, setAmount] = useState('');
  const [destinationId, setDestinationId] = useState('');
  const { report, fieldProps, alert } = useFormProblem();
  const [busy, setBusy] = useState(false);
  const wallet = usable.find((w) => String(w.id) === walletId) ?? usable[0];
  const forWallet = (addresses ?? []).filter((a) => a.wallet_id === wallet?.id);
  const active = forWallet.filter((a) => isActive(a));
  const waiting = forWallet.filter((a) => !isActive(a));
  const destination = active.find((a) => a.id === destinationId) ?? active[0];

  /** What is wrong, with the field to fix (named by its control's id), or null. */
  async function check(): Promise<FormProblem | null> {
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

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    if (report(form, await check()) || !wallet || !destination) return;
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
          {waiting.map((a) => `“${a.label}” can be used in ${timeLeft(a)}.`).join(' ')}
        </p>
      )}
      {alert}
      <button type="submit" className="btn-dark" disabled={busy || usable.length === 0}>
        {busy ? 'Sending…' : 'Request withdrawal'}
      </button>
    </form>
  );
}

function DestinationSelect({
  active,
  wallet,
  value,
  onChange,
  invalid,
}: {
  active: AddressEntry[];
  wallet: DepositWallet | undefined;
  value: string;
  onChange: (id: string) => void;
  invalid: { 'aria-invalid'?: true; 'aria-describedby'?: string };
}) {
  if (active.length === 0) {
    return (
      <div>
        <p className="field-label" id="withdraw-destination-label">
          Destination
        </p>
        <p className="text-sm text-ink-800" data-testid="no-destination">
          You have no active {wallet?.wallet_name ?? ''} address yet.{' '}
          <a
            href="/user/addresses"
            className="font-semibold underline decoration-accent-500 underline-offset-2"
          >
            Add one on the Addresses page
          </a>
          . A new address can receive withdrawals after a waiting period (usually 24 hours).
        </p>
        <input type="hidden" id="withdraw-destination" name="withdraw-destination" />
      </div>
    );
  }
  return (
    <div>
      <label htmlFor="withdraw-destination" className="field-label">
        Destination (from your address book)
      </label>
      <select
        id="withdraw-destination"
        className="field-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...invalid}
      >
        {active.map((a) => (
          <option key={a.id} value={a.id}>
            {destinationText(a, wallet)}
          </option>
        ))}
      </select>
    </div>
  );
}

function RequestList({ requests, wallets }: { requests: MemberRequest[] | null; wallets: DepositWallet[] }) {
  const nameOf = (id: number) => wallets.find((w) => w.id === id)?.wallet_name ?? `Wallet ${id}`;
  return (
    <section aria-labelledby="requests-heading" className="card p-5 sm:p-6">
      <h2 id="requests-heading" className="text-xl text-ink-950">
        Your requests and notices
      </h2>
      {requests === null ? (
        <div className="mt-4 h-24 animate-pulse rounded bg-mist-100" aria-hidden="true" />
      ) : requests.length === 0 ? (
        <p className="mt-4 text-sm text-muted">Nothing filed yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-mist-200">
          {requests.map((r) => (
            <li key={`${r.kind}-${r.id}`} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-ink-950">
                  {r.kind === 'deposit' ? 'Deposit notice' : 'Withdrawal request'} · {nameOf(r.wallet_id)} ·{' '}
                  {formatUsd(r.amount)}
                </p>
                <p className="text-xs text-muted">
                  {new Date(r.created_at).toLocaleString()}
                  {r.review_note ? ` · ${r.review_note}` : ''}
                </p>
                <p className="mt-1 flex min-w-0 items-start gap-1 text-xs text-muted">
                  <span className="shrink-0">{r.kind === 'deposit' ? 'Tx' : 'To'}</span>
                  <CopyableValue
                    label={r.kind === 'deposit' ? 'transaction id' : 'destination address'}
                    value={r.kind === 'deposit' ? r.tx_id : r.destination_address}
                  />
                </p>
              </div>
              <span
                className={`rounded-full px-3 py-1 text-xs font-semibold ${STATUS_STYLES[r.status] ?? 'bg-mist-200'}`}
              >
                {statusLabel(r.status)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function WithdrawContent({ userId }: { userId: string }) {
  const wallets = useLoad(listDepositWallets, 'The wallet addresses could not be loaded.').data ?? [];
  const [snapshot, setSnapshot] = useState<RequestsSnapshot | null>(null);
  const [addresses, setAddresses] = useState<AddressEntry[] | null>(null);
  const frozen = useWithdrawalFreeze(userId);
  const support = supportChatLink();

  useEffect(
    () =>
      watchMyAddresses(userId, {
        onData: setAddresses,
        onError: (error) => toast.error(error.message, { id: 'addresses-feed' }),
      }),
    [userId],
  );

  useEffect(
    () =>
      watchMyRequests(userId, {
        onData: setSnapshot,
        onError: (error) => toast.error(error.message, { id: 'requests-feed' }),
      }),
    [userId],
  );

  return (
    <div className="space-y-8">
      <div className="card p-5 sm:p-6">
        <p className="text-base text-ink-800">{WITHDRAW_DIALOG_TEXT}</p>
        <a
          href={support.href}
          className="mt-2 inline-block font-semibold text-ink-900 underline decoration-accent-500 underline-offset-2"
          {...(support.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {support.label}
        </a>
      </div>
      <div className="grid items-start gap-8 xl:grid-cols-2 [&>*]:min-w-0">
        {frozen ? (
          <FrozenNotice />
        ) : (
          <WithdrawalForm
            wallets={wallets}
            withdrawable={snapshot?.withdrawable ?? null}
            addresses={addresses}
          />
        )}
        <RequestList requests={snapshot?.requests ?? null} wallets={wallets} />
      </div>
    </div>
  );
}

/** /user/withdraw: the spec's text, a withdrawal request form and the live list of requests. */
export default function WithdrawPage() {
  return (
    <MemberShell current="/user/withdraw" heading="Withdraw">
      {({ session }) => <WithdrawContent userId={session.user.id} />}
    </MemberShell>
  );
}
