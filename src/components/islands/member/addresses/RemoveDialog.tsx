import { useState } from 'react';
import toast from '~/lib/toast';
import Dialog from '../../shared/Dialog';
import { errorText } from '~/lib/db-errors';
import { removeWithdrawalAddress, type AddressEntry } from '~/lib/withdrawal-addresses';

/** "Remove this address?": open while `entry` is set; closes itself once the entry is removed. */
export default function RemoveDialog({
  entry,
  onClose,
}: {
  entry: AddressEntry | null;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!entry) return;
    setBusy(true);
    try {
      await removeWithdrawalAddress(entry.id);
      toast.success(`“${entry.label}” was removed.`);
      onClose();
    } catch (error) {
      toast.error(errorText(error, 'The address could not be removed.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={entry !== null}
      title="Remove this address?"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn-outline-dark" onClick={onClose}>
            Keep it
          </button>
          <button type="button" className="btn-dark" disabled={busy} onClick={() => void remove()}>
            {busy ? 'Removing…' : 'Remove'}
          </button>
        </>
      }
    >
      <p className="text-sm text-ink-800">
        “{entry?.label}” will no longer receive withdrawals. Requests already filed to it are not changed.
        Adding it again later starts a new waiting period.
      </p>
    </Dialog>
  );
}
