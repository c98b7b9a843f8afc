import { describe, expect, it } from 'vitest';
import type { BalanceDraft } from '~/lib/accounts';
import { mergeAfterRefusedSave } from './merge';

const seen: BalanceDraft = {
  interest_wallet: '10.00',
  deposit_wallet: '20.00',
  total_invest: '30.00',
  total_deposit: '40.00',
  total_withdraw: '0.00',
  referral: '5.00',
};

describe('mergeAfterRefusedSave', () => {
  it('keeps what the admin typed, takes the stored value elsewhere and marks what moved', () => {
    const typed = { ...seen, interest_wallet: '11', total_invest: '31.50' };
    const stored = { ...seen, interest_wallet: '12.00', deposit_wallet: '25.00' };
    expect(mergeAfterRefusedSave(seen, typed, stored)).toEqual({
      draft: { ...seen, interest_wallet: '11', deposit_wallet: '25.00', total_invest: '31.50' },
      moved: { interest_wallet: '12.00', deposit_wallet: '25.00' },
    });
  });

  it('compares amounts as numbers, not as text', () => {
    // "10" typed over "10.00" is no change: it follows the stored value; "040.0" stored is not a move.
    const typed = { ...seen, interest_wallet: '10' };
    const stored = { ...seen, interest_wallet: '13.00', total_deposit: '040.0' };
    const merged = mergeAfterRefusedSave(seen, typed, stored);
    expect(merged.draft.interest_wallet).toBe('13.00');
    expect(merged.moved).toEqual({ interest_wallet: '13.00' });
  });

  it('reports nothing moved when the stored values are what the admin saw', () => {
    const typed = { ...seen, referral: '6' };
    expect(mergeAfterRefusedSave(seen, typed, { ...seen })).toEqual({ draft: typed, moved: {} });
  });

  it('does not change its inputs', () => {
    const typed = { ...seen, referral: '6' };
    const before = JSON.stringify([seen, typed]);
    mergeAfterRefusedSave(seen, typed, { ...seen, referral: '7.00' });
    expect(JSON.stringify([seen, typed])).toBe(before);
  });
});
