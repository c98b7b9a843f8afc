import { describe, expect, it } from 'vitest';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58 } from '@scure/base';
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

  it('refuses an Ethereum address with anything before or after its 40 digits', () => {
    // Forty figures and no letters carry no checksum to fail: only the length can refuse what follows.
    const figures = `0x${'1234567890'.repeat(4)}`;
    expect(isValidAddress('ethereum', figures)).toBe(true);
    for (const address of [figures, ...vectors.valid.ethereum]) {
      for (const extra of ['0', 'a', ' ', '\n', address.slice(2)]) {
        expect(isValidAddress('ethereum', `${address}${extra}`)).toBe(false);
        expect(isValidAddress('ethereum', `${extra}${address}`)).toBe(false);
      }
    }
  });

  it('refuses a well-formed base58check string of the wrong version, however it begins', () => {
    // The same hash and a correct checksum, with another version byte.
    const withVersion = (address: string, version: number) => {
      const payload = base58.decode(address).slice(0, 21);
      payload[0] = version;
      const check = sha256(sha256(payload)).slice(0, 4);
      return base58.encode(Uint8Array.from([...payload, ...check]));
    };
    for (const address of vectors.valid.tron) {
      // 34 characters from T are versions 0x40 to 0x42 (which, depends on the hash): only 0x41 is TRON's.
      const lookalikes = [0x40, 0x42]
        .map((version) => withVersion(address, version))
        .filter((other) => /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(other));
      expect(lookalikes.length).toBeGreaterThan(0);
      for (const other of lookalikes) expect(isValidAddress('tron', other)).toBe(false);
      expect(isValidAddress('tron', withVersion(address, 0x41))).toBe(true);
    }
    // Likewise a 3… that is not a P2SH (0x05) address.
    const p2sh = vectors.valid.bitcoin.find((a) => a.startsWith('3'))!;
    const notP2sh = [0x04, 0x06, 0x07]
      .map((version) => withVersion(p2sh, version))
      .filter((other) => other.startsWith('3'));
    expect(notP2sh.length).toBeGreaterThan(0);
    for (const other of notP2sh) expect(isValidAddress('bitcoin', other)).toBe(false);
  });

  it('refuses an unknown network', () => {
    expect(isValidAddress('dogecoin', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L')).toBe(false);
  });
});
