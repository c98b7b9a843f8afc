import type { AdminWallet, WalletChange } from '~/lib/admin/wallets';
import { reasonError } from '~/lib/admin/reason';

export interface Draft {
  wallet: AdminWallet;
  address: string;
  enabled: boolean;
  reason: string;
  errors: { address?: string | undefined; reason?: string | undefined };
}

export function startDraft(wallet: AdminWallet): Draft {
  return { wallet, address: wallet.address, enabled: wallet.enabled, reason: '', errors: {} };
}

export const NOTHING_CHANGED = 'Nothing changed: edit the address or the switch before saving.';

/**
 * What saving a draft does: nothing when it changes nothing, show the field errors, or propose the
 * trimmed address. `addressProblem` is the network's validator (loaded lazily by the caller).
 */
export function checkDraft(
  draft: Draft,
  addressProblem: (address: string) => string | null,
):
  | { outcome: 'unchanged' }
  | { outcome: 'invalid'; errors: Draft['errors'] }
  | { outcome: 'propose'; address: string } {
  const address = draft.address.trim();
  const errors: Draft['errors'] = {
    address: addressProblem(address) ?? undefined,
    reason: reasonError(draft.reason) ?? undefined,
  };
  if (address === draft.wallet.address && draft.enabled === draft.wallet.enabled && !errors.address) {
    return { outcome: 'unchanged' };
  }
  if (errors.address || errors.reason) return { outcome: 'invalid', errors };
  return { outcome: 'propose', address };
}

/** One applied change in words: the address old → new (if it changed) and the switch (if it moved). */
export function changeLines(
  c: Pick<WalletChange, 'old_address' | 'new_address' | 'old_enabled' | 'new_enabled'>,
): {
  address: string | null;
  switched: string | null;
} {
  return {
    address: c.old_address !== c.new_address ? `${c.old_address || '—'} → ${c.new_address}` : null,
    switched: c.old_enabled !== c.new_enabled ? (c.new_enabled ? 'Switched on' : 'Switched off') : null,
  };
}
