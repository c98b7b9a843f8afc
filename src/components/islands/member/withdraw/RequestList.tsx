import { useState } from 'react';
import toast from '~/lib/toast';
import CopyableValue from '../../shared/CopyableValue';
import Dialog from '../../shared/LazyDialog';
import { errorTextIn } from '~/lib/db-errors';
import { formatUsdIn } from '~/lib/money-in-language';
import { ltrIn } from '~/lib/bidi';
import { cancelWithdrawalRequest, type MemberRequest, type WithdrawalRequest } from '~/lib/requests';
import type { DepositWallet } from '~/lib/wallets';
import { paidText, requestSummary, statusLabel, statusStyle } from './request-text';
import { formatDateTimeIn } from '~/lib/date-time-in-language';
import { fill } from '~/i18n/fill';
import { useMemberLanguage } from '../member-language';

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
  const language = useMemberLanguage();
  const { locale } = language;
  const words = language.words.requests;
  const copy = language.words.copy;
  const usd = (amount: string) => ltrIn(locale, formatUsdIn(locale, amount));
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
      toast.success(words.cancelled);
    } catch (error) {
      // The database's refusal is in English: on another language's page, the page's own sentence.
      toast.error(errorTextIn(locale, error, words.cancelFailed));
    } finally {
      setBusy(false);
    }
  }

  const shown = requests && only ? requests.filter((r) => r.kind === only) : requests;
  return (
    <section aria-labelledby="requests-heading" className="card p-5 sm:p-6">
      <h2 id="requests-heading" className="text-xl text-ink-950">
        {only === 'deposit' ? words.noticesHeading : words.heading}
      </h2>
      {shown === null ? (
        <div className="mt-4 h-24 animate-pulse rounded bg-mist-100" aria-hidden="true" />
      ) : shown.length === 0 ? (
        <p className="mt-4 text-sm text-muted">{words.none}</p>
      ) : (
        <ul className="mt-4 divide-y divide-mist-200">
          {shown.map((r) => (
            <li key={`${r.kind}-${r.id}`} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-ink-950">
                  {requestSummary(language, r, nameOf(r.wallet_id))}
                </p>
                {r.kind === 'withdrawal' && r.status === 'paid' && r.quantity && (
                  <p className="text-xs text-ink-800">{paidText(language, r)}</p>
                )}
                <p className="text-xs text-muted">
                  <bdi>{formatDateTimeIn(locale, r.created_at)}</bdi>
                  {r.review_note ? (
                    <>
                      {' · '}
                      <bdi>{r.review_note}</bdi>
                    </>
                  ) : null}
                </p>
                <p className="mt-1 flex min-w-0 items-start gap-1 text-xs text-muted">
                  <span className="shrink-0">{r.kind === 'deposit' ? words.tx : words.to}</span>
                  <CopyableValue
                    words={copy}
                    label={r.kind === 'deposit' ? copy.txId : copy.address}
                    value={r.kind === 'deposit' ? r.tx_id : r.destination_address}
                  />
                </p>
              </div>
              <div className="flex items-center gap-2">
                <span className={`rounded-full px-3 py-1 text-xs font-semibold ${statusStyle(r.status)}`}>
                  {statusLabel(language, r)}
                </span>
                {r.kind === 'withdrawal' && (r.status === 'pending' || r.status === 'approved') && (
                  <button
                    type="button"
                    className="btn-outline-dark px-3 py-1 text-xs"
                    aria-label={fill(words.cancelNamed, {
                      amount: usd(r.amount),
                      address: r.destination_address,
                    })}
                    onClick={() => setCancelling(r)}
                  >
                    {words.cancel}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={cancelling !== null}
        title={words.cancelTitle}
        onClose={() => !busy && setCancelling(null)}
        actions={
          <>
            <button
              type="button"
              className="btn-outline-dark"
              onClick={() => setCancelling(null)}
              disabled={busy}
            >
              {words.keep}
            </button>
            <button type="button" className="btn-dark" onClick={() => void cancel()} disabled={busy}>
              {busy ? words.cancelling : words.cancel}
            </button>
          </>
        }
      >
        {cancelling && (
          <p className="text-sm text-ink-800">
            {fill(words.cancelText, {
              amount: usd(cancelling.amount),
              address: ltrIn(locale, cancelling.destination_address),
            })}
          </p>
        )}
      </Dialog>
    </section>
  );
}
