import { Suspense, useState, type SubmitEvent } from 'react';
import { lazyPart } from '../../shared/lazyPart';
import toast from '~/lib/toast';
import { errorText } from '~/lib/db-errors';
import { reasonError, reasonLabel } from '~/lib/admin/reason';
import { previewReturnsRun, proposeReturnsRun } from '~/lib/admin/plans';
import {
  RETURNS_FIELDS as F,
  RETURNS_TEXT as R,
  currentMonth,
  returnsPreviewProblem,
  type PlanTerms,
  type ReturnsDraft,
  type ReturnsPreview,
} from '~/lib/admin/plan-text';
import { FieldFrame } from '../../shared/Field';
import { useFormProblem } from '../../shared/formProblem';

// The preview's table loads with the first preview, not with the page.
const ReturnsRunDetails = lazyPart(() => import('./ReturnsRun'));

const sameDraft = (a: ReturnsDraft, b: ReturnsDraft) =>
  a.plan === b.plan && a.month.trim() === b.month.trim() && a.rate.trim() === b.rate.trim();

/**
 * "Post returns" (finance, owner): a plan, a month and the month's rate for everyone. Preview asks the
 * database for the run as it would be posted (each member's principal and return, the totals); Propose
 * sends that run as a staff proposal, which a second finance admin or owner approves. Changing the form
 * after a preview asks for a new preview, so what is proposed is what was read.
 */
export default function ReturnsRunForm({ plans }: { plans: PlanTerms[] }) {
  const [draft, setDraft] = useState<ReturnsDraft>(() => ({ plan: '', month: currentMonth(), rate: '' }));
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<{ draft: ReturnsDraft; run: ReturnsPreview } | null>(null);
  const [busy, setBusy] = useState<'preview' | 'propose' | null>(null);
  const { report, fieldProps, alert, clear } = useFormProblem();
  const change = (next: Partial<ReturnsDraft>) => setDraft((d) => ({ ...d, ...next }));
  const current = preview && sameDraft(preview.draft, draft) ? preview.run : null;

  async function showPreview(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    if (report(form, returnsPreviewProblem(draft))) {
      setPreview(null);
      return;
    }
    setBusy('preview');
    try {
      const run = await previewReturnsRun(draft.plan, draft.month, draft.rate);
      setPreview({ draft, run });
      clear();
    } catch (error) {
      setPreview(null);
      report(form, { message: errorText(error, R.previewFailure), fields: [] });
    } finally {
      setBusy(null);
    }
  }

  async function propose(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !preview || !current) return;
    const form = event.currentTarget;
    const why = reasonError(reason);
    if (why) {
      report(form, { message: why, fields: [F.reason] });
      return;
    }
    setBusy('propose');
    try {
      await proposeReturnsRun(preview.draft.plan, preview.draft.month, preview.draft.rate, reason);
      toast.success(R.proposed(current), { duration: 8000 });
      setPreview(null);
      setReason('');
      clear();
    } catch (error) {
      report(form, { message: errorText(error, R.proposeFailure), fields: [] });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="card max-w-4xl space-y-5 p-5">
      <p className="text-sm text-muted">{R.intro}</p>
      <form
        className="grid gap-3 sm:grid-cols-3"
        onSubmit={(e) => void showPreview(e)}
        noValidate
        aria-busy={busy === 'preview'}
      >
        <FieldFrame id={F.plan} label={R.plan}>
          <select
            id={F.plan}
            name={F.plan}
            className="field-input"
            value={draft.plan}
            onChange={(e) => change({ plan: e.target.value })}
            {...fieldProps(F.plan)}
          >
            <option value="">{R.choose}</option>
            {plans.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name}
              </option>
            ))}
          </select>
        </FieldFrame>
        <FieldFrame id={F.month} label={R.month}>
          <input
            id={F.month}
            name={F.month}
            className="field-input tabular-nums"
            inputMode="numeric"
            autoComplete="off"
            placeholder="YYYY-MM"
            value={draft.month}
            onChange={(e) => change({ month: e.target.value })}
            {...fieldProps(F.month)}
          />
        </FieldFrame>
        <FieldFrame id={F.rate} label={R.rate}>
          <input
            id={F.rate}
            name={F.rate}
            className="field-input tabular-nums"
            inputMode="decimal"
            autoComplete="off"
            value={draft.rate}
            onChange={(e) => change({ rate: e.target.value })}
            {...fieldProps(F.rate)}
            aria-describedby={[fieldProps(F.rate)['aria-describedby'], `${F.rate}-hint`]
              .filter(Boolean)
              .join(' ')}
          />
          <p id={`${F.rate}-hint`} className="mt-1 text-sm text-muted">
            {R.rateHint}
          </p>
        </FieldFrame>
        {!preview && <div className="sm:col-span-3">{alert}</div>}
        <div className="sm:col-span-3">
          <button type="submit" className="btn-dark" disabled={busy !== null}>
            {busy === 'preview' ? R.previewing : R.preview}
          </button>
        </div>
      </form>
      {preview && (
        <section
          aria-label={R.previewHeading(preview.run)}
          className="space-y-4 border-t border-mist-200 pt-5"
        >
          <h3 className="font-sans text-base font-semibold text-ink-950">{R.previewHeading(preview.run)}</h3>
          <Suspense fallback={<p className="text-sm text-muted">{R.previewing}</p>}>
            <ReturnsRunDetails run={preview.run} folded={false} />
          </Suspense>
          <form
            className="space-y-3"
            onSubmit={(e) => void propose(e)}
            noValidate
            aria-busy={busy === 'propose'}
          >
            {!current && <p className="text-sm font-medium text-danger-600">{R.stale}</p>}
            <FieldFrame id={F.reason} label={reasonLabel(R.reason, false)}>
              <input
                id={F.reason}
                name={F.reason}
                className="field-input"
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                {...fieldProps(F.reason)}
              />
            </FieldFrame>
            {alert}
            <button type="submit" className="btn-dark" disabled={busy !== null || !current}>
              {busy === 'propose' ? R.proposing : R.propose}
            </button>
          </form>
        </section>
      )}
    </div>
  );
}
