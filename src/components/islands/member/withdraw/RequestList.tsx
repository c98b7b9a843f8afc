import { useState } from 'react';
import toast from '~/lib/toast';
import CopyableValue from '../../shared/CopyableValue';
import Dialog from '../../shared/LazyDialog';
import { errorText } from '~/lib/db-errors';
import { formatUsd } from '~/lib/money';
import { cancelWithdrawalRequest, type MemberRequest, type WithdrawalRequest } from '~/lib/requests';
import type { DepositWallet } from '~/lib/wallets';
import { paidText, requestSummary, statusLabel, statusStyle } from './request-text';
import { NOTICES_HEADING, REQUESTS_HEADING } from './rules';
import { formatDateTime } from '~/lib/date-time';

/**
 * "Your requests and notices": the member's withdrawal requests and deposit notices, live (or only
 * the deposit notices, on the deposit page).
 */
export default function RequestList({
  requests,
  wallets,
  only,
}: {
  requests: MemberRequest[] | null;
  wallets: DepositWallet[];
  only?: 'deposit';
}) {
  const nameOf = (id: number) => wallets.find((w) => w.id === id)?.wallet_name ?? `Wallet ${id}`;
  const [cancelling, setCancelling] = useState<WithdrawalRequest | null>(null);
  const [busy, setBusy] = useState(false);

  // The list follows the database live, so the new status arrives through the feed.
  async function cancel() {
    if (!cancelling || busy) return;
    setBusy(true);
    try {
      await cancelWithdrawalRequest(cancelling.id);
      setCancelling(null);
      toast.success('Withdrawal request cancelled. Its amount is available again.');
    } catch (error) {
      toast.error(errorText(error, 'Your withdrawal request could not be cancelled.'));
    } finally {
      setBusy(false);
    }
  }

  const shown = requests && only ? requests.filter((r) => r.kind === only) : requests;
  return (
    <section aria-labelledby="requests-heading" className="card p-5 sm:p-6">
      <h2 id="requests-heading" className="text-xl text-ink-950">
        {only === 'deposit' ? NOTICES_HEADING : REQUESTS_HEADING}
      </h2>
      {shown === null ? (
        <div className="mt-4 h-24 animate-pulse rounded bg-mist-100" aria-hidden="true" />
      ) : shown.length === 0 ? (
        <p className="mt-4 text-sm text-muted">Nothing filed yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-mist-200">
          {shown.map((r) => (
            <li key={`${r.kind}-${r.id}`} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-ink-950">{requestSummary(r, nameOf(r.wallet_id))}</p>
                {r.kind === 'withdrawal' && r.status === 'paid' && r.quantity && (
                  <p className="text-xs text-ink-800">{paidText(r)}</p>
                )}
                <p className="text-xs text-muted">
                  {formatDateTime(r.created_at)}
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
              <div className="flex items-center gap-2">
                <span className={`rounded-full px-3 py-1 text-xs font-semibold ${statusStyle(r.status)}`}>
                  {statusLabel(r)}
                </span>
                {r.kind === 'withdrawal' && (r.status === 'pending' || r.status === 'approved') && (
                  <button
                    type="button"
                    className="btn-outline-dark px-3 py-1 text-xs"
                    aria-label={`Cancel request of ${formatUsd(r.amount)} to ${r.destination_address}`}
                    onClick={() => setCancelling(r)}
                  >
                    Cancel request
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={cancelling !== null}
        title="Cancel this withdrawal request?"
        onClose={() => !busy && setCancelling(null)}
        actions={
          <>
            <button
              type="button"
              className="btn-outline-dark"
              onClick={() => setCancelling(null)}
              disabled={busy}
            >
              Keep it
            </button>
            <button type="button" className="btn-dark" onClick={() => void cancel()} disabled={busy}>
              {busy ? 'Cancelling…' : 'Cancel request'}
            </button>
          </>
        }
      >
        {cancelling && (
          <p className="text-sm text-ink-800">
            {formatUsd(cancelling.amount)} to {cancelling.destination_address} will not be paid, and the
            amount is available to withdraw again.
          </p>
        )}
      </Dialog>
    </section>
  );
}
