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
    expect(await addressProblem(draft({ address: ` ${BTC} `, label: ' Cold ' }), load)).toBeNull();
    expect(
      await addressProblem(draft({ wallet: ripple, address: XRP, tag: String(MAX_TAG) }), load),
    ).toBeNull();
  });

  it('asks for the asset first, without loading the validators', async () => {
    let loaded = false;
    const problem = await addressProblem(draft({ wallet: undefined }), async () => {
      loaded = true;
      return validators;
    });
    expect(problem).toEqual({ message: 'Choose the asset.', fields: ['address-asset'] });
    expect(loaded).toBe(false);
  });

  it('names the field to fix', async () => {
    expect(await addressProblem(draft({ address: '  ' }), load)).toEqual({
      message: 'Address is required.',
      fields: ['address-value'],
    });
    expect(await addressProblem(draft({ address: 'not-an-address' }), load)).toEqual({
      message: validators.invalidAddressMessage('bitcoin'),
      fields: ['address-value'],
    });
    expect(await addressProblem(draft({ label: ' ' }), load)).toEqual({
      message: 'Label is required (up to 60 characters).',
      fields: ['address-label'],
    });
    expect((await addressProblem(draft({ label: 'x'.repeat(61) }), load))?.fields).toEqual(['address-label']);
  });

  it('checks the destination tag only on the XRP Ledger', async () => {
    const message = `Destination tag must be a whole number from 0 to ${MAX_TAG}.`;
    for (const tag of ['-1', '1.5', 'abc', String(MAX_TAG + 1), '12345678901']) {
      expect(await addressProblem(draft({ wallet: ripple, address: XRP, tag }), load)).toEqual({
        message,
        fields: ['address-tag'],
      });
    }
    expect(await addressProblem(draft({ tag: 'abc' }), load)).toBeNull();
  });
});

describe('step-up copy', () => {
  it('says where the code comes from', () => {
    const email = { kind: 'email', email: 'ann@example.com' } as const;
    const totp = { kind: 'totp', factorId: 'f1' } as const;
    expect(stepUpPrompt(email)).toBe('We sent a code to ann@example.com. Enter it to add the address.');
    expect(stepUpLabel(email)).toBe('Code from the e-mail');
    expect(stepUpPrompt(totp)).toBe('Enter the 6-digit code from your authenticator app to add the address.');
    expect(stepUpLabel(totp)).toBe('Authenticator code');
  });
});

describe('address list text', () => {
  it('names the asset and network, or the wallet number when the wallet is unknown', () => {
    const wallet = { asset: 'BTC', network: 'bitcoin' } as DepositWallet;
    expect(entryWalletText(wallet, 1)).toBe('BTC on Bitcoin');
    expect(entryWalletText(undefined, 7)).toBe('Wallet 7');
  });

  it('counts down while pending and says since when once active', () => {
    const usable_from = '2026-11-25T12:00:00Z';
    const when = '25 Nov 2026, 20:00 HKT';
    const at = (iso: string) => Date.parse(iso);
    expect(usableText({ usable_from }, at('2026-11-24T12:01:00Z'))).toBe(
      `Usable from ${when} (in 23 h 59 min)`,
    );
    expect(usableText({ usable_from }, at('2026-11-25T11:56:00Z'))).toBe(`Usable from ${when} (in 4 min)`);
    expect(usableText({ usable_from }, at('2026-11-25T11:59:30Z'))).toBe(
      `Usable from ${when} (in under a minute)`,
    );
    expect(usableText({ usable_from }, at('2026-11-25T12:00:00Z'))).toBe(`Usable since ${when}`);
  });
});
