import { useEffect, useState } from 'react';
import toast from '~/lib/toast';
import type { AddressNetwork } from '~/lib/addresses';
import { listWalletChanges, listWallets, type AdminWallet, type WalletChange } from '~/lib/admin/wallets';
import {
  openStaffChanges,
  proposeStaffChange,
  watchStaffChanges,
  type StaffChange,
} from '~/lib/admin/staff-changes';
import { errorText, isPlaceholderAddress } from '~/lib/db-errors';
import { useLoad } from '../../shared/useLoad';
import { checkDraft, NOTHING_CHANGED, type Draft } from './wallet-draft';

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

/** The wallets, their history and open proposals (live), and the edit draft with its save. */
export function useWallets() {
  const { data, reload } = useLoad(loadWallets, 'Could not load the wallets.');
  useEffect(() => watchStaffChanges(reload, 'admin-wallet-proposals'), [reload]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);

  async function save() {
    if (!draft || saving) return;
    // The validators (hashes, base58, bech32) load with the first save, not with the page.
    const { invalidAddressMessage, isValidAddress } = await import('~/lib/addresses');
    const network = draft.wallet.network;
    const checked = checkDraft(draft, (address) =>
      isValidAddress(network, address) ? null : invalidAddressMessage(network as AddressNetwork),
    );
    if (checked.outcome === 'unchanged') {
      toast.error(NOTHING_CHANGED);
      return;
    }
    if (checked.outcome === 'invalid') {
      setDraft({ ...draft, errors: checked.errors });
      return;
    }
    setSaving(true);
    try {
      await proposeStaffChange(
        'deposit_address',
        String(draft.wallet.id),
        { address: checked.address, enabled: draft.enabled },
        draft.reason,
      );
      toast.success(`Proposed: another admin approves the change to ${draft.wallet.wallet_name}.`);
      setDraft(null);
      reload();
    } catch (e) {
      // A burn address is a problem of the address field: said there, where it is fixed.
      if (isPlaceholderAddress(e)) setDraft({ ...draft, errors: { address: errorText(e, '') } });
      else toast.error(errorText(e, 'Could not propose the change.'));
    } finally {
      setSaving(false);
    }
  }

  return { data, draft, setDraft, saving, save };
}
