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
import { listDepositWallets, type DepositWallet } from '~/lib/wallets';
import { errorText } from '~/lib/db-errors';

export const REQUEST_SENT = 'Withdrawal request sent. We will review it shortly.';
const MAX_TAG = 4294967295;

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

function WithdrawalForm({
  wallets,
  withdrawable,
}: {
  wallets: DepositWallet[];
  withdrawable: string | null;
}) {
  const usable = wallets.filter((w) => w.enabled);
  const [walletId, setWalletId] = useState('');
  const [amount, setAmount] = useState('');
  const [address, setAddress] = useState('');
  const [tag, setTag] = useState('');
  const { report, fieldProps, alert } = useFormProblem();
  const [busy, setBusy] = useState(false);
  const wallet = usable.find((w) => String(w.id) === walletId) ?? usable[0];
  const isRipple = wallet?.network === 'ripple';

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
    // The validators (hashes, base58, bech32) load with the first submit, not with the page.
    const { invalidAddressMessage, isValidAddress } = await import('~/lib/addresses');
    if (!isValidAddress(wallet.network, address.trim())) {
      return { message: invalidAddressMessage(wallet.network), fields: ['withdraw-address'] };
    }
    if (isRipple && tag.trim() && (!/^\d{1,10}$/.test(tag.trim()) || Number(tag.trim()) > MAX_TAG)) {
      return {
        message: `Destination tag must be a whole number from 0 to ${MAX_TAG}.`,
        fields: ['withdraw-tag'],
      };
    }
    return null;
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    if (report(form, await check()) || !wallet) return;
    setBusy(true);
    try {
      await fileWithdrawalRequest({
        walletId: wallet.id,
        amount,
        destinationAddress: address,
        destinationTag: isRipple ? tag : undefined,
      });
      toast.success(REQUEST_SENT);
      setAmount('');
      setAddress('');
      setTag('');
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
      <Field
        id="withdraw-address"
        label="Destination address"
        controlClassName="font-mono"
        autoComplete="off"
        spellCheck={false}
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        {...fieldProps('withdraw-address')}
      />
      {isRipple && (
        <Field
          id="withdraw-tag"
          label={
            <>
              Destination tag{' '}
              <span className="font-normal text-muted">(if your receiving account needs one)</span>
            </>
          }
          controlClassName="font-mono"
          inputMode="numeric"
          autoComplete="off"
          value={tag}
          onChange={(e) => setTag(e.target.value)}
          {...fieldProps('withdraw-tag')}
        />
      )}
      {alert}
      <button type="submit" className="btn-dark" disabled={busy || usable.length === 0}>
        {busy ? 'Sending…' : 'Request withdrawal'}
      </button>
    </form>
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
  const support = supportChatLink();

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
        <WithdrawalForm wallets={wallets} withdrawable={snapshot?.withdrawable ?? null} />
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
