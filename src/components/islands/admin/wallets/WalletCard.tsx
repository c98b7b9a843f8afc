import type { AddressNetwork } from '~/lib/addresses';
import type { AdminWallet } from '~/lib/admin/wallets';
import type { StaffChange } from '~/lib/admin/staff-changes';
import { networkLabel } from '~/lib/wallets';
import AwaitingChange from '../AwaitingChange';

/** One deposit wallet: name, on/off, network, address, and either its open proposal or Edit. */
export default function WalletCard({
  wallet,
  pending,
  mayEdit,
  onEdit,
}: {
  wallet: AdminWallet;
  pending: StaffChange | undefined;
  mayEdit: boolean;
  onEdit: () => void;
}) {
  return (
    <li className="card p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-sans text-base font-semibold text-ink-950">
          {wallet.id}. {wallet.wallet_name}
        </h2>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${wallet.enabled ? 'bg-success-600 text-white' : 'bg-mist-200 text-ink-950'}`}
        >
          {wallet.enabled ? 'Enabled' : 'Off'}
        </span>
      </div>
      <p className="mt-1 text-sm text-muted">
        {wallet.asset} · {networkLabel(wallet.network as AddressNetwork, wallet.asset)}
      </p>
      <p className="mt-2 font-mono text-sm break-all text-ink-800">{wallet.address}</p>
      {pending ? (
        <div className="mt-3">
          <AwaitingChange change={pending} />
        </div>
      ) : (
        mayEdit && (
          <button
            type="button"
            className="btn-outline-dark mt-3"
            aria-label={`Edit ${wallet.wallet_name}`}
            onClick={onEdit}
          >
            Edit
          </button>
        )
      )}
    </li>
  );
}
