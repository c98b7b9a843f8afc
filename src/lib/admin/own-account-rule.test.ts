import { describe, expect, it } from 'vitest';
import { isOwnAccount } from './staff';
import { staffChangeMember } from './staff-changes';

const me = '00000000-0000-4000-8000-0000000000a1';
const other = '00000000-0000-4000-8000-0000000000b2';

describe('isOwnAccount', () => {
  it('is true only when the member is the signed-in staff member', () => {
    expect(isOwnAccount(me, me)).toBe(true);
    expect(isOwnAccount(other, me)).toBe(false);
  });

  it('treats an unknown member as someone else, never as a match of two blanks', () => {
    expect(isOwnAccount(null, me)).toBe(false);
    expect(isOwnAccount(undefined, me)).toBe(false);
    expect(isOwnAccount('', '')).toBe(false);
  });
});

describe('staffChangeMember', () => {
  it('reads an unfreeze’s member from its target', () => {
    expect(staffChangeMember({ kind: 'unfreeze', target: me, before: { email: 'me@example.com' } })).toBe(me);
  });

  it('names no member for changes that move nobody’s money', () => {
    for (const kind of ['deposit_address', 'staff_role', 'firm_settings'] as const) {
      expect(staffChangeMember({ kind, target: me, before: { member_id: me } })).toBeNull();
    }
  });
});
