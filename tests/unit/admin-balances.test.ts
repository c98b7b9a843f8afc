import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { reasonError } from '~/lib/admin/reason';
import { correctionProblem, signedAmountError, type CorrectionDraft } from '~/lib/admin/transfer-text';
import { amountError, canonicalAmount } from '~/lib/money';

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

describe('signedAmountError (a correction: minus debits, plain credits)', () => {
  it.each(['12.50', '-12.50', '+3', '0.01', '-0.01', '999999999999.99', '-999999999999.99', ' 7 '])(
    'accepts %j',
    (text) => {
      expect(signedAmountError(text)).toBeNull();
    },
  );

  it.each([
    ['', 'Amount is required.'],
    ['0', 'Amount must not be zero.'],
    ['-0.00', 'Amount must not be zero.'],
    [
      '12.345',
      'Amount must be a number with at most 2 decimals, with a minus sign to debit (for example -12.50).',
    ],
    [
      '1,000',
      'Amount must be a number with at most 2 decimals, with a minus sign to debit (for example -12.50).',
    ],
    [
      '--5',
      'Amount must be a number with at most 2 decimals, with a minus sign to debit (for example -12.50).',
    ],
    [
      '- 5',
      'Amount must be a number with at most 2 decimals, with a minus sign to debit (for example -12.50).',
    ],
    ['1000000000000', 'Amount must be at most 999999999999.99 either way.'],
    ['-1000000000000', 'Amount must be at most 999999999999.99 either way.'],
  ])('refuses %j with %j', (text, message) => {
    expect(signedAmountError(text)).toBe(message);
  });

  it('canonicalises without floating point', () => {
    expect(canonicalAmount('0007.5')).toBe('7.50');
    expect(canonicalAmount('999999999999.99')).toBe('999999999999.99');
    expect(canonicalAmount('0.1')).toBe('0.10');
  });
});

describe('correctionProblem', () => {
  const draft = (over: Partial<CorrectionDraft> = {}): CorrectionDraft => ({
    account: 'deposit_wallet',
    amount: '-12.50',
    category: 'error_correction',
    clientText: 'Correction of a duplicated interest payment',
    internalNote: '',
    ...over,
  });

  it('accepts a complete draft; the internal note is optional', () => {
    expect(correctionProblem(draft())).toBeNull();
    expect(correctionProblem(draft({ internalNote: 'Ticket 4411' }))).toBeNull();
  });

  it('names the first field to fix, in the dialog’s order', () => {
    expect(correctionProblem(draft({ account: '', amount: '' }))).toEqual({
      message: 'Choose the account.',
      fields: ['correction-account'],
    });
    expect(correctionProblem(draft({ amount: 'x' }))?.fields).toEqual(['correction-amount']);
    expect(correctionProblem(draft({ category: '' }))).toEqual({
      message: 'Choose the category.',
      fields: ['correction-category'],
    });
    expect(correctionProblem(draft({ clientText: ' ab ' }))).toEqual({
      message: 'The text the client reads must be 3 to 500 characters.',
      fields: ['correction-client-text'],
    });
    expect(correctionProblem(draft({ clientText: 'x'.repeat(501) }))?.fields).toEqual([
      'correction-client-text',
    ]);
    expect(correctionProblem(draft({ internalNote: 'x'.repeat(501) }))).toEqual({
      message: 'The internal note must be at most 500 characters.',
      fields: ['correction-internal-note'],
    });
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
