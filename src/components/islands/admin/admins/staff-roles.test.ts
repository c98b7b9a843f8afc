import { describe, expect, it } from 'vitest';
import type { AdminAccount } from '~/lib/admin/admins';
import type { StaffChange } from '~/lib/admin/staff-changes';
import { grantProblem, openRoleChanges, pendingGrants, rowActions } from './staff-roles';

const change = (over: Partial<StaffChange>) =>
  ({ kind: 'staff_role', expired: false, target: 'u1', ...over }) as StaffChange;
const admin = (user_id: string, authenticators = 1) => ({ user_id, authenticators }) as AdminAccount;

describe('openRoleChanges / pendingGrants', () => {
  it('keeps unexpired role proposals only', () => {
    const open = [
      change({ target: 'a' }),
      change({ target: 'b', expired: true }),
      change({ kind: 'firm_settings' }),
    ];
    expect(openRoleChanges(open).map((c) => c.target)).toEqual(['a']);
  });
  it('lists as grants the proposals for people who are not staff yet', () => {
    const pending = [change({ target: 'staff' }), change({ target: 'newcomer' })];
    expect(pendingGrants(pending, [admin('staff')]).map((c) => c.target)).toEqual(['newcomer']);
    expect(pendingGrants(pending, null)).toHaveLength(2);
  });
});

describe('grantProblem', () => {
  it('names the e-mail first, then the reason', () => {
    expect(grantProblem('', 'ab')?.fields).toEqual(['email']);
    expect(grantProblem('not-an-email', 'fine reason')?.fields).toEqual(['email']);
    expect(grantProblem('a@example.com', 'ab')).toEqual({
      message: 'Reason must be 3 to 500 characters.',
      fields: ['reason'],
    });
    expect(grantProblem('a@example.com', 'new hire')).toBeNull();
  });
});

describe('rowActions', () => {
  it('offers nothing for oneself or without the manage-staff capability', () => {
    expect(rowActions(admin('me'), 'me', true, false)).toEqual({ reset: false, revoke: false });
    expect(rowActions(admin('x'), 'me', false, false)).toEqual({ reset: false, revoke: false });
  });
  it('offers reset only to a factor holder and revoke only without an open proposal', () => {
    expect(rowActions(admin('x', 0), 'me', true, false)).toEqual({ reset: false, revoke: true });
    expect(rowActions(admin('x', 2), 'me', true, true)).toEqual({ reset: true, revoke: false });
  });
});
