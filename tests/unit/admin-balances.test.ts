import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { changedAccounts, draftErrors, reasonError } from '~/lib/admin/balances';
import type { BalanceDraft } from '~/lib/accounts';
import { amountError, canonicalAmount } from '~/lib/money';

const zero: BalanceDraft = {
  interest_wallet: '0.00',
  deposit_wallet: '0.00',
  total_invest: '0.00',
  total_deposit: '0.00',
  total_withdraw: '0.00',
  referral: '0.00',
};

describe('amountError (same rule as the database)', () => {
  it.each(['0', '0.5', '12.34', '100', '007.10', ' 42.1 ', '999999999999.99'])('accepts %j', (text) => {
    expect(amountError(text, 'Interest Wallet')).toBeNull();
  });

  it.each([
    ['', 'Interest Wallet is required.'],
    ['   ', 'Interest Wallet is required.'],
    ['-1', 'Interest Wallet must not be negative.'],
    ['-0.01', 'Interest Wallet must not be negative.'],
    ['1.234', 'Interest Wallet must be a number with at most 2 decimals.'],
    ['abc', 'Interest Wallet must be a number with at most 2 decimals.'],
    ['1e5', 'Interest Wallet must be a number with at most 2 decimals.'],
    ['1,000', 'Interest Wallet must be a number with at most 2 decimals.'],
    ['.5', 'Interest Wallet must be a number with at most 2 decimals.'],
    ['5.', 'Interest Wallet must be a number with at most 2 decimals.'],
    ['NaN', 'Interest Wallet must be a number with at most 2 decimals.'],
    ['Infinity', 'Interest Wallet must be a number with at most 2 decimals.'],
    ['1000000000000', 'Interest Wallet must be at most 999999999999.99.'],
    ['999999999999.991', 'Interest Wallet must be a number with at most 2 decimals.'],
    ['0001000000000000.00', 'Interest Wallet must be at most 999999999999.99.'],
  ])('refuses %j with %j', (text, message) => {
    expect(amountError(text, 'Interest Wallet')).toBe(message);
  });

  it('agrees with exact decimal arithmetic on every 2-decimal amount up to the bound', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (cents) => {
        const text = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
        const withinBound = cents <= 99999999999999n;
        expect(amountError(text, 'X') === null).toBe(withinBound);
      }),
    );
  });
});

describe('draftErrors and changedAccounts', () => {
  it('names every invalid field and only those', () => {
    const errors = draftErrors({ ...zero, deposit_wallet: '-3', referral: '1.001' });
    expect(Object.keys(errors).sort()).toEqual(['deposit_wallet', 'referral']);
    expect(errors.deposit_wallet).toBe('Deposit Wallet must not be negative.');
    expect(errors.referral).toBe('Referral Earnings must be a number with at most 2 decimals.');
  });

  it('sends only amounts that really changed, as typed', () => {
    const changed = changedAccounts(zero, { ...zero, interest_wallet: '0', total_invest: ' 150.5 ' });
    expect(changed).toEqual({ total_invest: '150.5' });
  });

  it('canonicalises without floating point', () => {
    expect(canonicalAmount('0007.5')).toBe('7.50');
    expect(canonicalAmount('999999999999.99')).toBe('999999999999.99');
    expect(canonicalAmount('0.1')).toBe('0.10');
  });
});

describe('reasonError', () => {
  it('accepts 3 to 500 characters after trimming, as the database does', () => {
    expect(reasonError('abc')).toBeNull();
    expect(reasonError('  ab  ')).toBe('Reason must be 3 to 500 characters.');
    expect(reasonError('x'.repeat(500))).toBeNull();
    expect(reasonError('x'.repeat(501))).toBe('Reason must be 3 to 500 characters.');
  });
});
