import type { StaffChange } from './staff-changes';

/*
 * Staff never act on their own money (docs/four-eyes.md, "Your own account"): the database refuses
 * any proposal, approval, rejection, confirmation or payment whose member is the staff member
 * (42501, hint own_account). The admin screens therefore do not offer those actions there and say
 * why instead, in these words.
 */
export const OWN_ACCOUNT_NOTE = 'Your own account: two other staff members handle it.';

/** Whether the member an action is about is the signed-in staff member. Unknown members are not. */
export function isOwnAccount(memberId: string | null | undefined, staffUserId: string): boolean {
  return Boolean(memberId) && memberId === staffUserId;
}

/**
 * The member whose money a staff proposal moves, as the database's private.staff_change_member
 * sees it for the kinds it guards: an unfreeze targets the member's id; a deposit credit targets
 * the notice, whose member the proposal's `before` records. Other kinds move no member's money.
 */
export function staffChangeMember(change: Pick<StaffChange, 'kind' | 'target' | 'before'>): string | null {
  switch (change.kind) {
    case 'unfreeze':
      return change.target;
    case 'deposit_credit':
      return typeof change.before.member_id === 'string' ? change.before.member_id : null;
    default:
      return null;
  }
}
