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

describe('the rate’s source (the database’s rule: 2 to 120 characters, trimmed)', () => {
  it('takes 2 and 120 characters, and refuses 1 and 121', () => {
    const problem = (source: string) => valuationProblem({ ...valuation, rateSource: source });
    for (const length of [2, 3, 60, 119, 120]) expect(problem('k'.repeat(length)), `${length}`).toBeNull();
    for (const length of [0, 1, 121, 500]) {
      expect(problem('k'.repeat(length))?.fields, `${length}`).toEqual(['review-rate-source']);
    }
    expect(problem(`  ${'k'.repeat(120)}  `)).toBeNull();
    expect(problem('  k  ')?.fields).toEqual(['review-rate-source']);
  });
});

describe('payoutProblem', () => {
  // 0.0041 + 0.00002 = 0.00412 BTC at $97,500 is $401.70.
  const payout = {
    asset: 'BTC',
    amount: '401.70',
    quantity: '0.0041',
    rate: '97500',
    networkFee: '0.00002',
    rateSource: 'Kraken',
  };
  it('accepts a payout whose quantity plus fee, at the rate, is the amount; with a zero fee too', () => {
    expect(payoutProblem(payout)).toBeNull();
    expect(payoutProblem({ ...payout, quantity: '0.00412', networkFee: '0' })).toBeNull();
    expect(payoutProblem({ ...payout, amount: '401.7' })).toBeNull();
  });
  it('takes a zero fee written with decimals as no fee, not as a quantity that must be more than zero', () => {
    for (const zero of ['0', '0.0', '0.00000000', '00.000', ' 0.00 ']) {
      expect(payoutProblem({ ...payout, quantity: '0.00412', networkFee: zero }), zero).toBeNull();
    }
    expect(payoutProblem({ ...payout, networkFee: '0.00' })?.message).toBe(
      'At $97,500.00 per BTC, 0.0041 BTC is worth $399.75, not the $401.70 requested. Check the quantity, the network fee or the rate.',
    );
  });
  it('refuses a payout that does not come to the amount, to the cent, and says what it comes to', () => {
    expect(payoutProblem({ ...payout, networkFee: '0' })).toEqual({
      message:
        'At $97,500.00 per BTC, 0.0041 BTC is worth $399.75, not the $401.70 requested. Check the quantity, the network fee or the rate.',
      fields: ['review-quantity', 'review-rate', 'review-network-fee'],
    });
    expect(payoutProblem({ ...payout, amount: '401.69' })?.message).toBe(
      'At $97,500.00 per BTC, 0.0041 BTC plus a 0.00002 BTC network fee is worth $401.70, not the $401.69 requested. Check the quantity, the network fee or the rate.',
    );
    expect(payoutProblem({ ...payout, amount: '401.71' })?.fields).toContain('review-quantity');
    // At $50,000 a satoshi is half a cent: 59.995 rounds up to 60.00, 59.9945 down to 59.99.
    const half = { ...payout, amount: '60.00', rate: '50000', networkFee: '0.00001' };
    expect(payoutProblem({ ...half, quantity: '0.0011899' })).toBeNull();
    expect(payoutProblem({ ...half, quantity: '0.00118989' })).not.toBeNull();
    expect(payoutProblem({ ...half, amount: '40.00', networkFee: '0', quantity: '0.00080009' })).toBeNull();
    expect(
      payoutProblem({ ...half, amount: '40.00', networkFee: '0', quantity: '0.0008001' }),
    ).not.toBeNull();
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
    // Once credited, the amount credited is what it was worth.
    expect(noticeTitle({ ...notice, amount: '30000.00', credited_amount: '29950.00' }, 'Bitcoin')).toBe(
      '0.5 BTC · $29,950.00 · Bitcoin · a@example.com',
    );
  });
  it('heads a withdrawal with its amount', () => {
    const w = { amount: '400.00', user_email: 'a@example.com' } as WithdrawalRequest;
    expect(withdrawalTitle(w, 'Bitcoin')).toBe('$400.00 · Bitcoin · a@example.com');
  });
});
