import { supabase } from '~/lib/supabase';
import { toDbError } from '~/lib/db-errors';
import { peopleById } from './people';

export interface AdminWallet {
  id: number;
  wallet_name: string;
  asset: string;
  network: string;
  address: string;
  enabled: boolean;
  /** Still on a known burn or placeholder address (the database's list): cannot be turned on. */
  placeholder: boolean;
  updated_at: string;
}

export interface WalletChange {
  id: string;
  wallet_id: number;
  old_address: string;
  new_address: string;
  old_enabled: boolean;
  new_enabled: boolean;
  reason: string;
  actor_email: string;
  created_at: string;
}

const WALLET_COLUMNS = 'id, wallet_name, asset, network, address, enabled, placeholder, updated_at';

/** All seven deposit wallets, enabled or not, in the spec's order. */
export async function listWallets(): Promise<AdminWallet[]> {
  const { data, error } = await supabase().from('deposit_wallets').select(WALLET_COLUMNS).order('id');
  if (error) throw toDbError(error, 'Could not load the deposit wallets.');
  return (data ?? []) as AdminWallet[];
}

/** Every recorded address or on/off change, newest first, with the admin who made it. */
export async function listWalletChanges(limit = 100): Promise<WalletChange[]> {
  const { data, error } = await supabase()
    .from('deposit_wallet_changes')
    .select('id, wallet_id, old_address, new_address, old_enabled, new_enabled, reason, actor_id, created_at')
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(limit);
  if (error) throw toDbError(error, 'Could not load the wallet change history.');
  const rows = data ?? [];
  const people = await peopleById(rows.map((r) => r.actor_id));
  return rows.map(({ actor_id, ...r }) => ({
    ...r,
    id: String(r.id),
    old_address: r.old_address ?? '',
    old_enabled: r.old_enabled ?? r.new_enabled,
    actor_email: (actor_id && people.get(actor_id)?.email) || 'command line',
  }));
}
