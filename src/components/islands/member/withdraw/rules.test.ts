import { describe, expect, it } from 'vitest';
import type { DepositWallet } from '~/lib/wallets';
import type { AddressEntry } from '~/lib/withdrawal-addresses';
import {
  destinationText,
  destinationsFor,
  statusLabel,
  statusStyle,
  waitingText,
  withdrawalProblem,
  type WithdrawalDraft,
} from './rules';

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
    expect(destinationText(entry({}), bitcoin)).toBe('Cold storage · Bitcoin · bc1qw5…v8f3t4');
    const xrp = { asset: 'XRP', network: 'ripple' } as DepositWallet;
    expect(destinationText(entry({ address: 'rShort', destination_tag: '42' }), xrp)).toBe(
      'Cold storage · XRP Ledger · rShort · tag 42',
    );
    expect(destinationText(entry({ address: 'rShort' }), undefined)).toBe('Cold storage · rShort');
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
    expect(waitingText([later, { ...later, label: 'Ledger' }], NOW)).toBe(
      '“Cold storage” can be used in 4 min. “Ledger” can be used in 4 min.',
    );
  });
});

describe('withdrawalProblem', () => {
  const draft = (over: Partial<WithdrawalDraft>): WithdrawalDraft => ({
    wallet: bitcoin,
    amount: '120',
    withdrawable: '500.00',
    destination: entry({}),
    ...over,
  });

  it('accepts a valid request, also before the balance is known', () => {
    expect(withdrawalProblem(draft({}))).toBeNull();
    expect(withdrawalProblem(draft({ amount: '900', withdrawable: null }))).toBeNull();
  });

  it('names the field to fix, in form order', () => {
    expect(withdrawalProblem(draft({ wallet: undefined }))?.fields).toEqual(['withdraw-asset']);
    expect(withdrawalProblem(draft({ amount: 'abc' }))?.fields).toEqual(['withdraw-amount']);
    expect(withdrawalProblem(draft({ amount: '0' }))).toEqual({
      message: 'Amount must be more than zero.',
      fields: ['withdraw-amount'],
    });
    expect(withdrawalProblem(draft({ amount: '600' }))).toEqual({
      message: 'Amount must not be more than your withdrawable balance of $500.00.',
      fields: ['withdraw-amount'],
    });
    expect(withdrawalProblem(draft({ destination: undefined }))).toEqual({
      message: 'Add a Bitcoin address on the Addresses page first.',
      fields: ['withdraw-destination'],
    });
  });
});

describe('request status', () => {
  it('reads as a word with its colours, and a grey badge for an unknown status', () => {
    expect(statusLabel('pending')).toBe('Pending');
    expect(statusStyle('paid')).toBe('bg-success-600 text-white');
    expect(statusStyle('mystery')).toBe('bg-mist-200');
  });
});
