import { base58, base58xrp, bech32, bech32m } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * Address validators for the UI, the same rules as the database's (supabase/migrations/
 * *_create_address_validators.sql): the database is the authority, these give a person the answer
 * before they submit. Both are tested against supabase/tests/fixtures/addresses.json.
 */
export type AddressNetwork = 'bitcoin' | 'ethereum' | 'tron' | 'ripple';

type Decoder = (text: string) => Uint8Array;

/** The 21-byte payload (version + hash) of a 25-byte base58check string, or null. */
function base58checkPayload(text: string, decode: Decoder): Uint8Array | null {
  let raw: Uint8Array;
  try {
    raw = decode(text);
  } catch {
    return null;
  }
  if (raw.length !== 25) return null;
  const payload = raw.subarray(0, 21);
  const check = sha256(sha256(payload));
  for (let i = 0; i < 4; i++) if (check[i] !== raw[21 + i]) return null;
  return payload;
}

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';

export function isValidBitcoinAddress(address: string): boolean {
  if (address.length > 90) return false;
  if (new RegExp(`^[13]${BASE58}{24,33}$`).test(address)) {
    const payload = base58checkPayload(address, (t) => base58.decode(t));
    return payload !== null && (payload[0] === 0x00 || payload[0] === 0x05);
  }
  // Bech32 (BIP 173) / bech32m (BIP 350): one case throughout, 'bc' prefix.
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const lower = address.toLowerCase();
  if (!/^bc1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{8,87}$/.test(lower)) return false;
  const version = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'.indexOf(lower[3] ?? '');
  const coder = version === 0 ? bech32 : version === 1 ? bech32m : null;
  if (!coder) return false;
  try {
    const { prefix, words } = coder.decode(lower as `${string}1${string}`);
    if (prefix !== 'bc') return false;
    const program = coder.fromWords(words.slice(1));
    return version === 0 ? program.length === 20 || program.length === 32 : program.length === 32;
  } catch {
    return false;
  }
}

/** '0x' + 40 hex digits whose letters carry a valid EIP-55 checksum. */
export function isValidEthereumAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  const hash = keccak_256(new TextEncoder().encode(hex.toLowerCase()));
  for (let i = 0; i < 40; i++) {
    const ch = hex[i] ?? '';
    if (ch >= '0' && ch <= '9') continue;
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    if (nibble >= 8 !== (ch >= 'A' && ch <= 'F')) return false;
  }
  return true;
}

export function isValidTronAddress(address: string): boolean {
  if (!new RegExp(`^T${BASE58}{33}$`).test(address)) return false;
  const payload = base58checkPayload(address, (t) => base58.decode(t));
  return payload !== null && payload[0] === 0x41;
}

export function isValidRippleAddress(address: string): boolean {
  if (!/^r[rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz]{24,34}$/.test(address)) return false;
  const payload = base58checkPayload(address, (t) => base58xrp.decode(t));
  return payload !== null && payload[0] === 0x00;
}

const VALIDATORS: Record<AddressNetwork, (address: string) => boolean> = {
  bitcoin: isValidBitcoinAddress,
  ethereum: isValidEthereumAddress,
  tron: isValidTronAddress,
  ripple: isValidRippleAddress,
};

/** True when `address` (exactly as given: no trimming) is valid on `network`. */
export function isValidAddress(network: AddressNetwork | string, address: string): boolean {
  const check = (VALIDATORS as Record<string, ((a: string) => boolean) | undefined>)[network];
  return check !== undefined && typeof address === 'string' && check(address);
}

/** A network's name in messages (the database's private.network_label). */
export const NETWORK_NAMES: Record<AddressNetwork, string> = {
  bitcoin: 'Bitcoin',
  ethereum: 'Ethereum',
  tron: 'TRON',
  ripple: 'XRP Ledger',
};

/** The message both the form and the database show for an invalid address. */
export function invalidAddressMessage(network: AddressNetwork): string {
  return `That is not a valid ${NETWORK_NAMES[network]} address. Check it and try again.`;
}
