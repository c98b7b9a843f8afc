import type { AdminUser } from '~/lib/admin/users';
import toast from '~/lib/toast';
import ReasonDialog from '../ReasonDialog';
import { isolate } from '~/lib/bidi';

/**
 * "Propose lifting the withdrawal freeze?" for a frozen member: the unfreeze is a staff proposal
 * another finance admin or owner approves. Mounted while open; the reason is the table's, so it
 * survives closing and reopening until a proposal is made.
 */
export default function UnfreezeDialog({
  user,
  reason,
  onReason,
  onClose,
  onProposed,
}: {
  user: AdminUser;
  reason: string;
  onReason: (reason: string) => void;
  onClose: () => void;
  onProposed: () => void;
}) {
  const name = isolate(user.username || user.email);
  return (
    <ReasonDialog
      open
      title="Propose lifting the withdrawal freeze?"
      action="Propose unfreeze"
      failure="Could not propose the unfreeze."
      reason={reason}
      onReason={onReason}
      onClose={onClose}
      act={async (why) => {
        const { proposeStaffChange } = await import('~/lib/admin/staff-changes');
        await proposeStaffChange('unfreeze', user.id, {}, why);
        toast.success(`Proposed: unfreeze ${name}. Another admin approves it.`);
        onProposed();
      }}
    >
      <p>
        {name} froze their withdrawals. Once another finance admin or owner approves, withdrawals are allowed
        again. Check with the member first.
      </p>
    </ReasonDialog>
  );
}
