import { describe, expect, it } from 'vitest';
import { keccak_256 } from '@noble/hashes/sha3.js';
import vectors from '../../supabase/tests/fixtures/addresses.json';
import { isValidAddress, type AddressNetwork } from '../../src/lib/addresses';
import { mutations } from '../../supabase/tests/helpers/mutations';

const networks = Object.keys(vectors.valid) as AddressNetwork[];

describe('address validators (src/lib/addresses.ts)', () => {
  it('uses a keccak-256 that matches the published vectors (the SQL one is tested against the same)', () => {
    for (const v of vectors.keccak256) {
      expect(Buffer.from(keccak_256(new TextEncoder().encode(v.utf8))).toString('hex')).toBe(v.hex);
    }
  });

  describe.each(networks)('%s', (network) => {
    it.each(vectors.valid[network])('accepts %s', (address) => {
      expect(isValidAddress(network, address)).toBe(true);
    });

    it.each(vectors.invalid[network])('refuses %j', (address) => {
      expect(isValidAddress(network, address)).toBe(false);
    });

    it('refuses every single-character change of every valid vector', () => {
      let checked = 0;
      for (const address of vectors.valid[network]) {
        const accepted = mutations(address, vectors.mutationAlphabet).filter((m) =>
          isValidAddress(network, m),
        );
        expect(accepted, `mutations of ${address} that passed`).toEqual([]);
        checked += address.length;
      }
      expect(checked).toBeGreaterThan(0);
    });

    it('refuses a valid address of another network', () => {
      for (const other of networks.filter((n) => n !== network)) {
        for (const address of vectors.valid[other]) expect(isValidAddress(network, address)).toBe(false);
      }
    });
  });

  it('accepts EIP-55 vectors with few letters and refuses every case flip of their letters', () => {
    for (const address of vectors.validFewLetters.ethereum) {
      expect(isValidAddress('ethereum', address)).toBe(true);
      for (let i = 2; i < address.length; i++) {
        const ch = address[i] ?? '';
        const flipped = ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase();
        if (flipped === ch) continue;
        expect(isValidAddress('ethereum', address.slice(0, i) + flipped + address.slice(i + 1))).toBe(false);
      }
    }
  });

  it('refuses an unknown network', () => {
    expect(isValidAddress('dogecoin', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L')).toBe(false);
  });
});
