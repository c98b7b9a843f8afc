import { describe, expect, it } from 'vitest';
import type { DepositNotice, WithdrawalRequest } from '~/lib/admin/requests';
import { noticeTitle, payoutProblem, valuationProblem, withdrawalTitle } from './review-rules';

const valuation = {
  asset: 'BTC',
  quantity: '0.50000000',
  usdValue: '30000.00',
  rate: '60000',
  rateSource: 'Coinbase spot',
};

describe('valuationProblem', () => {
  it('accepts a USD value equal to quantity × rate, rounded to cents', () => {
    expect(valuationProblem(valuation)).toBeNull();
    expect(valuationProblem({ ...valuation, usdValue: '30000' })).toBeNull();
  });

  it('refuses a USD value that is not the product, and says which it must be', () => {
    expect(valuationProblem({ ...valuation, usdValue: '25000.00' })).toEqual({
      message:
        'The USD value must be the quantity × the rate, rounded to cents: 0.5 BTC × $60,000.00 per BTC = $30,000.00.',
      fields: ['review-usd-value'],
    });
  });

  it('checks the rate first, then the value, then the rate’s source', () => {
    expect(valuationProblem({ ...valuation, rate: '' })?.fields).toEqual(['review-rate']);
    expect(valuationProblem({ ...valuation, usdValue: '1.234' })?.fields).toEqual(['review-usd-value']);
    expect(valuationProblem({ ...valuation, rateSource: ' x ' })).toEqual({
      message: 'Say where the rate comes from (2 to 120 characters), for example “Kraken BTC/USD close”.',
      fields: ['review-rate-source'],
    });
  });
});

describe('payoutProblem', () => {
  const payout = {
    asset: 'BTC',
    quantity: '0.0041',
    rate: '97500',
    networkFee: '0.00002',
    rateSource: 'Kraken',
  };
  it('accepts a payout, with a zero network fee too', () => {
    expect(payoutProblem(payout)).toBeNull();
    expect(payoutProblem({ ...payout, networkFee: '0' })).toBeNull();
  });
  it('checks each value in the asset’s precision', () => {
    expect(payoutProblem({ ...payout, quantity: '0.000000001' })?.fields).toEqual(['review-quantity']);
    expect(payoutProblem({ ...payout, rate: '-1' })?.fields).toEqual(['review-rate']);
    expect(payoutProblem({ ...payout, networkFee: '0.000000001' })?.message).toBe(
      'Network fee (BTC) can have at most 8 decimals: BTC is counted to 0.00000001.',
    );
    expect(payoutProblem({ ...payout, networkFee: '' })?.fields).toEqual(['review-network-fee']);
  });
});

describe('titles', () => {
  it('heads a notice with what was sent, then its value once known', () => {
    const notice = {
      quantity: '0.50000000',
      asset: 'BTC',
      amount: '',
      credited_amount: '',
      user_email: 'a@example.com',
    } as DepositNotice;
    expect(noticeTitle(notice, 'Bitcoin')).toBe('0.5 BTC · Bitcoin · a@example.com');
    expect(noticeTitle({ ...notice, amount: '30000.00' }, 'Bitcoin')).toBe(
      '0.5 BTC · $30,000.00 · Bitcoin · a@example.com',
    );
  });
  it('heads a withdrawal with its amount', () => {
    const w = { amount: '400.00', user_email: 'a@example.com' } as WithdrawalRequest;
    expect(withdrawalTitle(w, 'Bitcoin')).toBe('$400.00 · Bitcoin · a@example.com');
  });
});
