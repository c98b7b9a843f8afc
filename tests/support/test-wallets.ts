/**
 * The deposit wallets the test databases open (issue 35). The seed starts every wallet off with a
 * chain's burn address, and the database refuses to turn a burn address on; the suites that file
 * deposits and withdrawals need open wallets, so each test database gets these: published example
 * addresses (BIP 173, EIP-55, TRON's and the XRP Ledger's documentation), valid for their networks
 * and not on the placeholder list. Wallet 6 (USDC on TRON) stays off with its placeholder, so every
 * suite also sees a closed, unconfigured wallet.
 */
export const TEST_DEPOSIT_ADDRESSES: Readonly<Record<number, string>> = {
  1: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  2: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  3: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  4: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  5: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
  7: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
};

export const TEST_WALLETS_REASON = 'Test database: published example addresses, deposits open';

/** The same, as one SQL script for a database the suites build (run as a superuser or postgres). */
export function openTestWalletsSql(): string {
  const cases = Object.entries(TEST_DEPOSIT_ADDRESSES)
    .map(([id, address]) => `when ${Number(id)} then '${address.replace(/'/g, "''")}'`)
    .join(' ');
  const ids = Object.keys(TEST_DEPOSIT_ADDRESSES).map(Number).join(', ');
  return `select set_config('lc.change_reason', '${TEST_WALLETS_REASON}', true);
update public.deposit_wallets set address = case id ${cases} end, enabled = true where id in (${ids});
select set_config('lc.change_reason', '', true);`;
}
