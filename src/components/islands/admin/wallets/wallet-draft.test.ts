import { describe, expect, it } from 'vitest';
import type { AdminWallet } from '~/lib/admin/wallets';
import { changeLines, checkDraft, startDraft } from './wallet-draft';

const wallet: AdminWallet = {
  id: 3,
  wallet_name: 'USDT (Tron)',
  asset: 'USDT',
  network: 'tron',
  address: 'TOLD',
  enabled: true,
  placeholder: false,
  updated_at: '2026-11-24T00:00:00Z',
};
const validIfStartsWithT = (address: string) => (address.startsWith('T') ? null : 'Not a Tron address.');

describe('checkDraft', () => {
  it('says nothing changed when the address (trimmed) and the switch are as they were', () => {
    expect(checkDraft({ ...startDraft(wallet), address: ' TOLD ' }, validIfStartsWithT)).toEqual({
      outcome: 'unchanged',
    });
  });
  it('reports a bad address and a short reason under their fields', () => {
    expect(checkDraft({ ...startDraft(wallet), address: 'xyz', reason: 'a' }, validIfStartsWithT)).toEqual({
      outcome: 'invalid',
      errors: { address: 'Not a Tron address.', reason: 'Reason must be 3 to 500 characters.' },
    });
  });
  it('proposes the trimmed address when only the switch moved or the address changed', () => {
    expect(
      checkDraft({ ...startDraft(wallet), enabled: false, reason: 'rotation' }, validIfStartsWithT),
    ).toEqual({
      outcome: 'propose',
      address: 'TOLD',
    });
    expect(
      checkDraft({ ...startDraft(wallet), address: ' TNEW ', reason: 'rotation' }, validIfStartsWithT),
    ).toEqual({ outcome: 'propose', address: 'TNEW' });
  });
});

describe('changeLines', () => {
  it('shows the address old → new (— for none) and the switch only when each changed', () => {
    expect(
      changeLines({ old_address: '', new_address: 'TNEW', old_enabled: true, new_enabled: true }),
    ).toEqual({ address: '— → TNEW', switched: null });
    expect(
      changeLines({ old_address: 'TNEW', new_address: 'TNEW', old_enabled: true, new_enabled: false }),
    ).toEqual({ address: null, switched: 'Switched off' });
    expect(
      changeLines({ old_address: 'TNEW', new_address: 'TNEW', old_enabled: false, new_enabled: true })
        .switched,
    ).toBe('Switched on');
  });
});
