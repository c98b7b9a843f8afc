import { useState } from 'react';
import toast from '~/lib/toast';
import { resetAuthenticator, type AdminAccount } from '~/lib/admin/admins';
import ReasonDialog from '../ReasonDialog';

/** For an admin who lost their device: removes their authenticator, with a recorded reason. */
export default function ResetDialog({
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
      title="Reset authenticator?"
      action="Reset authenticator"
      failure="Could not reset the authenticator."
      reason={reason}
      onReason={setReason}
      onClose={onClose}
      act={async (why) => {
        if (!admin) return;
        await resetAuthenticator(admin.user_id, why);
        toast.success(`${admin.email} sets up a new authenticator at their next sign-in.`);
        setReason('');
        onDone();
      }}
    >
      <p>
        For an admin who lost their device: their authenticator is removed and they are signed out everywhere.
        At their next sign-in they set up a new one. The reset is recorded with your name.
      </p>
    </ReasonDialog>
  );
}
