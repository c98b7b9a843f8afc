import type { BalanceAccount } from '~/lib/accounts';
import type { AdminUser } from '~/lib/admin/users';
import type { BalanceProposal } from '~/lib/admin/proposals';
import type { Freeze } from '~/lib/admin/freezes';
import type { RowHandlers } from './RowActions';
import type { Edit } from './useBalanceEdit';

/** What a table row and a phone card both show for one user and do with it. */
export interface UserItemProps extends RowHandlers {
  user: AdminUser;
  serial: number;
  edit: Edit | null;
  /** The member's open balance proposal, shown as "awaiting approval" (readers of money only). */
  pending: BalanceProposal | null;
  /** The member froze their withdrawals (shown to every staff role). */
  freeze: Freeze | null;
  /** The signed-in staff member's own account, for a role that moves money: a note replaces the actions. */
  ownAccount: boolean;
  /** Absent: not frozen, an unfreeze already awaits approval, or the role may not propose one. */
  onUnfreeze?: (() => void) | undefined;
  onField: (account: BalanceAccount, value: string) => void;
  onReason: (reason: string) => void;
}

/** The name the admin reads in labels: the username, or the e-mail address if there is none. */
export function displayName(user: AdminUser): string {
  return user.username || user.email;
}
