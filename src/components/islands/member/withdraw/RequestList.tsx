import CopyableValue from '../../shared/CopyableValue';
import { formatUsd } from '~/lib/money';
import type { MemberRequest } from '~/lib/requests';
import type { DepositWallet } from '~/lib/wallets';
import { statusLabel, statusStyle } from './rules';

/** "Your requests and notices": the member's withdrawal requests and deposit notices, live. */
export default function RequestList({
  requests,
  wallets,
}: {
  requests: MemberRequest[] | null;
  wallets: DepositWallet[];
}) {
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
              <span className={`rounded-full px-3 py-1 text-xs font-semibold ${statusStyle(r.status)}`}>
                {statusLabel(r.status)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
