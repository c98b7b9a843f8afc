import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareAmounts } from '~/lib/money';
import { depositQrPayload, groupAddress, sendOnlyText } from '~/lib/wallets';
import type { LedgerEntry } from '~/lib/ledger';
import { ledgerCsv } from '~/lib/ledger-csv';

describe('compareAmounts', () => {
  it('compares decimal text exactly', () => {
    expect(compareAmounts('10', '10.00')).toBe(0);
    expect(compareAmounts('10.01', '10')).toBeGreaterThan(0);
    expect(compareAmounts('9.99', '10')).toBeLessThan(0);
    expect(compareAmounts('0999999999999.99', '999999999999.99')).toBe(0);
    expect(compareAmounts('999999999999.99', '999999999999.98')).toBeGreaterThan(0);
    expect(Number.isNaN(compareAmounts('1e3', '5'))).toBe(true);
  });
  it('agrees with integer cents for any amounts', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 99_999_999_999_999n }),
        fc.bigInt({ min: 0n, max: 99_999_999_999_999n }),
        (a, b) => {
          const text = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
          expect(Math.sign(compareAmounts(text(a), text(b)))).toBe(a === b ? 0 : a > b ? 1 : -1);
        },
      ),
    );
  });
});

describe('wallet display', () => {
  it('groups an address in fours without losing a character', () => {
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    const groups = groupAddress(address);
    expect(groups.every((g) => g.length <= 4)).toBe(true);
    expect(groups.join('')).toBe(address);
  });
  it('names the network on every card', () => {
    expect(sendOnlyText({ asset: 'USDT', network: 'ethereum' })).toBe('Send only USDT on Ethereum (ERC-20)');
    expect(sendOnlyText({ asset: 'USDT', network: 'tron' })).toBe('Send only USDT on TRON (TRC-20)');
    expect(sendOnlyText({ asset: 'ETH', network: 'ethereum' })).toBe('Send only ETH on Ethereum');
    expect(sendOnlyText({ asset: 'XRP', network: 'ripple' })).toBe('Send only XRP on XRP Ledger');
  });
  it('puts the destination tag into the XRP QR payload, and nothing extra elsewhere', () => {
    const xrp = { address: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', network: 'ripple' as const };
    expect(depositQrPayload(xrp, '1234567')).toBe('rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY?dt=1234567');
    // Until the tag is known (or if it is not a number), only the address: never a wrong tag.
    expect(depositQrPayload(xrp, undefined)).toBe(xrp.address);
    expect(depositQrPayload(xrp, '12a')).toBe(xrp.address);
    const btc = { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', network: 'bitcoin' as const };
    expect(depositQrPayload(btc, '1234567')).toBe(btc.address);
  });
});

const ledgerEntry = (
  id: string,
  after: string,
  at: string,
  extra: Partial<LedgerEntry> = {},
): LedgerEntry => ({
  id,
  account: 'interest_wallet',
  delta: after,
  balance_before: '0.00',
  balance_after: after,
  reason: 'r',
  source: 'admin_edit',
  kind: 'correction',
  created_at: at,
  ...extra,
});

describe('ledgerCsv', () => {
  it('writes RFC 4180 rows with exact amounts, quoting and defusing formulas', () => {
    const csv = ledgerCsv([
      ledgerEntry('1', '1234567.89', '2026-01-01T00:00:00Z', { delta: '-0.10', reason: 'Said "hi", twice' }),
      ledgerEntry('2', '0.01', '2026-01-02T00:00:00Z', { reason: '=HYPERLINK("x")' }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Date (UTC),Account,Change,Balance before,Balance after,Reason',
      '2026-01-01T00:00:00.000Z,Interest Wallet,-0.10,0.00,1234567.89,"Said ""hi"", twice"',
      `2026-01-02T00:00:00.000Z,Interest Wallet,0.01,0.00,0.01,"'=HYPERLINK(""x"")"`,
      '',
    ]);
  });
});
