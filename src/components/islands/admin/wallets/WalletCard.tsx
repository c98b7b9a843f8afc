import type { AddressNetwork } from '~/lib/addresses';
import type { AdminWallet } from '~/lib/admin/wallets';
import type { StaffChange } from '~/lib/admin/staff-changes';
import { networkLabel } from '~/lib/wallets';
import AwaitingChange from '../AwaitingChange';
import TokenMark from '../../shared/TokenMark';

/** What staff read on a wallet still on a placeholder address, and what to do about it. */
export const NOT_CONFIGURED_TEXT =
  'This is a placeholder (burn) address: funds sent there are lost, so members cannot deposit in this asset. Edit it to propose the firm’s real address and turn it on; a second admin approves.';

/** One deposit wallet: name, state (not configured, enabled, off), network, address, and either its open proposal or Edit. */
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
  const state = wallet.placeholder
    ? { label: 'Not configured', tone: 'bg-danger-600 text-white' }
    : wallet.enabled
      ? { label: 'Enabled', tone: 'bg-success-600 text-white' }
      : { label: 'Off', tone: 'bg-mist-200 text-ink-950' };
  return (
    <li className={`card p-5 ${wallet.placeholder ? 'border-danger-600' : ''}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 font-sans text-base font-semibold text-ink-950">
          <TokenMark asset={wallet.asset} className="size-7" />
          {wallet.id}. {wallet.wallet_name}
        </h2>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${state.tone}`}>
          {state.label}
        </span>
      </div>
      <p className="mt-1 text-sm text-muted">
        {wallet.asset} · {networkLabel(wallet.network as AddressNetwork, wallet.asset)}
      </p>
      <p className="mt-2 font-mono text-sm break-all text-ink-800">{wallet.address}</p>
      {wallet.placeholder && (
        <p className="mt-2 text-sm font-medium text-danger-600" data-testid="not-configured">
          {NOT_CONFIGURED_TEXT}
        </p>
      )}
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
