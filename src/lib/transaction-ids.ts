import { NETWORK_NAMES, type AddressNetwork } from './addresses';

/**
 * Transaction ids in one canonical form per network, the same rules as the database's
 * (supabase/migrations/*_canonical_transaction_ids.sql): the database is the authority, this gives a
 * person the answer before they submit. Only ASCII spaces, tabs and line breaks around the id are
 * trimmed; an invisible character, a no-break space or anything else outside the alphabet is refused,
 * so one on-chain transaction has exactly one spelling.
 */
const HEX64 = /^[0-9a-fA-F]{64}$/;
const OPTIONAL_0X_HEX64 = /^(?:0[xX])?[0-9a-fA-F]{64}$/;

const CANONICAL: Record<AddressNetwork, (id: string) => string | null> = {
  bitcoin: (id) => (HEX64.test(id) ? id.toLowerCase() : null),
  ripple: (id) => (HEX64.test(id) ? id.toUpperCase() : null),
  ethereum: (id) => (OPTIONAL_0X_HEX64.test(id) ? `0x${id.slice(-64).toLowerCase()}` : null),
  tron: (id) => (OPTIONAL_0X_HEX64.test(id) ? id.slice(-64).toLowerCase() : null),
};

function trimAsciiSpace(text: string): string {
  return text.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
}

/** The canonical form of `txId` on `network`, or null when it is not one of the network's ids. */
export function canonicalTxId(network: AddressNetwork, txId: string): string | null {
  return CANONICAL[network](trimAsciiSpace(txId));
}

/** Why a transaction id is refused, as a kind a page words in its language (txIdProblem: English). */
export type TxIdProblem = 'required' | 'invisible' | 'no0x' | 'ethereum' | 'format';

export function txIdProblemKind(network: AddressNetwork, txId: string): TxIdProblem {
  const id = trimAsciiSpace(txId);
  if (id === '') return 'required';
  if (/[^!-~]/u.test(id)) return 'invisible';
  if ((network === 'bitcoin' || network === 'ripple') && /^0[xX]/.test(id)) return 'no0x';
  return network === 'ethereum' ? 'ethereum' : 'format';
}

/** Why `txId` is refused on `network`: the message the database gives for it too. */
export function txIdProblem(network: AddressNetwork, txId: string): string {
  const name = NETWORK_NAMES[network];
  switch (txIdProblemKind(network, txId)) {
    case 'required':
      return 'Transaction ID is required.';
    case 'invisible':
      return 'The transaction ID contains a space or an invisible character. Copy it again from the block explorer.';
    case 'no0x':
      return `${name} transaction IDs have no 0x: enter the 64 characters after it.`;
    case 'ethereum':
      return 'That is not an Ethereum transaction ID: 0x and 64 characters 0-9 and a-f.';
    case 'format':
      return `That is not a ${name} transaction ID: 64 characters 0-9 and a-f.`;
  }
}

/** null when `txId` is valid on `network`, else the message to show. */
export function txIdError(network: AddressNetwork, txId: string): string | null {
  return canonicalTxId(network, txId) === null ? txIdProblem(network, txId) : null;
}
