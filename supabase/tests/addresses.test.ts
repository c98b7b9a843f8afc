import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import vectors from './fixtures/addresses.json';
import { engines, type Engine } from './helpers/db';
import { mutations } from './helpers/mutations';
import { isValidAddress, type AddressNetwork } from '../../src/lib/addresses';

const networks = Object.keys(vectors.valid) as AddressNetwork[];

/** A deterministic subset of one-character mutations: keccak-256 in plpgsql costs milliseconds per
 * call, so the SQL side checks every position with a few substitutes (the TypeScript suite checks
 * the whole alphabet at every position). */
function sampledMutations(address: string, perPosition: number): string[] {
  const all = mutations(address, vectors.mutationAlphabet);
  const byPosition = new Map<number, string[]>();
  for (const m of all) {
    const i = [...m].findIndex((ch, k) => ch !== address[k]);
    byPosition.set(i, [...(byPosition.get(i) ?? []), m]);
  }
  const picked: string[] = [];
  for (const [i, list] of byPosition) {
    const flipped = list.filter((m) => m[i]?.toLowerCase() === address[i]?.toLowerCase());
    const step = Math.max(1, Math.floor(list.length / perPosition));
    picked.push(...flipped, ...list.filter((_, k) => k % step === i % step).slice(0, perPosition));
  }
  return [...new Set(picked)];
}

describe.each(engines)('address validators in SQL on %s', (_name, open) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await open();
  });
  afterAll(async () => {
    await engine?.close();
  });

  const validate = async (network: string, addresses: string[]): Promise<boolean[]> => {
    const { rows } = await engine.db.query<{ ok: boolean }>(
      `select private.is_valid_address($1, a) as ok from unnest($2::text[]) with ordinality u(a, i) order by i`,
      [network, addresses],
    );
    return rows.map((r) => r.ok);
  };

  it('computes keccak-256 like the published vectors', async () => {
    for (const v of vectors.keccak256) {
      const { rows } = await engine.db.query<{ h: string }>(
        `select encode(private.keccak256(convert_to($1, 'UTF8')), 'hex') as h`,
        [v.utf8],
      );
      expect(rows[0]?.h).toBe(v.hex);
    }
    // Multi-block input (over the 136-byte rate) against the TypeScript implementation's answer.
    const { rows } = await engine.db.query<{ h: string }>(
      `select encode(private.keccak256(convert_to(repeat('a', 300), 'UTF8')), 'hex') as h`,
    );
    const { keccak_256 } = await import('@noble/hashes/sha3.js');
    expect(rows[0]?.h).toBe(
      Buffer.from(keccak_256(new TextEncoder().encode('a'.repeat(300)))).toString('hex'),
    );
  });

  it.each(networks)('accepts the valid %s vectors and refuses the invalid ones', async (network) => {
    expect(await validate(network, vectors.valid[network])).toEqual(vectors.valid[network].map(() => true));
    expect(await validate(network, vectors.invalid[network])).toEqual(
      vectors.invalid[network].map(() => false),
    );
    // A valid address of another network is not valid here.
    const others = networks.filter((n) => n !== network).flatMap((n) => vectors.valid[n]);
    expect((await validate(network, others)).some(Boolean)).toBe(false);
  });

  it('accepts EIP-55 vectors with few letters', async () => {
    const list = vectors.validFewLetters.ethereum;
    expect(await validate('ethereum', list)).toEqual(list.map(() => true));
  });

  it.each(networks)(
    'refuses single-character mutations of every valid %s vector, agreeing with src/lib/addresses.ts',
    async (network) => {
      let checked = 0;
      for (const address of vectors.valid[network]) {
        const sample = sampledMutations(address, network === 'ethereum' ? 2 : 6);
        const sql = await validate(network, sample);
        expect(
          sample.filter((_, i) => sql[i]),
          `SQL accepted mutations of ${address}`,
        ).toEqual([]);
        expect(sample.filter((m) => isValidAddress(network, m))).toEqual([]);
        checked += sample.length;
      }
      expect(checked).toBeGreaterThan(50);
    },
  );

  it('refuses an unknown network and null', async () => {
    expect(await validate('dogecoin', ['DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L'])).toEqual([false]);
    const { rows } = await engine.db.query<{ ok: boolean }>(
      `select private.is_valid_address('bitcoin', null) as ok`,
    );
    expect(rows[0]?.ok).toBe(false);
  });
});
