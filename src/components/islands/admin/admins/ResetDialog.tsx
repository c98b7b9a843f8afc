import { useId, useState, type FormEvent } from 'react';
import toast from '~/lib/toast';
import { resetAuthenticator, type AdminAccount } from '~/lib/admin/admins';
import Dialog from '../../shared/Dialog';
import Field from '../../shared/Field';

/** For an admin who lost their device: removes their authenticator, with a recorded reason. */
export default function ResetDialog({
  admin,
  busy,
  onClose,
  run,
}: {
  admin: AdminAccount | null;
  busy: boolean;
  onClose: () => void;
  run: (action: () => Promise<void>, failure: string) => Promise<boolean>;
}) {
  const [reason, setReason] = useState('');
  const reasonId = useId();

  async function onReset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!admin || busy) return;
    if (await run(() => resetAuthenticator(admin.user_id, reason), 'Could not reset the authenticator.')) {
      toast.success(`${admin.email} sets up a new authenticator at their next sign-in.`);
      onClose();
      setReason('');
    }
  }

  return (
    <Dialog open={admin !== null} title="Reset authenticator?" size="md" onClose={onClose}>
      <form className="space-y-4" onSubmit={onReset}>
        <p>
          For an admin who lost their device: their authenticator is removed and they are signed out
          everywhere. At their next sign-in they set up a new one. The reset is recorded with your name.
        </p>
        <Field
          id={reasonId}
          label="Reason"
          required
          minLength={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <div className="flex justify-end gap-3">
          <button type="button" className="btn-outline-dark" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-dark" disabled={busy}>
            Reset authenticator
          </button>
        </div>
      </form>
    </Dialog>
  );
}
