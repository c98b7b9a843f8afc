import { describe, expect, it } from 'vitest';
import { referralCodeFrom, referralInvited } from './ReferralNotice';
import en from '~/i18n/catalogs/en';

describe('referral link', () => {
  it('takes a code of the database’s shape, in capitals', () => {
    expect(referralCodeFrom('?ref=abcd2345')).toBe('ABCD2345');
    expect(referralCodeFrom('?ref=%20ABCD2345%20')).toBe('ABCD2345');
  });

  it('tells a link without a code from one that is not a code', () => {
    expect(referralCodeFrom('')).toBeNull();
    expect(referralCodeFrom('?ref=')).toBeNull();
    expect(referralCodeFrom('?ref=%20')).toBeNull();
    // Too short, too long, a look-alike letter (I, O) or digit (0, 1), anything else.
    for (const bad of ['ABC2345', 'ABCD23456', 'ABCD234I', 'ABCD2340', 'ABCD2341', '<script>'])
      expect(referralCodeFrom(`?ref=${encodeURIComponent(bad)}`)).toBe('');
  });

  it('names the code and what happens when it is nobody’s', () => {
    expect(referralInvited('ABCD2345', en.authForm)).toBe(
      'You were invited by a member (referral code ABCD2345): your sign-up will be linked to their referral. If no member has this code, you are registered without one.',
    );
  });
});
