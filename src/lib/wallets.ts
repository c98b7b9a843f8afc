import { supabase } from './supabase';
import { toDbError } from './db-errors';
import type { AddressNetwork } from './addresses';

export type Network = AddressNetwork;

/** A deposit wallet as a member sees it. `usable` is false when closed or when its address fails validation. */
export interface DepositWallet {
  id: number;
  wallet_name: string;
  asset: string;
  network: Network;
  address: string;
  enabled: boolean;
  usable: boolean;
}

const NETWORK_LABELS: Record<Network, string> = {
  bitcoin: 'Bitcoin',
  ethereum: 'Ethereum (ERC-20)',
  tron: 'TRON (TRC-20)',
  ripple: 'XRP Ledger',
};

/** Which network name a card shows: a chain's own coin is sent on the chain itself ("ETH on Ethereum"). */
export type NetworkName = Network | 'ethereumNative';

export function networkName(network: Network, asset: string): NetworkName {
  if (network === 'ethereum' && /^eth/i.test(asset)) return 'ethereumNative';
  return network;
}

/** "Ethereum (ERC-20)" for tokens; a chain's own coin is just the chain ("ETH on Ethereum"). */
export function networkLabel(network: Network, asset: string): string {
  const name = networkName(network, asset);
  return name === 'ethereumNative' ? 'Ethereum' : NETWORK_LABELS[name];
}

/** The warning on each card: "Send only USDT on Ethereum (ERC-20)". */
export function sendOnlyText(wallet: Pick<DepositWallet, 'asset' | 'network'>): string {
  return `Send only ${wallet.asset} on ${networkLabel(wallet.network, wallet.asset)}`;
}

/** "0x52908400098527886E0F7030069857D2E4169EE7" → "0x52 9084 …": 4-character groups for reading aloud. */
export function groupAddress(address: string): string[] {
  return address.match(/.{1,4}/g) ?? [];
}

/**
 * What a deposit QR code holds: the address, and on the XRP Ledger also the member's destination tag
 * in the `r…?dt=<tag>` form (XRPL standard XLS-2) that XRP wallets read, so a scan cannot drop the tag
 * that credits the deposit to this member.
 */
export function depositQrPayload(
  wallet: Pick<DepositWallet, 'address' | 'network'>,
  destinationTag?: string | undefined,
): string {
  if (wallet.network === 'ripple' && destinationTag && /^\d+$/.test(destinationTag)) {
    return `${wallet.address}?dt=${destinationTag}`;
  }
  return wallet.address;
}

/**
 * Every deposit wallet, each checked for its network before display. The database gives the address
 * of open wallets only: a closed one (off, or still on its placeholder) shows as not open yet.
 */
export async function listDepositWallets(): Promise<DepositWallet[]> {
  // The validators (hashes, base58, bech32) load alongside the query instead of with the page.
  const [{ data, error }, { isValidAddress }] = await Promise.all([
    supabase().rpc('member_deposit_wallets'),
    import('./addresses'),
  ]);
  if (error) throw toDbError(error, 'The wallet addresses could not be loaded.');
  return ((data ?? []) as Record<string, unknown>[]).map((r) => {
    const network = String(r.network) as Network;
    const address = String(r.address ?? '');
    const enabled = r.enabled === true;
    return {
      id: Number(r.id),
      wallet_name: String(r.wallet_name ?? ''),
      asset: String(r.asset ?? ''),
      network,
      address,
      enabled,
      usable: enabled && network in NETWORK_LABELS && isValidAddress(network, address),
    };
  });
}
