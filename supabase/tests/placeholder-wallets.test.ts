/**
 * Placeholder deposit addresses are never live (issue 35): the seed inserts every wallet off; no
 * writer (a proposal, an approval, the service role) can turn on a wallet whose address is a known
 * burn or placeholder value; members see closed assets without an address; staff see which wallets
 * are not configured. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_DEPOSIT_ADDRESSES } from '../../tests/support/test-wallets';
import {
  adminAtAal2,
  callAs,
  createUser,
  engines,
  createStaff,
  PROJECT_DIR,
  probe,
  type Caller,
  type Engine,
} from './helpers/db';

/** Every burn or placeholder address the list must hold, in the case a person might paste it. */
const PLACEHOLDERS: Array<[network: string, address: string]> = [
  ['bitcoin', '1111111111111111111114oLvT2'],
  ['bitcoin', '1BitcoinEaterAddressDontSendf59kuE'],
  ['ethereum', '0x0000000000000000000000000000000000000000'],
  ['ethereum', '0x000000000000000000000000000000000000dEaD'],
  ['ethereum', '0x000000000000000000000000000000000000DEAD'],
  ['ethereum', '0x000000000000000000000000000000000000dead'],
  ['ethereum', '0xdEAD000000000000000042069420694206942069'],
  ['tron', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'],
  ['tron', 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy'],
  ['ripple', 'rrrrrrrrrrrrrrrrrrrrrhoLvTp'],
  ['ripple', 'rrrrrrrrrrrrrrrrrrrrBZbvji'],
  ['ripple', 'rrrrrrrrrrrrrrrrrNAMEtxvNvQ'],
  ['ripple', 'rrrrrrrrrrrrrrrrrrrn5RM1rHd'],
];

/** Real-looking addresses of each network that are nobody's burn address. */
const REAL: Array<[network: string, address: string]> = [
  ['bitcoin', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
  ['bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
  ['ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
  ['ethereum', '0x000000000000000000000000000000000000dEaE'],
  ['tron', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
  ['ripple', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'],
  // A placeholder of one network is not one of another's (the list is per network).
  ['bitcoin', 'rrrrrrrrrrrrrrrrrrrrrhoLvTp'],
];

describe.each(engines)('placeholder deposit addresses on %s', (_name, open) => {
  let engine: Engine;
  let finance: Caller;
  let finance2: Caller;
  let member: Caller;
  const SERVICE: Caller = { role: 'service_role' };

  const refusal = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      return 'ok';
    } catch (error) {
      const e = error as { code?: string; hint?: string; message?: string };
      return `${e.code ?? ''} ${e.hint ?? ''}: ${e.message ?? ''}`;
    }
  };
  const isPlaceholder = async (network: string, address: string) =>
    (
      await engine.db.query<{ r: boolean }>('select private.is_placeholder_address($1, $2) as r', [
        network,
        address,
      ])
    ).rows[0]!.r;

  beforeAll(async () => {
    engine = await open();
    const ids: string[] = [];
    for (const name of ['finance', 'finance2']) {
      const u = await createStaff(engine.db, { role: 'finance', email: `${name}@placeholder.test` });
      ids.push(u.id);
    }
    [finance, finance2] = ids.map((id) => adminAtAal2(id)) as [Caller, Caller];
    const m = await createUser(engine.db, { email: 'member@placeholder.test' });
    member = { role: 'authenticated', uid: m.id, aal: 'aal1' };
  });

  afterAll(async () => {
    await engine?.close();
  });

  it('the list holds each chain’s burn addresses (Ethereum in any case) and nothing else', async () => {
    for (const [network, address] of PLACEHOLDERS)
      expect([network, address, await isPlaceholder(network, address)]).toEqual([network, address, true]);
    for (const [network, address] of REAL)
      expect([network, address, await isPlaceholder(network, address)]).toEqual([network, address, false]);
    // Pasted with spaces around, still the same placeholder.
    expect(await isPlaceholder('tron', ' T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb ')).toBe(true);
  });

  it('the seed inserts all seven wallets off, on placeholder addresses', async () => {
    const seeded = await engine.db.query<{ wallet_id: number; new_enabled: boolean; placeholder: boolean }>(
      `select distinct on (c.wallet_id) c.wallet_id, c.new_enabled,
              private.is_placeholder_address(w.network, c.new_address) as placeholder
       from public.deposit_wallet_changes c join public.deposit_wallets w on w.id = c.wallet_id
       order by c.wallet_id, c.id`,
    );
    expect(seeded.rows).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((id) => ({ wallet_id: id, new_enabled: false, placeholder: true })),
    );
    // And the migration's insert says so in its text, not only through the test database's history.
    const sql = readFileSync(
      join(PROJECT_DIR, 'migrations', '20261121000700_create_deposit_wallets.sql'),
      'utf8',
    );
    expect(sql.match(/^ {2}\(\d, .*, (true|false)\),?;?$/gm)?.every((line) => line.includes('false)'))).toBe(
      true,
    );
  });

  it('no writer can turn a placeholder on: the service role, an update, an insert, a proposal', async () => {
    // Wallet 6 is still on its placeholder in the test database.
    const row = await engine.db.query<{ placeholder: boolean; enabled: boolean }>(
      'select placeholder, enabled from public.deposit_wallets where id = 6',
    );
    expect(row.rows[0]).toEqual({ placeholder: true, enabled: false });
    expect(
      await refusal(() =>
        probe(engine.db, SERVICE, (tx) =>
          tx.query('update public.deposit_wallets set enabled = true where id = 6'),
        ),
      ),
    ).toMatch(
      /^22023 placeholder_address: That address is a placeholder \(a burn address\): funds sent there are lost\. Set the firm's real TRON/,
    );
    // Moving an open wallet back onto a burn address while keeping it on: refused too.
    expect(
      await refusal(() =>
        probe(engine.db, SERVICE, (tx) =>
          tx.query(
            `update public.deposit_wallets set address = '0x000000000000000000000000000000000000DEAD' where id = 2`,
          ),
        ),
      ),
    ).toMatch(/^22023 placeholder_address:/);
    // Off, a placeholder may stay (that is the seed's state).
    expect(
      await refusal(() =>
        probe(engine.db, SERVICE, (tx) =>
          tx.query(
            `update public.deposit_wallets set address = '0x000000000000000000000000000000000000dEaD', enabled = false where id = 2`,
          ),
        ),
      ),
    ).toBe('ok');
    // An insert meets the rule too (a seed or script building a database writes wallets by insert).
    // Before-insert triggers run before the key is compared, so an insert that `on conflict do
    // nothing` would skip is still checked: the rule does not depend on the row being new.
    const insertWallet6 = (address: string) =>
      refusal(() =>
        probe(engine.db, SERVICE, (tx) =>
          tx.query(
            `insert into public.deposit_wallets (id, wallet_name, asset, network, address, enabled)
             values (6, 'USDC (TRC-20)', 'USDC', 'tron', $1, true) on conflict (id) do nothing`,
            [address],
          ),
        ),
      );
    expect(await insertWallet6('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).toMatch(/^22023 placeholder_address:/);
    expect(await insertWallet6('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).toBe('ok');
    // The first pair of eyes is refused at once (the proposal's dry run meets the same rule).
    expect(
      await refusal(() =>
        callAs(engine.db, finance, 'select public.propose_staff_change($1, $2, $3::jsonb, $4) as r', [
          'deposit_address',
          '6',
          JSON.stringify({ address: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', enabled: true }),
          'open TRON USDC',
        ]),
      ),
    ).toMatch(
      /^22023 placeholder_address: That address is a placeholder .* Set the firm's real TRON address/,
    );
  });

  it('a real address proposed and approved by two finance admins opens the wallet', async () => {
    const proposal = await callAs<{ id: number }>(
      engine.db,
      finance,
      'select public.propose_staff_change($1, $2, $3::jsonb, $4) as r',
      [
        'deposit_address',
        '6',
        JSON.stringify({ address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', enabled: true }),
        'open TRON USDC',
      ],
    );
    await callAs(engine.db, finance2, 'select public.approve_staff_change($1) as r', [proposal.id]);
    const row = await engine.db.query<{ placeholder: boolean; enabled: boolean }>(
      'select placeholder, enabled from public.deposit_wallets where id = 6',
    );
    expect(row.rows[0]).toEqual({ placeholder: false, enabled: true });
  });

  it('members see every asset, with an address only where deposits are open', async () => {
    await engine.db.query(`update public.deposit_wallets set enabled = false where id = 5`);
    const seen = await callAs<Array<{ id: number; address: string | null; enabled: boolean }>>(
      engine.db,
      member,
      `select coalesce(json_agg(json_build_object('id', id, 'address', address, 'enabled', enabled) order by id), '[]')::text as r
       from public.member_deposit_wallets()`,
    );
    expect(seen.map((w) => w.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(seen.find((w) => w.id === 5)).toEqual({ id: 5, address: null, enabled: false });
    expect(seen.find((w) => w.id === 1)).toEqual({
      id: 1,
      address: TEST_DEPOSIT_ADDRESSES[1],
      enabled: true,
    });
    // Nobody signed out, and no member function is open to anon.
    expect(
      await refusal(() =>
        callAs(engine.db, { role: 'anon' }, 'select count(*) as r from public.member_deposit_wallets()'),
      ),
    ).toMatch(/^42501/);
  });
});
