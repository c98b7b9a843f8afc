import { describe, expect, it } from 'vitest';
import type { PlanTerms } from '~/lib/plans';
import { memberEn } from '~/i18n/member/en';
import { memberAr } from '~/i18n/member/ar';
import {
  availableText,
  noticeText,
  pendingCountText,
  planFromQuery,
  planOptionText,
  redeemAmount,
  redeemFields,
  redeemProblem,
  redeemRulesText,
  refusalFields,
  sinceText,
  subscribeProblem,
  SUBSCRIBE_FIELDS,
} from './rules';

const gold: PlanTerms = {
  slug: 'gold',
  name: 'Gold',
  description: 'A broader strategy.',
  minimum: '5000.00',
  notice_days: 5,
  returns_text: 'Set each month.',
  fees_text: 'No fee.',
  risk_text: 'Volatile.',
  accepting: true,
};
const plans = [{ slug: 'silver' }, { slug: 'gold' }];

describe('plan choice', () => {
  it('takes ?plan= only when it names a plan', () => {
    expect(planFromQuery('?plan=gold', plans)).toBe('gold');
    expect(planFromQuery('?plan=GOLD', plans)).toBe('gold');
    expect(planFromQuery('?plan=bronze', plans)).toBe('');
    expect(planFromQuery('', plans)).toBe('');
  });

  it('names a switched-off plan as such', () => {
    expect(planOptionText(gold)).toBe('Gold — from $5,000.00');
    expect(planOptionText({ ...gold, accepting: false })).toBe(
      'Gold — from $5,000.00 (not accepting new investments)',
    );
  });
});

describe('texts', () => {
  it('says the notice period in days', () => {
    expect(noticeText(5)).toBe('Redemptions are paid within 5 days of your request.');
    expect(noticeText(1)).toBe('Redemptions are paid within 1 day of your request.');
    expect(noticeText(0)).toBe('Redemptions are paid once accepted, with no notice period.');
  });

  it('states the available amount, the redemption rule, counts and dates', () => {
    expect(availableText('1234.5')).toBe('Available to invest: $1,234.50');
    expect(availableText(null)).toBe('Available to invest: …');
    expect(redeemRulesText(gold)).toBe(
      'Redemptions are paid within 5 days of your request. The principal returns to your Deposit Wallet once our finance team accepts it. A part redemption must leave at least $5,000.00 in the Gold plan.',
    );
    const en = memberEn.plans.pending;
    expect(pendingCountText(0, en, 'en')).toBe('No pending instruction');
    expect(pendingCountText(1, en, 'en')).toBe('1 pending instruction');
    expect(pendingCountText(3, en, 'en')).toBe('3 pending instructions');
    // Arabic counts in six forms; the words say the number apart, so every form reads right.
    const ar = memberAr.plans.pending;
    for (const n of [1, 2, 3, 11, 100]) expect(pendingCountText(n, ar, 'ar')).toBe(`تعليمات معلّقة: ${n}`);
    expect(pendingCountText(0, ar, 'ar')).toBe('لا توجد تعليمات معلّقة');
    expect(sinceText(null)).toBe('Not accepted yet');
    expect(sinceText('2026-11-27T10:00:00Z')).toBe('Since 27 Nov 2026');
  });
});

describe('checks before sending', () => {
  it('asks for a plan, then an amount that is one', () => {
    expect(subscribeProblem(undefined, '10')).toEqual({
      message: 'Choose a plan.',
      fields: ['subscribe-plan'],
    });
    expect(subscribeProblem(gold, '')?.fields).toEqual(['subscribe-amount']);
    expect(subscribeProblem(gold, '0')?.message).toBe('Amount must be more than zero.');
    expect(subscribeProblem(gold, '1.234')?.message).toBe('Amount must be a number with at most 2 decimals.');
    // The minimum is the database's rule: its refusal is shown as it comes.
    expect(subscribeProblem(gold, '10')).toBeNull();
  });

  it('redeems all of the principal or a typed part', () => {
    expect(redeemAmount('all', '6000.00', '12')).toBe('6000.00');
    expect(redeemAmount('part', '6000.00', ' 12 ')).toBe('12');
    expect(redeemProblem('gold', 'all', '')).toBeNull();
    expect(redeemProblem('gold', 'part', '')?.fields).toEqual([redeemFields('gold').amount]);
  });

  it('points a refusal at the field to fix', () => {
    expect(refusalFields('below_minimum', SUBSCRIBE_FIELDS)).toEqual(['subscribe-amount']);
    expect(refusalFields('insufficient_funds', SUBSCRIBE_FIELDS)).toEqual(['subscribe-amount']);
    expect(refusalFields('plan_closed', SUBSCRIBE_FIELDS)).toEqual(['subscribe-plan']);
    expect(refusalFields('withdrawals_frozen', SUBSCRIBE_FIELDS)).toEqual([]);
    expect(refusalFields(undefined, { amount: 'x' })).toEqual(['x']);
  });
});
