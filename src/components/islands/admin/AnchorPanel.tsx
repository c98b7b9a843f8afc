import { useId, useState, type SubmitEvent } from 'react';
import { checkAnchor, takeAnchor } from '~/lib/admin/audit';
import { ANCHOR_PROBLEM, type AnchorCheck, type AuditAnchor } from '~/lib/admin/audit-query';
import { errorText } from '~/lib/db-errors';
import toast from '~/lib/toast';
import CopyableValue from '../shared/CopyableValue';
import Field from '../shared/Field';
import { useFormProblem } from '../shared/formProblem';
import { formatDateTime } from './format';

/**
 * Anchors of the audit chain: the newest event's number and hash, copied out to be kept outside
 * this system, and the check of a kept one. The chain alone cannot tell a log rewritten whole by
 * someone with the database owner's rights; a kept anchor can (docs/four-eyes.md).
 */
export default function AnchorPanel() {
  const [anchor, setAnchor] = useState<AuditAnchor | null>(null);
  const [eventId, setEventId] = useState('');
  const [hash, setHash] = useState('');
  const [check, setCheck] = useState<AnchorCheck | null>(null);
  const [busy, setBusy] = useState(false);
  const { report, fieldProps, alert } = useFormProblem();
  const ids = useId();
  const eventField = `${ids}-event`;
  const hashField = `${ids}-hash`;

  async function take() {
    setBusy(true);
    try {
      setAnchor(await takeAnchor());
    } catch (e) {
      toast.error(errorText(e, 'Could not take an anchor of the audit log.'));
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    report(form, null);
    setCheck(null);
    setBusy(true);
    try {
      setCheck(await checkAnchor(eventId, hash));
    } catch (e) {
      const message = errorText(e, 'Could not check the anchor.');
      report(form, { message, fields: message === ANCHOR_PROBLEM ? [eventField, hashField] : [] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card space-y-4 p-4" aria-label="Audit anchors">
      <p className="text-sm text-ink-700">
        Keep the newest event&rsquo;s number and hash outside this system, for example with your compliance
        records. Checking it later shows whether the log up to that event was rewritten, which the chain alone
        cannot tell.
      </p>
      <div className="space-y-2">
        <button type="button" className="btn-outline-dark" disabled={busy} onClick={() => void take()}>
          Take an anchor
        </button>
        {anchor && (
          <div role="status" className="space-y-1">
            <p>
              Anchor: event #{anchor.event_id} ({formatDateTime(anchor.occurred_at)}), hash:
            </p>
            <CopyableValue label="anchor hash" value={anchor.hash} />
          </div>
        )}
      </div>
      <form
        className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
        onSubmit={(e) => void submit(e)}
        noValidate
      >
        <div className="sm:col-span-3">{alert}</div>
        <Field
          id={eventField}
          label="Event number"
          inputMode="numeric"
          autoComplete="off"
          value={eventId}
          onChange={(e) => setEventId(e.target.value)}
          {...fieldProps(eventField)}
        />
        <Field
          id={hashField}
          label="Hash kept with it"
          autoComplete="off"
          spellCheck={false}
          controlClassName="font-mono"
          value={hash}
          onChange={(e) => setHash(e.target.value)}
          {...fieldProps(hashField)}
        />
        <button type="submit" className="btn-dark" disabled={busy}>
          Check anchor
        </button>
      </form>
      {check && (
        <p role="status" className={check.matches ? 'text-success-600' : 'text-danger-600'}>
          {check.matches
            ? `Event #${check.event_id} still has the hash you kept: the log up to it has not been rewritten since the anchor was taken.`
            : check.problem}
        </p>
      )}
    </section>
  );
}
