import type { AdminWallet, WalletChange } from '~/lib/admin/wallets';
import { formatDateTime } from '../format';
import { changeLines } from './wallet-draft';

/** Every applied change to the deposit wallets, newest first. */
export default function WalletHistory({
  wallets,
  changes,
}: {
  wallets: AdminWallet[];
  changes: WalletChange[] | null;
}) {
  const nameOf = (id: number) => wallets.find((w) => w.id === id)?.wallet_name ?? `Wallet ${id}`;
  return (
    <section aria-labelledby="wallet-history">
      <h2 id="wallet-history" className="text-xl text-ink-950">
        Change history
      </h2>
      {changes?.length === 0 && <p className="mt-3 text-muted">No changes yet.</p>}
      <ol className="mt-4 space-y-3">
        {changes?.map((c) => {
          const { address, switched } = changeLines(c);
          return (
            <li key={c.id} className="rounded-lg border border-mist-200 bg-white p-4 text-sm">
              <p className="font-semibold text-ink-950">{nameOf(c.wallet_id)}</p>
              {address && <p className="mt-1 font-mono break-all text-ink-800">{address}</p>}
              {switched && <p className="mt-1">{switched}</p>}
              <p className="mt-1 break-words text-ink-800">Reason: {c.reason}</p>
              <p className="mt-1 text-muted">
                By {c.actor_email} on <time dateTime={c.created_at}>{formatDateTime(c.created_at)}</time>
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
