import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareAmounts } from '~/lib/money';
import { depositQrPayload, groupAddress, sendOnlyText } from '~/lib/wallets';
import { balanceChart, chartSeries, type LedgerEntry } from '~/lib/ledger';
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

describe('chartSeries', () => {
  it('keeps one account in order with its text label', () => {
    const entry = (id: string, account: LedgerEntry['account'], after: string, at: string): LedgerEntry => ({
      id,
      account,
      delta: '1',
      balance_before: '0',
      balance_after: after,
      reason: 'r',
      source: 'admin_edit',
      kind: 'correction',
      created_at: at,
    });
    const series = chartSeries(
      [
        entry('1', 'interest_wallet', '5.00', '2026-01-01'),
        entry('2', 'referral', '1', '2026-01-02'),
        entry('3', 'interest_wallet', '7.50', '2026-01-03'),
      ],
      'interest_wallet',
    );
    expect(series.map((p) => p.label)).toEqual(['5.00', '7.50']);
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
const box = { width: 600, height: 200, left: 100, right: 0, top: 0, bottom: 0 };
const usd = (amount: string) => `$${amount}`;

describe('balanceChart', () => {
  it('places points by time, not by position in the list', () => {
    const entries = [
      ledgerEntry('1', '10.00', '2026-01-01T00:00:00Z'),
      ledgerEntry('2', '20.00', '2026-01-02T00:00:00Z'),
      ledgerEntry('3', '30.00', '2026-01-11T00:00:00Z'),
    ];
    const model = balanceChart(entries, 'interest_wallet', box, Date.parse('2026-01-11T00:00:00Z'), usd);
    const xs = model?.points.map((p) => Math.round(p.x));
    // Ten days over 500 px: one day is 50 px.
    expect(xs).toEqual([100, 150, 600]);
    expect(model?.xTicks.map((t) => Math.round(t.x))).toEqual([100, 267, 433, 600]);
    expect(model?.yTicks.at(-1)?.label).toBe('$30.00');
  });
  it('draws entries made at one moment as one point on at least an hour of axis ending now', () => {
    const at = '2026-03-01T12:00:00Z';
    const entries = [ledgerEntry('1', '100.00', at), ledgerEntry('2', '250.00', at)];
    const model = balanceChart(entries, 'interest_wallet', box, Date.parse(at) + 5_000, usd, 'en-US');
    expect(model?.points).toHaveLength(1);
    expect(model?.points[0]?.balance).toBe('250.00');
    // 5 s before the end of a one-hour axis: at the right edge, not stretched across it.
    expect(model?.points[0]?.x).toBeCloseTo(100 + 500 * (3595 / 3600));
    // No vertical "wall": the path has no V segment, only a flat line to now.
    expect(model?.path).not.toContain('V');
    expect((model?.to ?? 0) - (model?.from ?? 0)).toBe(3600 * 1000);
    expect(new Set(model?.xTicks.map((t) => t.label)).size).toBe(model?.xTicks.length);
  });
  it('holds the last balance until now and is null without entries for the account', () => {
    const entries = [ledgerEntry('1', '5.00', '2026-01-01T00:00:00Z')];
    const model = balanceChart(entries, 'interest_wallet', box, Date.parse('2026-01-03T00:00:00Z'), usd);
    expect(model?.path.endsWith('H 600')).toBe(true);
    expect(balanceChart(entries, 'referral', box, Date.now(), usd)).toBeNull();
  });
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

describe('balanceChart time labels', () => {
  it('are distinct whatever the span', () => {
    for (const [first, now] of [
      ['2026-01-01T10:00:00Z', '2026-01-01T10:01:00Z'],
      ['2026-01-01T10:00:00Z', '2026-01-01T20:00:00Z'],
      ['2026-01-01T10:00:00Z', '2026-03-01T10:00:00Z'],
    ] as const) {
      const model = balanceChart(
        [ledgerEntry('1', '1.00', first)],
        'interest_wallet',
        box,
        Date.parse(now),
        usd,
        'en-US',
      );
      const labels = model?.xTicks.map((t) => t.label) ?? [];
      expect(new Set(labels).size, labels.join(' | ')).toBe(4);
    }
  });
});
