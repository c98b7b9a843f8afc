import { useEffect, useId, useState, type FormEvent } from 'react';
import toast from '~/lib/toast';
import AdminArea, { type AdminPath, type StaffSession } from './AdminArea';
import Dialog from '~/components/islands/shared/Dialog';
import type { AddressNetwork } from '~/lib/addresses';
import { networkLabel } from '~/lib/wallets';
import { listWalletChanges, listWallets, type AdminWallet, type WalletChange } from '~/lib/admin/wallets';
import {
  openStaffChanges,
  proposeStaffChange,
  watchStaffChanges,
  type StaffChange,
} from '~/lib/admin/staff-changes';
import { reasonError } from '~/lib/admin/balances';
import { formatDateTime } from './format';
import AwaitingChange from './AwaitingChange';
import { errorText } from '~/lib/db-errors';
import { useLoad } from '../shared/useLoad';
import LoadingCards from '../shared/LoadingCards';

interface Draft {
  wallet: AdminWallet;
  address: string;
  enabled: boolean;
  reason: string;
  errors: { address?: string | undefined; reason?: string | undefined };
}

function WalletForm({
  draft,
  onChange,
  onSave,
  onCancel,
  saving,
}: {
  draft: Draft;
  onChange: (next: Draft) => void;
  onSave: () => void;
  onCancel: () => void;
  saving: boolean;
}) {
  const id = useId();
  const network = draft.wallet.network as AddressNetwork;
  return (
    <form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSave();
      }}
    >
      <label htmlFor={`${id}-address`} className="field-label mt-2">
        Address ({networkLabel(network, draft.wallet.asset)})
      </label>
      <input
        id={`${id}-address`}
        className="field-input font-mono text-sm"
        value={draft.address}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={draft.errors.address ? true : undefined}
        aria-describedby={draft.errors.address ? `${id}-address-error` : undefined}
        onChange={(e) =>
          onChange({ ...draft, address: e.target.value, errors: { ...draft.errors, address: undefined } })
        }
        data-autofocus
      />
      {draft.errors.address && (
        <p id={`${id}-address-error`} className="mt-1 text-sm text-danger-600">
          {draft.errors.address}
        </p>
      )}
      <label className="mt-4 flex min-h-11 items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          className="size-5"
          checked={draft.enabled}
          onChange={(e) => onChange({ ...draft, enabled: e.target.checked })}
        />
        Enabled (members see this wallet)
      </label>
      <label htmlFor={`${id}-reason`} className="field-label mt-4">
        Reason for the change
      </label>
      <input
        id={`${id}-reason`}
        className="field-input"
        value={draft.reason}
        maxLength={500}
        aria-invalid={draft.errors.reason ? true : undefined}
        aria-describedby={draft.errors.reason ? `${id}-reason-error` : undefined}
        onChange={(e) =>
          onChange({ ...draft, reason: e.target.value, errors: { ...draft.errors, reason: undefined } })
        }
      />
      {draft.errors.reason && (
        <p id={`${id}-reason-error`} className="mt-1 text-sm text-danger-600">
          {draft.errors.reason}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-outline-dark" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="btn-dark" disabled={saving}>
          {saving ? 'Proposing…' : 'Propose change'}
        </button>
      </div>
    </form>
  );
}

async function loadWallets(): Promise<{
  wallets: AdminWallet[];
  changes: WalletChange[];
  pending: Map<string, StaffChange>;
}> {
  const [wallets, changes, open] = await Promise.all([
    listWallets(),
    listWalletChanges(),
    openStaffChanges(),
  ]);
  const pending = new Map(
    open.filter((c) => c.kind === 'deposit_address' && !c.expired).map((c) => [c.target, c]),
  );
  return { wallets, changes, pending };
}

/**
 * The seven deposit wallets: finance admins and owners propose a new address or on/off with a
 * reason; another one approves it on the Approvals page. Every applied change is listed below.
 */
function Wallets({ session }: { session: StaffSession }) {
  const { data, reload } = useLoad(loadWallets, 'Could not load the wallets.');
  useEffect(() => watchStaffChanges(reload, 'admin-wallet-proposals'), [reload]);
  const wallets = data?.wallets ?? null;
  const changes = data?.changes ?? null;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);

  async function save() {
    if (!draft || saving) return;
    const errors: Draft['errors'] = {};
    const address = draft.address.trim();
    // The validators (hashes, base58, bech32) load with the first save, not with the page.
    const { invalidAddressMessage, isValidAddress } = await import('~/lib/addresses');
    if (!isValidAddress(draft.wallet.network, address))
      errors.address = invalidAddressMessage(draft.wallet.network as AddressNetwork);
    errors.reason = reasonError(draft.reason) ?? undefined;
    if (address === draft.wallet.address && draft.enabled === draft.wallet.enabled && !errors.address) {
      toast.error('Nothing changed: edit the address or the switch before saving.');
      return;
    }
    if (errors.address || errors.reason) {
      setDraft({ ...draft, errors });
      return;
    }
    setSaving(true);
    try {
      await proposeStaffChange(
        'deposit_address',
        String(draft.wallet.id),
        { address, enabled: draft.enabled },
        draft.reason,
      );
      toast.success(`Proposed: another admin approves the change to ${draft.wallet.wallet_name}.`);
      setDraft(null);
      reload();
    } catch (e) {
      toast.error(errorText(e, 'Could not propose the change.'));
    } finally {
      setSaving(false);
    }
  }

  if (!wallets) return <LoadingCards label="Loading wallets" />;
  const nameOf = (id: number) => wallets.find((w) => w.id === id)?.wallet_name ?? `Wallet ${id}`;

  return (
    <div className="space-y-10">
      <ul className="grid gap-4 md:grid-cols-2">
        {wallets.map((wallet) => (
          <li key={wallet.id} className="card p-5">
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
            {data?.pending.get(String(wallet.id)) ? (
              <div className="mt-3">
                <AwaitingChange change={data.pending.get(String(wallet.id))!} />
              </div>
            ) : (
              session.can.moveMoney && (
                <button
                  type="button"
                  className="btn-outline-dark mt-3"
                  aria-label={`Edit ${wallet.wallet_name}`}
                  onClick={() =>
                    setDraft({
                      wallet,
                      address: wallet.address,
                      enabled: wallet.enabled,
                      reason: '',
                      errors: {},
                    })
                  }
                >
                  Edit
                </button>
              )
            )}
          </li>
        ))}
      </ul>

      <section aria-labelledby="wallet-history">
        <h2 id="wallet-history" className="text-xl text-ink-950">
          Change history
        </h2>
        {changes?.length === 0 && <p className="mt-3 text-muted">No changes yet.</p>}
        <ol className="mt-4 space-y-3">
          {changes?.map((c) => (
            <li key={c.id} className="rounded-lg border border-mist-200 bg-white p-4 text-sm">
              <p className="font-semibold text-ink-950">{nameOf(c.wallet_id)}</p>
              {c.old_address !== c.new_address && (
                <p className="mt-1 font-mono break-all text-ink-800">
                  {c.old_address || '—'} → {c.new_address}
                </p>
              )}
              {c.old_enabled !== c.new_enabled && (
                <p className="mt-1">{c.new_enabled ? 'Switched on' : 'Switched off'}</p>
              )}
              <p className="mt-1 break-words text-ink-800">Reason: {c.reason}</p>
              <p className="mt-1 text-muted">
                By {c.actor_email} on <time dateTime={c.created_at}>{formatDateTime(c.created_at)}</time>
              </p>
            </li>
          ))}
        </ol>
      </section>

      <Dialog
        open={draft !== null}
        title={draft ? `Edit ${draft.wallet.wallet_name}` : ''}
        onClose={() => !saving && setDraft(null)}
        size="md"
      >
        {draft && (
          <WalletForm
            draft={draft}
            onChange={setDraft}
            onSave={() => void save()}
            onCancel={() => setDraft(null)}
            saving={saving}
          />
        )}
      </Dialog>
    </div>
  );
}

export default function WalletsPage({ current }: { current: AdminPath }) {
  return (
    <AdminArea current={current} title="Wallets">
      {(session) => <Wallets session={session} />}
    </AdminArea>
  );
}
