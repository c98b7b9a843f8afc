import { useState } from 'react';
import toast from '~/lib/toast';
import type { AdminAccount } from '~/lib/admin/admins';
import { proposeStaffRole } from '~/lib/admin/staff-changes';
import ReasonDialog from '../ReasonDialog';

/** Confirms a revocation and takes its reason; the proposal waits for another owner. */
export default function RevokeDialog({
  admin,
  onClose,
  onDone,
}: {
  admin: AdminAccount | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <ReasonDialog
      open={admin !== null}
      title="Propose revoking admin access?"
      action="Propose revocation"
      failure="Could not propose the revocation."
      reason={reason}
      onReason={setReason}
      onClose={onClose}
      act={async (why) => {
        if (!admin) return;
        await proposeStaffRole(admin.email, null, why);
        toast.success(`Proposed: revoke ${admin.email}. Another owner approves it.`);
        setReason('');
        onDone();
      }}
    >
      <p>
        Once another owner approves, {admin?.email} loses admin access at once, including any open admin
        pages.
      </p>
    </ReasonDialog>
  );
}
