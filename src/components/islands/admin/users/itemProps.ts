import type { AdminUser } from '~/lib/admin/users';
import type { PendingTransfer } from '~/lib/admin/transfers';
import type { Freeze } from '~/lib/admin/freezes';
import type { RowHandlers } from './RowActions';

/** What a table row and a phone card both show for one user and do with it. */
export interface UserItemProps extends RowHandlers {
  user: AdminUser;
  serial: number;
  /** The member's pending transfers, awaiting a second admin (readers of money only). */
  pending: readonly PendingTransfer[];
  /** The member froze their withdrawals (shown to every staff role). */
  freeze: Freeze | null;
  /** The signed-in staff member's own account, for a role that moves money: a note replaces the actions. */
  ownAccount: boolean;
  /** Absent: not frozen, an unfreeze already awaits approval, or the role may not propose one. */
  onUnfreeze?: (() => void) | undefined;
  /** The signed-in staff member's id (their own proposals read "you"). */
  viewerId: string;
}

/** The name the admin reads in labels: the username, or the e-mail address if there is none. */
export function displayName(user: AdminUser): string {
  return user.username || user.email;
}
