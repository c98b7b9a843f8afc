import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addQuantities,
  ASSET_DECIMALS,
  formatQuantity,
  formatRate,
  quantityError,
  rateError,
  quantityFor,
  trimQuantity,
  usdValueOf,
} from '~/lib/assets';

describe('quantityError (the asset’s precision)', () => {
  it('counts each asset in its own decimals: BTC 8, ETH 18, USDT/USDC/XRP 6', () => {
    expect(ASSET_DECIMALS).toEqual({ BTC: 8, ETH: 18, USDT: 6, USDC: 6, XRP: 6 });
    expect(quantityError('0.5', 'BTC', 'Quantity sent (BTC)')).toBeNull();
    expect(quantityError('0.00000001', 'BTC', 'Quantity sent (BTC)')).toBeNull();
    expect(quantityError('0.000000001', 'BTC', 'Quantity sent (BTC)')).toBe(
      'Quantity sent (BTC) can have at most 8 decimals: BTC is counted to 0.00000001.',
    );
    expect(quantityError('1.123456789012345678', 'ETH', 'Quantity sent (ETH)')).toBeNull();
    expect(quantityError('1.1234567890123456789', 'ETH', 'Quantity sent (ETH)')).toMatch(
      /at most 18 decimals/,
    );
    for (const asset of ['USDT', 'USDC', 'XRP']) {
      expect(quantityError('25.123456', asset, 'Q')).toBeNull();
      expect(quantityError('25.1234567', asset, 'Q')).toBe(
        `Q can have at most 6 decimals: ${asset} is counted to 0.000001.`,
      );
    }
  });

  it.each([
    ['', 'Q is required.'],
    ['  ', 'Q is required.'],
    ['-0.5', 'Q must not be negative.'],
    ['0', 'Q must be more than zero.'],
    ['0.00000000', 'Q must be more than zero.'],
    ['0,5', 'Q must be a number, such as 0.5 (use a point for decimals, no commas).'],
    ['1e-3', 'Q must be a number, such as 0.5 (use a point for decimals, no commas).'],
    ['.5', 'Q must be a number, such as 0.5 (use a point for decimals, no commas).'],
    ['1'.repeat(21), 'Q is too large.'],
  ])('refuses %j with %j', (text, message) => {
    expect(quantityError(text, 'BTC', 'Q')).toBe(message);
  });

  it('counts an asset it does not know to the database’s 18 decimals', () => {
    expect(quantityError(`0.${'0'.repeat(17)}1`, 'DOGE', 'Q')).toBeNull();
    expect(quantityError(`0.${'0'.repeat(18)}1`, 'DOGE', 'Q')).toBe(
      'Q can have at most 18 decimals: DOGE is counted to 0.000000000000000001.',
    );
  });

  it('takes up to 20 digits before the point (numeric(38, 18)), leading zeros not counted', () => {
    expect(quantityError('9'.repeat(20), 'BTC', 'Q')).toBeNull();
    expect(quantityError(`${'9'.repeat(20)}.12345678`, 'BTC', 'Q')).toBeNull();
    expect(quantityError(`000${'9'.repeat(20)}`, 'BTC', 'Q')).toBeNull();
    expect(quantityError(`1${'0'.repeat(20)}`, 'BTC', 'Q')).toBe('Q is too large.');
    expect(rateError('9'.repeat(20), 'Rate')).toBeNull();
    expect(rateError(`1${'0'.repeat(20)}`, 'Rate')).toBe('Rate is too large.');
  });
});

describe('rateError', () => {
  it('accepts a positive rate with up to 10 decimals and refuses anything else', () => {
    expect(rateError('60000', 'Rate')).toBeNull();
    expect(rateError('0.5123456789', 'Rate')).toBeNull();
    expect(rateError('0.51234567891', 'Rate')).toBe('Rate can have at most 10 decimals.');
    expect(rateError('0', 'Rate')).toBe('Rate must be more than zero.');
    expect(rateError('60,000', 'Rate')).toBe(
      'Rate must be a number, such as 60000.00 (no commas or $ sign).',
    );
    expect(rateError('', 'Rate')).toBe('Rate is required.');
  });
});

describe('formatting', () => {
  it('shows a quantity without trailing zeros, grouped, with its asset', () => {
    expect(trimQuantity('0.50000000')).toBe('0.5');
    expect(formatQuantity('0.50000000', 'BTC')).toBe('0.5 BTC');
    expect(formatQuantity('1250.000000', 'XRP')).toBe('1,250 XRP');
    expect(formatQuantity('0.000000000000000001', 'ETH')).toBe('0.000000000000000001 ETH');
    expect(formatQuantity('', 'BTC')).toBe('—');
  });

  it('shows a rate in dollars per unit, at least to the cent and never rounded', () => {
    expect(formatRate('60000.0000000000', 'BTC')).toBe('$60,000.00 per BTC');
    expect(formatRate('0.5123000000', 'XRP')).toBe('$0.5123 per XRP');
    expect(formatRate('', 'XRP')).toBe('—');
  });
});

/** 12345n with 2 decimals → "123.45": a decimal text from its digits, for the property tests. */
function asText(digits: bigint, decimals: number): string {
  const s = digits.toString().padStart(decimals + 1, '0');
  return decimals ? `${s.slice(0, -decimals)}.${s.slice(-decimals)}` : s;
}

describe('usdValueOf (quantity × rate, rounded to cents as Postgres rounds)', () => {
  it('multiplies exactly and rounds half away from zero', () => {
    expect(usdValueOf('0.5', '60000')).toBe('30000.00');
    expect(usdValueOf('0.12345678', '61234.56')).toBe('7559.82');
    expect(usdValueOf('1', '0.005')).toBe('0.01');
    expect(usdValueOf('1', '0.0049999')).toBe('0.00');
    expect(usdValueOf('0.1', '0.3')).toBe('0.03');
    expect(usdValueOf('x', '1')).toBeNull();
  });

  it('agrees with exact rational arithmetic on random quantities and rates', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 8 }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 10 }),
        (qDigits, qDecimals, rDigits, rDecimals) => {
          // cents = round(q × r × 100), computed as a fraction n / d.
          const n = qDigits * rDigits * 100n;
          const d = 10n ** BigInt(qDecimals + rDecimals);
          const cents = (2n * n + d) / (2n * d);
          const value = usdValueOf(asText(qDigits, qDecimals), asText(rDigits, rDecimals));
          expect(value).toBe(asText(cents, 2));
        },
      ),
    );
  });
});

describe('addQuantities', () => {
  it('adds exactly, whatever the decimals', () => {
    expect(addQuantities('0.1195', '0.0005')).toBe('0.1200');
    expect(addQuantities('1', '0.00000001')).toBe('1.00000001');
    expect(addQuantities('0.000000000000000001', '0.000000000000000002')).toBe('0.000000000000000003');
    expect(addQuantities('12', '0')).toBe('12');
    expect(addQuantities('x', '1')).toBeNull();
  });
});

describe('quantityFor (what to send so that, with the fee, it comes to the amount)', () => {
  it('takes the fee off the amount’s worth of the asset, in its precision', () => {
    expect(quantityFor('120.00', '1000', '0.0005', 'ETH')).toBe('0.1195');
    expect(quantityFor('12000', '60000', '0.00001', 'BTC')).toBe('0.19999');
    // 120 / 97,500 = 0.00123076923…: rounded to 8 decimals, it still comes to $120.00.
    expect(quantityFor('120.00', '97500', '0', 'BTC')).toBe('0.00123077');
    expect(usdValueOf('0.00123077', '97500')).toBe('120.00');
  });

  it('names a whole quantity without a point or trailing zeros', () => {
    expect(quantityFor('60000.00', '60000', '0', 'BTC')).toBe('1');
    expect(quantityFor('120000', '60000', '0', 'BTC')).toBe('2');
    expect(quantityFor('60006', '60000', '0.0001', 'BTC')).toBe('1');
    expect(quantityFor('30', '1', '0', 'USDT')).toBe('30');
    expect(quantityFor('300', '1', '0', 'XRP')).toBe('300');
    expect(quantityFor('30000.00', '60000', '0', 'BTC')).toBe('0.5');
  });

  it('says nothing when the fee takes it all, or no quantity lands on the cent', () => {
    expect(quantityFor('1.00', '60000', '0.001', 'BTC')).toBeNull();
    // The fee alone is worth the amount: nothing is left to send (not "send 0 BTC").
    expect(quantityFor('60.00', '60000', '0.001', 'BTC')).toBeNull();
    expect(quantityFor('25', '1', '25', 'USDT')).toBeNull();
    // A unit more than the fee is something to send.
    expect(quantityFor('60.06', '60000', '0.001', 'BTC')).toBe('0.000001');
    // A USDT unit (0.000001) is worth $0.02 at this rate: no quantity comes to $0.01.
    expect(quantityFor('0.01', '20000', '0', 'USDT')).toBeNull();
    expect(quantityFor('10', '0', '0', 'BTC')).toBeNull();
    expect(quantityFor('10', 'abc', '0', 'BTC')).toBeNull();
    expect(quantityFor('10', '100', '0.000000001', 'BTC')).toBeNull();
  });

  it('whenever it names a quantity, that quantity plus the fee is worth the amount to the cent', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 11n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom('BTC', 'ETH', 'USDT', 'XRP'),
        fc.bigInt({ min: 0n, max: 10n ** 6n }),
        (cents, rateDigits, rateDecimals, asset, feeUnits) => {
          const usd = asText(cents, 2);
          const rate = asText(rateDigits, rateDecimals);
          const fee = asText(feeUnits, 6);
          const quantity = quantityFor(usd, rate, fee, asset);
          if (quantity === null) return;
          expect(quantityError(quantity, asset, 'Q')).toBeNull();
          expect(usdValueOf(addQuantities(quantity, fee)!, rate)).toBe(usd);
        },
      ),
    );
  });
});
