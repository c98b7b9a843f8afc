import { describe, expect, it } from 'vitest';
import type { PlanTerms } from '~/lib/plans';
import { memberEn } from '~/i18n/member/en';
import { memberAr } from '~/i18n/member/ar';
import { plansPageWords } from '~/i18n/member/plans-page';
import { memberZhHant } from '~/i18n/member/zh-hant';
import statementEn from '~/i18n/statement/en';
import statementAr from '~/i18n/statement/ar';
import { InstructionError } from '~/lib/plans';
import { DbError, errorTextIn } from '~/lib/db-errors';
import {
  planName,
  planTexts,
  refusalText,
  pendingText,
  type PlansLanguage,
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

const EN: PlansLanguage = { locale: 'en', intl: 'en-GB', words: plansPageWords('en') };
const ZH: PlansLanguage = { locale: 'zh-hant', intl: 'zh-Hant-HK', words: plansPageWords('zh-hant') };
const AR: PlansLanguage = { locale: 'ar', intl: 'ar-AE-u-nu-latn', words: plansPageWords('ar') };
const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';

describe('plan choice', () => {
  it('takes ?plan= only when it names a plan', () => {
    expect(planFromQuery('?plan=gold', plans)).toBe('gold');
    expect(planFromQuery('?plan=GOLD', plans)).toBe('gold');
    expect(planFromQuery('?plan=bronze', plans)).toBe('');
    expect(planFromQuery('', plans)).toBe('');
  });

  it('names a switched-off plan as such', () => {
    expect(planOptionText(EN, gold)).toBe('Gold — from $5,000.00');
    expect(planOptionText(EN, { ...gold, accepting: false })).toBe(
      'Gold — from $5,000.00 (not accepting new investments)',
    );
  });
});

describe('texts', () => {
  it('says the notice period in days', () => {
    expect(noticeText(EN, 5)).toBe('Redemptions are paid within 5 days of your request.');
    expect(noticeText(EN, 1)).toBe('Redemptions are paid within 1 day of your request.');
    expect(noticeText(EN, 0)).toBe('Redemptions are paid once accepted, with no notice period.');
    expect(noticeText(ZH, 5)).toBe('贖回款項於您提出申請後5天內支付。');
    // Arabic says one and two days in words, three to ten with the plural, eleven and more singular.
    expect([1, 2, 5, 11, 30].map((n) => noticeText(AR, n))).toEqual([
      'تُدفع مبالغ الاسترداد خلال يوم واحد من طلبكم.',
      'تُدفع مبالغ الاسترداد خلال يومين من طلبكم.',
      'تُدفع مبالغ الاسترداد خلال 5 أيام من طلبكم.',
      'تُدفع مبالغ الاسترداد خلال 11 يومًا من طلبكم.',
      'تُدفع مبالغ الاسترداد خلال 30 يومًا من طلبكم.',
    ]);
    expect(noticeText(AR, 0)).toBe('تُدفع مبالغ الاسترداد فور قبولها، دون فترة إشعار.');
  });

  it('states the available amount, the redemption rule, counts and dates', () => {
    expect(availableText(EN, '1234.5')).toBe('Available to invest: $1,234.50');
    expect(availableText(EN, null)).toBe('Available to invest: …');
    expect(availableText(ZH, '1234.5')).toBe('可供投資：US$1,234.50');
    expect(availableText(AR, '1234.5')).toBe(`المتاح للاستثمار: ${LRI}1,234.50\u00a0US$${PDI}`);
    expect(redeemRulesText(EN, gold)).toBe(
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
    expect(sinceText(EN, null)).toBe('Not accepted yet');
    expect(sinceText(EN, '2026-11-27T10:00:00Z')).toBe('Since 27 Nov 2026');
    // The Hong Kong day: 20:00 UTC is already the 28th there.
    expect(sinceText(ZH, '2026-11-27T20:00:00Z')).toBe('自2026年11月28日起');
    expect(sinceText(AR, '2026-11-27T10:00:00Z')).toBe(`منذ ${FSI}27 نوفمبر 2026${PDI}`);
    expect(redeemRulesText(ZH, gold)).toBe(
      '贖回款項於您提出申請後5天內支付。本金會於我們的財務團隊接納後撥回您的存入錢包。部分贖回後，黃金計劃內須保留最少US$5,000.00。',
    );
    expect(pendingText(EN, 'redemption', '300', '2026-11-27T10:00:00Z')).toBe(
      'Redemption of $300.00, pending since 27 Nov 2026',
    );
    expect(pendingText(AR, 'subscription', '300', '2026-11-27T10:00:00Z')).toBe(
      `استثمار بمبلغ ${LRI}300.00\u00a0US$${PDI}، قيد الانتظار منذ ${FSI}27 نوفمبر 2026${PDI}`,
    );
  });
});

describe('checks before sending', () => {
  it('asks for a plan, then an amount that is one', () => {
    const en = EN.words.problems;
    expect(subscribeProblem(en, undefined, '10')).toEqual({
      message: 'Choose a plan.',
      fields: ['subscribe-plan'],
    });
    expect(subscribeProblem(en, gold, '')?.fields).toEqual(['subscribe-amount']);
    expect(subscribeProblem(en, gold, '0')?.message).toBe('Amount must be more than zero.');
    expect(subscribeProblem(en, gold, '1.234')?.message).toBe(
      'Amount must be a number with at most 2 decimals.',
    );
    expect(subscribeProblem(AR.words.problems, gold, '1.234')?.message).toBe(
      'يجب أن يكون المبلغ رقمًا بمنزلتين عشريتين كحد أقصى.',
    );
    expect(subscribeProblem(ZH.words.problems, undefined, '1')?.message).toBe('請選擇計劃。');
    // The minimum is the database's rule: its refusal is shown as it comes.
    expect(subscribeProblem(en, gold, '10')).toBeNull();
  });

  it('redeems all of the principal or a typed part', () => {
    expect(redeemAmount('all', '6000.00', '12')).toBe('6000.00');
    expect(redeemAmount('part', '6000.00', ' 12 ')).toBe('12');
    expect(redeemProblem(EN.words.problems, 'gold', 'all', '')).toBeNull();
    expect(redeemProblem(EN.words.problems, 'gold', 'part', '')?.fields).toEqual([
      redeemFields('gold').amount,
    ]);
  });

  it('points a refusal at the field to fix', () => {
    expect(refusalFields('below_minimum', SUBSCRIBE_FIELDS)).toEqual(['subscribe-amount']);
    expect(refusalFields('insufficient_funds', SUBSCRIBE_FIELDS)).toEqual(['subscribe-amount']);
    expect(refusalFields('plan_closed', SUBSCRIBE_FIELDS)).toEqual(['subscribe-plan']);
    expect(refusalFields('withdrawals_frozen', SUBSCRIBE_FIELDS)).toEqual([]);
    expect(refusalFields(undefined, { amount: 'x' })).toEqual(['x']);
  });
});

describe('the plans in the page language', () => {
  it('names a plan in the language, and keeps the database name for one the page does not know', () => {
    expect(planName(ZH, 'gold', 'Gold')).toBe('黃金計劃');
    expect(planName(AR, 'gold', 'Gold')).toBe('الخطة الذهبية');
    expect(planName(EN, 'gold', 'Gold')).toBe('Gold');
    expect(planName(ZH, 'bronze', 'Bronze')).toBe('Bronze');
    // One name per plan and language: the dashboard's and the statement's are the same.
    expect(memberEn.plans.names).toEqual(statementEn.plans);
    expect(memberAr.plans.names).toEqual(statementAr.plans);
    expect(memberZhHant.plans.names.gold).toBe(planName(ZH, 'gold', 'Gold'));
    expect(memberAr.plans.names.gold).toBe(planName(AR, 'gold', 'Gold'));
  });

  it('translates the terms only while the database holds the published ones', () => {
    const published = EN.words.plans;
    expect(published).toEqual({});
    const local = ZH.words.plans.gold!;
    const held = {
      slug: 'gold',
      description: local.english.description,
      returns_text: local.english.returns,
      fees_text: local.english.fees,
      risk_text: local.english.risk,
    };
    expect(planTexts(ZH, held)).toEqual({
      description: local.description,
      returns: local.returns,
      fees: local.fees,
      risk: local.risk,
    });
    // The firm changed the fees since: every term is shown as the database holds it.
    const changed = { ...held, fees_text: 'A 1% fee on redemptions.' };
    expect(planTexts(ZH, changed)).toEqual({
      description: held.description,
      returns: held.returns_text,
      fees: 'A 1% fee on redemptions.',
      risk: held.risk_text,
    });
    expect(planTexts(EN, held).description).toBe(held.description);
  });

  it("says the database's refusal in the page's words, by its hint", () => {
    const refused = (hint: string | null) =>
      new InstructionError(
        new DbError('The Gold plan starts at $5,000.00: enter at least that amount.', '22023'),
        hint,
      );
    expect(refusalText(EN, 'subscription', refused('below_minimum'), gold)).toBe(
      'The Gold plan starts at $5,000.00: enter at least that amount.',
    );
    expect(refusalText(ZH, 'subscription', refused('below_minimum'), gold)).toBe(
      '黃金計劃的最低投資額為US$5,000.00，請輸入不少於此數的金額。',
    );
    expect(refusalText(AR, 'redemption', refused('below_minimum'), gold)).toBe(
      `يجب أن يُبقي الاسترداد الجزئي ${LRI}5,000.00\u00a0US$${PDI} على الأقل في الخطة الذهبية: استردّوا مبلغًا أقل، أو المبلغ كاملًا.`,
    );
    expect(refusalText(ZH, 'subscription', refused('insufficient_funds'), gold)).toBe(
      '您的存入錢包並無足夠可供投資的金額。',
    );
    expect(refusalText(ZH, 'redemption', refused('plan_closed'), gold)).toBe('黃金計劃暫不接受新投資。');
    expect(refusalText(AR, 'subscription', refused('withdrawals_frozen'), gold)).toBe(
      AR.words.refusals.frozen,
    );
    // Anything else: the page's own sentence, never the server's English.
    expect(refusalText(AR, 'subscription', new Error('socket hang up'), gold)).toBe(
      AR.words.subscribe.failed,
    );
    expect(refusalText(ZH, 'redemption', refused(null), gold)).toBe(ZH.words.redeem.failed);
  });
});

describe('a failure in the page language', () => {
  it("says the server's sentence on an English page and the page's own anywhere else", () => {
    const error = new DbError('That instruction was not found.', '22023');
    expect(errorTextIn('en', error, 'Could not cancel.')).toBe('That instruction was not found.');
    expect(errorTextIn('en', null, 'Could not cancel.')).toBe('Could not cancel.');
    expect(errorTextIn('ar', error, 'تعذّر الإلغاء.')).toBe('تعذّر الإلغاء.');
    expect(errorTextIn('zh-hant', error, '未能取消。')).toBe('未能取消。');
  });
});
