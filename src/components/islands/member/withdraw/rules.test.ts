import { describe, expect, it } from 'vitest';
import type { DepositWallet } from '~/lib/wallets';
import type { AddressEntry } from '~/lib/withdrawal-addresses';
import {
  destinationText,
  destinationsFor,
  waitingText,
  withdrawalProblem,
  type WithdrawalDraft,
} from './rules';
import { paidText, requestSummary, statusLabel, statusStyle } from './request-text';
import { catalog } from '~/i18n/text';

const english = { locale: 'en' as const, words: catalog('en').member };
const form = catalog('en').memberPages.withdraw.form;
const inEnglish = {
  locale: 'en',
  words: catalog('en').memberPages.withdraw.problems,
  accounts: english.words.accounts,
};
const arabic = { locale: 'ar' as const, words: catalog('ar').member };
const chinese = { locale: 'zh-hant' as const, words: catalog('zh-hant').member };

const NOW = Date.parse('2026-11-25T12:00:00Z');
const entry = (over: Partial<AddressEntry>): AddressEntry => ({
  id: '1',
  wallet_id: 1,
  label: 'Cold storage',
  address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  destination_tag: '',
  created_at: '2026-11-24T00:00:00Z',
  usable_from: '2026-11-25T00:00:00Z',
  ...over,
});
const bitcoin = { id: 1, asset: 'BTC', network: 'bitcoin', wallet_name: 'Bitcoin' } as DepositWallet;

describe('destinationText', () => {
  it('shortens a long address and adds the network and tag', () => {
    expect(destinationText(form, entry({}), bitcoin)).toBe('Cold storage · Bitcoin · bc1qw5…v8f3t4');
    const xrp = { asset: 'XRP', network: 'ripple' } as DepositWallet;
    expect(destinationText(form, entry({ address: 'rShort', destination_tag: '42' }), xrp)).toBe(
      'Cold storage · XRP Ledger · rShort · tag 42',
    );
    expect(destinationText(form, entry({ address: 'rShort' }), undefined)).toBe('Cold storage · rShort');
  });

  it('shows an address of up to 16 characters whole, and a longer one as its first and last six', () => {
    const shown = (address: string) => destinationText(form, entry({ address }), undefined);
    expect(shown('abcdefghijklmnop')).toBe('Cold storage · abcdefghijklmnop');
    expect(shown('abcdefghijklmnopq')).toBe('Cold storage · abcdef…lmnopq');
  });
});

describe('destinationsFor', () => {
  it('keeps the chosen wallet’s entries, split by their waiting period', () => {
    const ready = entry({ id: 'a' });
    const later = entry({ id: 'b', usable_from: '2026-11-25T12:04:00Z' });
    const other = entry({ id: 'c', wallet_id: 2 });
    expect(destinationsFor([ready, later, other], 1, NOW)).toEqual({ active: [ready], waiting: [later] });
    expect(destinationsFor(null, 1, NOW)).toEqual({ active: [], waiting: [] });
    expect(destinationsFor([ready], undefined, NOW)).toEqual({ active: [], waiting: [] });
    expect(waitingText(form, [later, { ...later, label: 'Ledger' }], NOW)).toBe(
      '“Cold storage” can be used in 4 min. “Ledger” can be used in 4 min.',
    );
  });
});

describe('withdrawalProblem', () => {
  const draft = (over: Partial<WithdrawalDraft>): WithdrawalDraft => ({
    wallet: bitcoin,
    account: 'deposit_wallet',
    amount: '120',
    available: '500.00',
    destination: entry({}),
    ...over,
  });

  it('accepts a valid request, also before the balance is known', () => {
    expect(withdrawalProblem(draft({}), inEnglish)).toBeNull();
    expect(withdrawalProblem(draft({ amount: '900', available: null }), inEnglish)).toBeNull();
  });

  it('names the field to fix, in form order', () => {
    expect(withdrawalProblem(draft({ account: undefined }), inEnglish)).toEqual({
      message: 'Choose the account to withdraw from.',
      fields: ['withdraw-account-deposit_wallet'],
    });
    expect(withdrawalProblem(draft({ wallet: undefined }), inEnglish)?.fields).toEqual(['withdraw-asset']);
    expect(withdrawalProblem(draft({ amount: 'abc' }), inEnglish)?.fields).toEqual(['withdraw-amount']);
    expect(withdrawalProblem(draft({ amount: '0' }), inEnglish)).toEqual({
      message: 'Amount must be more than zero.',
      fields: ['withdraw-amount'],
    });
    expect(withdrawalProblem(draft({ amount: '600' }), inEnglish)).toEqual({
      message: 'Amount must not be more than your Deposit Wallet has available: $500.00.',
      fields: ['withdraw-amount'],
    });
    expect(withdrawalProblem(draft({ account: 'referral', amount: '500.01' }), inEnglish)?.message).toBe(
      'Amount must not be more than your Referral Earnings has available: $500.00.',
    );
    expect(withdrawalProblem(draft({ amount: '500.00' }), inEnglish)).toBeNull();
    expect(withdrawalProblem(draft({ amount: '500', available: '500.00' }), inEnglish)).toBeNull();
    expect(withdrawalProblem(draft({ amount: '0.01', available: '0.01' }), inEnglish)).toBeNull();
    expect(withdrawalProblem(draft({ amount: '0.02', available: '0.01' }), inEnglish)?.fields).toEqual([
      'withdraw-amount',
    ]);
    expect(withdrawalProblem(draft({ destination: undefined }), inEnglish)).toEqual({
      message: 'Add a Bitcoin address on the Addresses page first.',
      fields: ['withdraw-destination'],
    });
  });
});

describe('the withdraw form in Arabic and Chinese', () => {
  it('words the waiting time, the problems and the available amount in the language, figures left to right', () => {
    const ar = catalog('ar');
    const zh = catalog('zh-hant');
    const later = entry({ usable_from: '2026-11-25T13:05:00Z' });
    expect(waitingText(zh.memberPages.withdraw.form, [later], NOW)).toBe(
      '「Cold storage」可於1小時5分鐘後使用。',
    );
    expect(
      waitingText(ar.memberPages.withdraw.form, [entry({ usable_from: '2026-11-25T12:00:30Z' })], NOW),
    ).toBe('يمكن استخدام «Cold storage» بعد أقل من دقيقة.');
    const arabic = { locale: 'ar', words: ar.memberPages.withdraw.problems, accounts: ar.member.accounts };
    expect(
      withdrawalProblem(
        {
          wallet: bitcoin,
          account: 'deposit_wallet',
          amount: '600',
          available: '500.00',
          destination: entry({}),
        },
        arabic,
      )?.message,
    ).toBe('يجب ألا يتجاوز المبلغ المتاح في محفظة الإيداع: \u2066500.00\u00a0US$\u2069.');
    expect(
      withdrawalProblem(
        {
          wallet: bitcoin,
          account: 'deposit_wallet',
          amount: '1.234',
          available: null,
          destination: entry({}),
        },
        { locale: 'zh-hant', words: zh.memberPages.withdraw.problems, accounts: zh.member.accounts },
      )?.message,
    ).toBe('金額必須為數字，最多兩位小數。');
  });
});

describe('request status', () => {
  it('reads a notice’s state in the member’s words', () => {
    expect(statusLabel(english, { kind: 'deposit', status: 'pending' })).toBe('Pending review');
    expect(statusLabel(english, { kind: 'deposit', status: 'valued' })).toBe('Being confirmed');
    expect(statusLabel(english, { kind: 'deposit', status: 'confirmed' })).toBe('Credited');
    expect(statusLabel(english, { kind: 'deposit', status: 'rejected' })).toBe('Rejected');
  });

  it('reads a withdrawal’s status as a word with its colours, and a grey badge for an unknown status', () => {
    expect(statusLabel(english, { kind: 'withdrawal', status: 'pending' })).toBe('Pending');
    expect(statusLabel(english, { kind: 'withdrawal', status: 'paid' })).toBe('Paid');
    expect(statusStyle('paid')).toBe('bg-success-600 text-white');
    expect(statusStyle('mystery')).toBe('bg-mist-200');
  });
});

describe('requestSummary', () => {
  const notice = {
    kind: 'deposit' as const,
    id: '7',
    wallet_id: 1,
    asset: 'BTC',
    quantity: '0.50000000',
    amount: '',
    credited_amount: '',
    tx_id: 'abc',
    status: 'pending' as const,
    review_note: '',
    created_at: '2026-11-25T12:00:00Z',
  };

  it('shows what a notice sent, and its USD value once valued or credited', () => {
    expect(requestSummary(english, notice, 'Bitcoin')).toBe('Deposit notice · Bitcoin · 0.5 BTC');
    expect(requestSummary(english, { ...notice, status: 'valued', amount: '30000.00' }, 'Bitcoin')).toBe(
      'Deposit notice · Bitcoin · 0.5 BTC · $30,000.00',
    );
    expect(
      requestSummary(
        english,
        { ...notice, status: 'confirmed', amount: '30000.00', credited_amount: '30000.00' },
        'Bitcoin',
      ),
    ).toBe('Deposit notice · Bitcoin · 0.5 BTC · $30,000.00');
    // Credited at another value than first estimated: the credit is what the member got.
    expect(
      requestSummary(
        english,
        { ...notice, status: 'confirmed', amount: '30000.00', credited_amount: '29950.00' },
        'Bitcoin',
      ),
    ).toBe('Deposit notice · Bitcoin · 0.5 BTC · $29,950.00');
  });

  it('shows a withdrawal’s amount and the account it is paid from, and the quantity paid', () => {
    const request = {
      kind: 'withdrawal' as const,
      id: '8',
      wallet_id: 1,
      account: 'deposit_wallet' as const,
      amount: '400.00',
      destination_address: 'bc1q',
      destination_tag: '',
      status: 'paid' as const,
      asset: 'BTC',
      quantity: '0.00410000',
      network_fee: '0.000000000000000000',
      review_note: '',
      created_at: '2026-11-25T12:00:00Z',
    };
    expect(requestSummary(english, request, 'Bitcoin')).toBe(
      'Withdrawal request · Bitcoin · $400.00 · from Deposit Wallet',
    );
    expect(paidText(english, request)).toBe('Paid 0.0041 BTC');
    // In another language: its words, the amount its way, figures and tickers as they are.
    expect(requestSummary(arabic, request, 'Bitcoin')).toBe(
      'طلب سحب · \u2066Bitcoin\u2069 · \u2066400.00\u00a0US$\u2069 · من محفظة الإيداع',
    );
    expect(requestSummary(chinese, request, 'Bitcoin')).toBe('提取申請 · Bitcoin · US$400.00 · 來自存入錢包');
    expect(paidText(chinese, request)).toBe('已支付0.0041 BTC');
    // The member bears the network fee: when there was one, it is named beside what arrived.
    const withFee = { ...request, network_fee: '0.000020000000000000' };
    expect(paidText(english, withFee)).toBe('Paid 0.0041 BTC; network fee 0.00002 BTC');
    expect(paidText(chinese, withFee)).toBe('已支付0.0041 BTC；網絡費用0.00002 BTC');
    expect(paidText(arabic, withFee)).toBe(
      'تم دفع \u20660.0041 BTC\u2069؛ رسوم الشبكة \u20660.00002 BTC\u2069',
    );
    expect(paidText(english, { ...request, network_fee: '' })).toBe('Paid 0.0041 BTC');
    expect(statusLabel(arabic, { kind: 'deposit', status: 'valued' })).toBe('قيد التأكيد');
    expect(statusLabel(chinese, { kind: 'withdrawal', status: 'cancelled' })).toBe('已取消');
    expect(statusLabel(chinese, { kind: 'withdrawal', status: 'mystery' as 'paid' })).toBe('mystery');
  });
});
