import { describe, expect, it } from 'vitest';
import * as validators from '~/lib/addresses';
import type { DepositWallet } from '~/lib/wallets';
import {
  MAX_TAG,
  addressProblem,
  entryWalletText,
  stepUpLabel,
  stepUpPrompt,
  usableText,
  type AddressDraft,
} from './rules';
import { addressesWords } from '~/i18n/member/pages/addresses';

const EN = addressesWords.en;
const ZH = addressesWords['zh-hant'];
const AR = addressesWords.ar;

const BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const XRP = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const bitcoin = { network: 'bitcoin' } as const;
const ripple = { network: 'ripple' } as const;
const load = async () => validators;
const draft = (over: Partial<AddressDraft>): AddressDraft => ({
  wallet: bitcoin,
  address: BTC,
  tag: '',
  label: 'Cold storage',
  ...over,
});

describe('addressProblem', () => {
  it('accepts a valid draft, trimming what was typed', async () => {
    expect(await addressProblem(draft({ address: ` ${BTC} `, label: ' Cold ' }), load, EN)).toBeNull();
    expect(
      await addressProblem(draft({ wallet: ripple, address: XRP, tag: String(MAX_TAG) }), load, EN),
    ).toBeNull();
  });

  it('asks for the asset first, without loading the validators', async () => {
    let loaded = false;
    const problem = await addressProblem(
      draft({ wallet: undefined }),
      async () => {
        loaded = true;
        return validators;
      },
      EN,
    );
    expect(problem).toEqual({ message: 'Choose the asset.', fields: ['address-asset'] });
    expect(loaded).toBe(false);
  });

  it('names the field to fix', async () => {
    expect(await addressProblem(draft({ address: '  ' }), load, EN)).toEqual({
      message: 'Address is required.',
      fields: ['address-value'],
    });
    expect(await addressProblem(draft({ address: 'not-an-address' }), load, EN)).toEqual({
      message: validators.invalidAddressMessage('bitcoin'),
      fields: ['address-value'],
    });
    expect(await addressProblem(draft({ label: ' ' }), load, EN)).toEqual({
      message: 'Label is required (up to 60 characters).',
      fields: ['address-label'],
    });
    expect((await addressProblem(draft({ label: 'x'.repeat(61) }), load, EN))?.fields).toEqual([
      'address-label',
    ]);
  });

  it('checks the destination tag only on the XRP Ledger', async () => {
    const message = `Destination tag must be a whole number from 0 to ${MAX_TAG}.`;
    for (const tag of ['-1', '1.5', 'abc', String(MAX_TAG + 1), '12345678901']) {
      expect(await addressProblem(draft({ wallet: ripple, address: XRP, tag }), load, EN)).toEqual({
        message,
        fields: ['address-tag'],
      });
    }
    expect(await addressProblem(draft({ tag: 'abc' }), load, EN)).toBeNull();
  });
});

describe('step-up copy', () => {
  it('says where the code comes from', () => {
    const email = { kind: 'email', email: 'ann@example.com' } as const;
    const totp = { kind: 'totp', factorId: 'f1' } as const;
    expect(stepUpPrompt(email, EN.stepUp, 'en')).toBe(
      'We sent a code to ann@example.com. Enter it to add the address.',
    );
    expect(stepUpLabel(email, EN.stepUp)).toBe('Code from the e-mail');
    expect(stepUpPrompt(totp, EN.stepUp, 'en')).toBe(
      'Enter the 6-digit code from your authenticator app to add the address.',
    );
    expect(stepUpLabel(totp, EN.stepUp)).toBe('Authenticator code');
  });
});

describe('address list text', () => {
  it('names the asset and network, or the wallet number when the wallet is unknown', () => {
    const wallet = { asset: 'BTC', network: 'bitcoin' } as DepositWallet;
    expect(entryWalletText(wallet, 1, EN)).toBe('BTC on Bitcoin');
    expect(entryWalletText(undefined, 7, EN)).toBe('Wallet 7');
  });

  it('counts down while pending and says since when once active', () => {
    const usable_from = '2026-11-25T12:00:00Z';
    const when = '25 Nov 2026, 20:00 HKT';
    const at = (iso: string) => Date.parse(iso);
    expect(usableText({ usable_from }, at('2026-11-24T12:01:00Z'), EN.list, 'en')).toBe(
      `Usable from ${when} (in 23 h 59 min)`,
    );
    expect(usableText({ usable_from }, at('2026-11-25T11:56:00Z'), EN.list, 'en')).toBe(
      `Usable from ${when} (in 4 min)`,
    );
    expect(usableText({ usable_from }, at('2026-11-25T11:59:30Z'), EN.list, 'en')).toBe(
      `Usable from ${when} (in under a minute)`,
    );
    expect(usableText({ usable_from }, at('2026-11-25T12:00:00Z'), EN.list, 'en')).toBe(
      `Usable since ${when}`,
    );
  });
});

describe('the address book in Chinese and Arabic', () => {
  const usable_from = '2026-11-25T12:00:00Z';
  const at = (iso: string) => Date.parse(iso);

  it('refuses in the page language, naming the network', async () => {
    expect(await addressProblem(draft({ address: 'not-an-address' }), load, ZH)).toEqual({
      message: '這不是有效的Bitcoin地址，請核對後再試。',
      fields: ['address-value'],
    });
    expect(await addressProblem(draft({ wallet: ripple, address: XRP, tag: '-1' }), load, AR)).toEqual({
      message: `يجب أن يكون وسم الوجهة عددًا صحيحًا من 0 إلى ${MAX_TAG}.`,
      fields: ['address-tag'],
    });
    expect((await addressProblem(draft({ label: '' }), load, AR))?.message).toBe(AR.problems.label);
  });

  it('words the wait and the moment, the Arabic e-mail address kept left to right', () => {
    expect(usableText({ usable_from }, at('2026-11-24T12:01:00Z'), ZH.list, 'zh-hant')).toBe(
      '於2026年11月25日 20:00（香港時間）起可用（尚餘23小時59分鐘）',
    );
    expect(usableText({ usable_from }, at('2026-11-25T11:59:30Z'), AR.list, 'ar')).toBe(
      'قابل للاستخدام اعتبارًا من 25 نوفمبر 2026، 20:00 (بتوقيت هونغ كونغ) (بعد أقل من دقيقة)',
    );
    expect(usableText({ usable_from }, at('2026-11-25T12:00:00Z'), AR.list, 'ar')).toBe(
      'قابل للاستخدام منذ 25 نوفمبر 2026، 20:00 (بتوقيت هونغ كونغ)',
    );
    const email = { kind: 'email', email: 'ann@example.com' } as const;
    expect(stepUpPrompt(email, AR.stepUp, 'ar')).toBe(
      'أرسلنا رمزًا إلى \u2066ann@example.com\u2069. أدخلوه لإضافة العنوان.',
    );
    const token = { asset: 'USDT', network: 'ethereum' } as DepositWallet;
    expect(entryWalletText(token, 1, ZH)).toBe('Ethereum（ERC-20）網絡上的USDT');
    expect(entryWalletText(undefined, 7, AR)).toBe('المحفظة 7');
  });
});
