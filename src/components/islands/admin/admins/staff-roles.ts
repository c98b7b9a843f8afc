import type { AdminAccount } from '~/lib/admin/admins';
import { reasonError } from '~/lib/admin/reason';
import type { StaffChange } from '~/lib/admin/staff-changes';
import { emailProblem } from '~/lib/auth-rules';
import type { FormProblem } from '~/lib/form-rules';

/** The open, unexpired role proposals among all open staff proposals. */
export function openRoleChanges(open: StaffChange[]): StaffChange[] {
  return open.filter((c) => c.kind === 'staff_role' && !c.expired);
}

/** Role proposals for people who are not staff yet (grants), shown under the list of admins. */
export function pendingGrants(pending: StaffChange[], admins: AdminAccount[] | null): StaffChange[] {
  return pending.filter((c) => !admins?.some((a) => a.user_id === c.target));
}

/** The first problem with a role proposal's e-mail and reason, named by the field it concerns. */
export function grantProblem(email: string, reason: string): FormProblem | null {
  const reasonProblem = reasonError(reason);
  return emailProblem(email) ?? (reasonProblem ? { message: reasonProblem, fields: ['reason'] } : null);
}

/** Who may be offered which button on a row: never for oneself; reset needs a factor, revoke no open proposal. */
export function rowActions(
  admin: Pick<AdminAccount, 'user_id' | 'authenticators'>,
  selfId: string,
  manageStaff: boolean,
  hasPending: boolean,
): { reset: boolean; revoke: boolean } {
  const other = manageStaff && admin.user_id !== selfId;
  return { reset: other && admin.authenticators > 0, revoke: other && !hasPending };
}
