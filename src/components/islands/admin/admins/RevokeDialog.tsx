import { useId, useState } from 'react';
import toast from '~/lib/toast';
import type { AdminAccount } from '~/lib/admin/admins';
import { reasonError } from '~/lib/admin/balances';
import { proposeStaffRole } from '~/lib/admin/staff-changes';
import Dialog from '../../shared/Dialog';
import Field from '../../shared/Field';

/** Confirms a revocation and takes its reason; the proposal waits for another owner. */
export default function RevokeDialog({
  admin,
  onClose,
  run,
}: {
  admin: AdminAccount | null;
  onClose: () => void;
  run: (action: () => Promise<void>, failure: string) => Promise<boolean>;
}) {
  const [reason, setReason] = useState('');
  const reasonId = useId();

  async function onRevoke(target: AdminAccount) {
    const problem = reasonError(reason);
    if (problem) {
      toast.error(problem);
      document.getElementById(reasonId)?.focus();
      return;
    }
    onClose();
    if (await run(() => proposeStaffRole(target.email, null, reason), 'Could not propose the revocation.')) {
      toast.success(`Proposed: revoke ${target.email}. Another owner approves it.`);
      setReason('');
    }
  }

  return (
    <Dialog
      open={admin !== null}
      title="Propose revoking admin access?"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn-outline-dark" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn-dark" onClick={() => admin && void onRevoke(admin)}>
            Propose revocation
          </button>
        </>
      }
    >
      <p>
        Once another owner approves, {admin?.email} loses admin access at once, including any open admin
        pages.
      </p>
      <Field
        id={reasonId}
        label="Reason"
        className="mt-4"
        required
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Dialog>
  );
}
