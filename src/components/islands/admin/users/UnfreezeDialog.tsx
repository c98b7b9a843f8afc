import { useId, useState, type SubmitEvent } from 'react';
import type { AdminUser } from '~/lib/admin/users';
import { reasonError } from '~/lib/admin/balances';
import { errorText } from '~/lib/db-errors';
import toast from '~/lib/toast';
import Dialog from '../../shared/Dialog';
import Field from '../../shared/Field';

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
  const [busy, setBusy] = useState(false);
  const reasonId = useId();

  async function propose(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = reasonError(reason);
    if (problem) {
      toast.error(problem);
      document.getElementById(reasonId)?.focus();
      return;
    }
    setBusy(true);
    try {
      const { proposeStaffChange } = await import('~/lib/admin/staff-changes');
      await proposeStaffChange('unfreeze', user.id, {}, reason);
      toast.success(`Proposed: unfreeze ${user.username || user.email}. Another admin approves it.`);
      onProposed();
    } catch (e) {
      toast.error(errorText(e, 'Could not propose the unfreeze.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open title="Propose lifting the withdrawal freeze?" size="md" onClose={() => !busy && onClose()}>
      <form className="space-y-4" onSubmit={(e) => void propose(e)} noValidate>
        <p>
          {user.username || user.email} froze their withdrawals. Once another finance admin or owner approves,
          withdrawals are allowed again. Check with the member first.
        </p>
        <Field
          id={reasonId}
          label="Reason"
          required
          maxLength={500}
          value={reason}
          onChange={(e) => onReason(e.target.value)}
        />
        <div className="flex justify-end gap-3">
          <button type="button" className="btn-outline-dark" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-dark" disabled={busy}>
            Propose unfreeze
          </button>
        </div>
      </form>
    </Dialog>
  );
}
