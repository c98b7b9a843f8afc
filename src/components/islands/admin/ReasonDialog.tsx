import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { reasonError, reasonLabel } from '~/lib/admin/reason';
import { errorText } from '~/lib/db-errors';
import Dialog from '../shared/Dialog';
import Field from '../shared/Field';
import { useFormProblem } from '../shared/formProblem';

/**
 * A staff action that needs a recorded reason (propose an unfreeze or a revocation, reset an
 * authenticator): what it does, the reason, Cancel and the action. The reason is checked as the
 * database checks it (3 to 500 characters) before anything is sent, and a refusal from the server is
 * shown in the dialog, which stays open with the reason kept. `act` throws to refuse; when it
 * resolves the dialog closes.
 */
export default function ReasonDialog({
  open,
  title,
  children,
  action,
  failure,
  reason,
  onReason,
  act,
  onClose,
}: {
  open: boolean;
  title: string;
  /** What happens, in a sentence or two. */
  children: ReactNode;
  /** The submit button's words. */
  action: string;
  /** Said when the server refuses without a message of its own. */
  failure: string;
  reason: string;
  onReason: (reason: string) => void;
  act: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const { report, fieldProps, alert, clear } = useFormProblem();
  const reasonId = useId();

  function close() {
    if (busy) return;
    clear();
    onClose();
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const problem = reasonError(reason);
    if (report(form, problem ? { message: problem, fields: [reasonId] } : null)) return;
    setBusy(true);
    try {
      await act(reason.trim());
      clear();
      onClose();
    } catch (error) {
      report(form, { message: errorText(error, failure), fields: [] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} title={title} size="md" onClose={close}>
      <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        {children}
        {alert}
        <Field
          id={reasonId}
          label={reasonLabel('Reason', false)}
          required
          maxLength={500}
          value={reason}
          onChange={(e) => onReason(e.target.value)}
          {...fieldProps(reasonId)}
        />
        <div className="flex justify-end gap-3">
          <button type="button" className="btn-outline-dark" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn-dark" disabled={busy}>
            {action}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
