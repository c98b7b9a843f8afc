import { describe, expect, it } from 'vitest';
import {
  currentMonth,
  instructionMoves,
  instructionTitle,
  isInstruction,
  planNameOf,
  planTermsPayload,
  planTermsProblem,
  returnsClientText,
  returnsPreviewProblem,
  returnsRunTarget,
  termsDraftFrom,
  toReturnsPreview,
  type PlanTerms,
} from '~/lib/admin/plan-text';
import {
  describeStaffChange,
  fractionToPercent,
  mayDecide,
  percentText,
  type StaffChange,
} from '~/lib/admin/staff-changes';
import { describeChange, touchesOwnMoney } from '~/lib/admin/plan-changes';
import { capabilities } from '~/lib/admin/staff';
import { correctionProblem } from '~/lib/admin/transfer-text';
import { referralPercentError, settingsProblem } from '~/components/islands/admin/approvals/proposal-text';
import { toPendingTransfer } from '~/lib/admin/transfers';

const gold: PlanTerms = {
  slug: 'gold',
  name: 'Gold',
  description: 'A broader strategy.',
  minimum: '5000.00',
  notice_days: 5,
  returns_text: 'Set monthly, not guaranteed.',
  fees_text: 'No fees.',
  risk_text: 'You may lose money.',
  accepting: true,
};

const preview = {
  plan: 'gold',
  plan_name: 'Gold',
  period: '2026-11',
  period_label: 'November 2026',
  rate_percent: '1.25',
  members: 2,
  total_principal: '15000.00',
  total_amount: '187.50',
  lines: [
    { user_id: 'u1', email: 'a@example.com', username: 'A', principal: '5000.00', amount: '62.50' },
    { user_id: 'u2', email: 'b@example.com', username: 'B', principal: '10000.00', amount: '125.00' },
  ],
};

describe('members’ instructions', () => {
  it('are the subscriptions and redemptions, read as the member’s statement says them', () => {
    expect(isInstruction('subscription')).toBe(true);
    expect(isInstruction('redemption')).toBe(true);
    expect(isInstruction('correction')).toBe(false);
    expect(instructionTitle('subscription', 'Gold')).toBe('Investment in the Gold plan');
    expect(instructionTitle('redemption', 'Gold')).toBe('Redemption from the Gold plan');
    expect(instructionMoves('subscription', 'Gold')).toBe('Deposit Wallet → Gold plan (Total Invest)');
    expect(instructionMoves('redemption', 'Gold')).toBe('Gold plan (Total Invest) → Deposit Wallet');
  });

  it('name the plan from the plans read, or from its slug', () => {
    expect(planNameOf('gold', new Map([['gold', 'Gold Plus']]))).toBe('Gold Plus');
    expect(planNameOf('silver')).toBe('Silver');
    expect(planNameOf('')).toBe('');
  });

  it('carry their plan from admin_pending_transfers, and no proposer', () => {
    const t = toPendingTransfer(
      { id: 7, kind: 'subscription', amount: '5000.00', plan: 'gold', proposed_by: null },
      0,
      new Map([['gold', 'Gold']]),
    );
    expect(t).toMatchObject({ id: '7', plan: 'gold', plan_name: 'Gold', proposed_by: '' });
    expect(toPendingTransfer({ id: 8, kind: 'correction', plan: null }, 0)).toMatchObject({
      plan: '',
      plan_name: '',
    });
  });
});

describe('returns runs', () => {
  it('reads a preview (and a run proposal’s payload, the same shape), or refuses what is not one', () => {
    expect(toReturnsPreview(preview)).toEqual(preview);
    expect(toReturnsPreview(JSON.stringify(preview))).toEqual(preview);
    expect(toReturnsPreview({ plan: 'gold' })).toBeNull();
    expect(toReturnsPreview(null)).toBeNull();
  });

  it('says what members read, and targets plan:month', () => {
    expect(returnsClientText(preview)).toBe('Returns, Gold plan, November 2026');
    expect(returnsRunTarget('gold', ' 2026-11 ')).toBe('gold:2026-11');
  });

  it('defaults to the current month in UTC', () => {
    expect(currentMonth(new Date('2026-11-30T23:30:00Z'))).toBe('2026-11');
    expect(currentMonth(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01');
  });

  it('checks the form as the database does, naming the field to fix', () => {
    const now = new Date('2026-11-15T00:00:00Z');
    const ok = { plan: 'gold', month: '2026-11', rate: '1.25' };
    expect(returnsPreviewProblem(ok, now)).toBeNull();
    expect(returnsPreviewProblem({ ...ok, rate: '100' }, now)).toBeNull();
    expect(returnsPreviewProblem({ ...ok, rate: '0.0001' }, now)).toBeNull();
    expect(returnsPreviewProblem({ ...ok, plan: '' }, now)?.fields).toEqual(['returns-plan']);
    expect(returnsPreviewProblem({ ...ok, month: '2026-13' }, now)?.fields).toEqual(['returns-month']);
    expect(returnsPreviewProblem({ ...ok, month: '2026-12' }, now)?.message).toBe(
      'Returns are posted for a month that has begun.',
    );
    expect(returnsPreviewProblem({ ...ok, month: '2019-12' }, now)?.fields).toEqual(['returns-month']);
    for (const rate of ['0', '', '1.23456', '100.01', '-1', '1,5', 'abc']) {
      expect(returnsPreviewProblem({ ...ok, rate }, now)?.fields, rate).toEqual(['returns-rate']);
    }
  });

  it('is a proposal of finance and owners, shown with its own title; its lines decide whose money it is', () => {
    const run = {
      kind: 'returns_run' as const,
      target: 'gold:2026-11',
      before: { posted: false },
      payload: preview,
    };
    expect(describeChange(run)).toEqual({ title: 'Returns run: Gold plan, November 2026', rows: [] });
    expect(mayDecide('returns_run', capabilities('finance'))).toBe(true);
    expect(mayDecide('returns_run', capabilities('auditor'))).toBe(false);
    expect(touchesOwnMoney(run, 'u2')).toBe(true);
    expect(touchesOwnMoney(run, 'u3')).toBe(false);
    expect(touchesOwnMoney({ kind: 'unfreeze', target: 'u3', before: {}, payload: {} }, 'u3')).toBe(true);
    expect(touchesOwnMoney({ kind: 'firm_settings', target: 'firm', before: {}, payload: {} }, 'u3')).toBe(
      false,
    );
  });
});

describe('plan terms', () => {
  const draft = termsDraftFrom(gold);

  it('start from the current terms, and send every key in the database’s form', () => {
    expect(planTermsProblem(draft, 'new entry level')).toBeNull();
    expect(
      planTermsPayload({ ...draft, minimum: '750.5', noticeDays: ' 7 ', description: ' New. ' }),
    ).toEqual({
      minimum: '750.50',
      notice_days: 7,
      accepting: true,
      description: 'New.',
      returns_text: 'Set monthly, not guaranteed.',
      fees_text: 'No fees.',
      risk_text: 'You may lose money.',
    });
  });

  it('name the first field to fix, in the form’s order', () => {
    expect(planTermsProblem({ ...draft, minimum: '0' }, 'why not')?.fields).toEqual(['terms-minimum']);
    expect(planTermsProblem({ ...draft, minimum: '1.234' }, 'why not')?.fields).toEqual(['terms-minimum']);
    expect(planTermsProblem({ ...draft, noticeDays: '366' }, 'why not')?.fields).toEqual([
      'terms-notice-days',
    ]);
    expect(planTermsProblem({ ...draft, noticeDays: '1.5' }, 'why not')?.fields).toEqual([
      'terms-notice-days',
    ]);
    expect(planTermsProblem({ ...draft, description: 'ab' }, 'why not')).toEqual({
      message: 'The description must be 3 to 500 characters.',
      fields: ['terms-description'],
    });
    expect(planTermsProblem({ ...draft, riskText: 'x'.repeat(501) }, 'why not')?.fields).toEqual([
      'terms-risk-text',
    ]);
    expect(planTermsProblem(draft, 'ab')).toEqual({
      message: 'Reason must be 3 to 500 characters.',
      fields: ['terms-reason'],
    });
  });

  it('show before → after for each changed term only; sentences as prose', () => {
    const before = planTermsPayload(draft);
    const { title, rows } = describeChange({
      kind: 'plan_terms',
      target: 'gold',
      before,
      payload: { ...before, notice_days: 7, accepting: false, fees_text: 'A 1% fee.' },
    });
    expect(title).toBe('Plan terms: Gold');
    expect(rows).toEqual([
      { field: 'Notice for redemptions (days)', now: '5 days', proposed: '7 days' },
      { field: 'Accepting new investments', now: 'Yes', proposed: 'No' },
      { field: 'Fees', now: 'No fees.', proposed: 'A 1% fee.', prose: true },
    ]);
    expect(mayDecide('plan_terms', capabilities('owner'))).toBe(true);
    expect(mayDecide('plan_terms', capabilities('finance'))).toBe(false);
  });
});

describe('the referral bonus setting', () => {
  it('reads the fraction the database holds as a percentage, exactly', () => {
    expect(fractionToPercent('0.0500')).toBe('5');
    expect(fractionToPercent('0.0125')).toBe('1.25');
    expect(fractionToPercent('0.2')).toBe('20');
    expect(fractionToPercent('0')).toBe('0');
    expect(fractionToPercent('0.075')).toBe('7.5');
    expect(fractionToPercent('1')).toBe('100');
  });

  it('is checked with the other settings before a proposal is sent', () => {
    const draft = { threshold: '', dailyLimit: '', hours: '24', holdHours: '48' };
    expect(settingsProblem({ ...draft, referralPercent: '7.5' }, 'new policy')).toBeNull();
    expect(settingsProblem({ ...draft, referralPercent: '25' }, 'new policy')).toBe(
      'The referral bonus is a percentage from 0 to 20 with at most 2 decimals.',
    );
    // Left out: unchanged, as the database reads a payload without it.
    expect(settingsProblem(draft, 'new policy')).toBeNull();
  });

  it('takes 0 to 20 with at most 2 decimals', () => {
    for (const ok of ['0', '5', '7.5', '20', '19.99']) expect(referralPercentError(ok), ok).toBeNull();
    for (const bad of ['', '20.01', '-1', '5.123', 'five', '5%'])
      expect(referralPercentError(bad), bad).not.toBeNull();
  });

  it('is one of the settings a proposal shows before → after', () => {
    const settings = {
      small_edit_threshold: null,
      small_edit_daily_limit: null,
      address_cooling_off_hours: 24,
      security_hold_hours: 48,
    };
    const change = (
      before: string | undefined,
      after: string,
    ): Pick<StaffChange, 'kind' | 'target' | 'before' | 'payload'> => ({
      kind: 'firm_settings',
      target: 'firm',
      before: { ...settings, referral_bonus_percent: before },
      payload: { ...settings, referral_bonus_percent: after },
    });
    expect(describeStaffChange(change('5', '7.5')).rows).toEqual([
      { field: 'Referral bonus', now: '5%', proposed: '7.5%' },
    ]);
    expect(describeStaffChange(change('5', '5')).rows).toEqual([]);
    expect(percentText(undefined)).toBe('—');
  });
});

describe('a correction of Total Invest', () => {
  const draft = {
    account: 'total_invest' as const,
    amount: '-12.50',
    category: 'error_correction' as const,
    clientText: 'Correction of a duplicated investment',
    internalNote: '',
  };
  it('names its plan; the other accounts do not', () => {
    expect(correctionProblem(draft)).toEqual({
      message: 'Choose the plan this correction is in.',
      fields: ['correction-plan'],
    });
    expect(correctionProblem({ ...draft, plan: 'gold' })).toBeNull();
    expect(correctionProblem({ ...draft, account: 'deposit_wallet' })).toBeNull();
  });
});
