import { useState, type ReactNode, type SubmitEvent } from 'react';
import { reasonLabel } from '~/lib/admin/reason';
import toast from '~/lib/toast';
import { errorText } from '~/lib/db-errors';
import { proposePlanTerms } from '~/lib/admin/plans';
import {
  TERMS_FIELDS as F,
  TERMS_TEXT as T,
  planTermsProblem,
  termsDraftFrom,
  type PlanTerms,
  type PlanTermsDraft,
} from '~/lib/admin/plan-text';
import Dialog from '../../shared/Dialog';
import { FieldFrame } from '../../shared/Field';
import { useFormProblem } from '../../shared/formProblem';

/**
 * "Propose new terms for Silver" (owners): every term of the plan, starting from the current ones, and
 * a reason. Checked as the database checks it; a refusal (nothing changed, a proposal already open)
 * shows in the dialog, which stays open with everything kept. Another owner approves.
 */
export default function PlanTermsDialog({
  plan,
  onClose,
  onProposed,
}: {
  plan: PlanTerms;
  onClose: () => void;
  onProposed: () => void;
}) {
  const [draft, setDraft] = useState<PlanTermsDraft>(() => termsDraftFrom(plan));
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const { report, fieldProps, alert, clear } = useFormProblem();
  const set = (next: Partial<PlanTermsDraft>) => setDraft((d) => ({ ...d, ...next }));

  function close() {
    if (busy) return;
    clear();
    onClose();
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    if (report(form, planTermsProblem(draft, reason))) return;
    setBusy(true);
    try {
      await proposePlanTerms(plan.slug, draft, reason);
      toast.success(T.proposed(plan.name), { duration: 8000 });
      clear();
      onProposed();
    } catch (error) {
      report(form, { message: errorText(error, T.failure), fields: [] });
    } finally {
      setBusy(false);
    }
  }

  const text = (id: string, label: string, value: string, onChange: (v: string) => void): ReactNode => (
    <FieldFrame id={id} label={label}>
      <textarea
        id={id}
        name={id}
        className="field-input"
        rows={3}
        maxLength={500}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...fieldProps(id)}
      />
    </FieldFrame>
  );

  return (
    <Dialog open title={T.proposeFor(plan.name)} size="md" onClose={close}>
      <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
        <p className="text-sm text-muted">{T.fourEyes}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <FieldFrame id={F.minimum} label={T.minimum}>
            <input
              id={F.minimum}
              name={F.minimum}
              className="field-input tabular-nums"
              inputMode="decimal"
              autoComplete="off"
              value={draft.minimum}
              onChange={(e) => set({ minimum: e.target.value })}
              {...fieldProps(F.minimum)}
              data-autofocus
            />
          </FieldFrame>
          <FieldFrame id={F.noticeDays} label={T.noticeDays}>
            <input
              id={F.noticeDays}
              name={F.noticeDays}
              className="field-input tabular-nums"
              inputMode="numeric"
              autoComplete="off"
              value={draft.noticeDays}
              onChange={(e) => set({ noticeDays: e.target.value })}
              {...fieldProps(F.noticeDays)}
            />
          </FieldFrame>
        </div>
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
          <input
            id={F.accepting}
            name={F.accepting}
            type="checkbox"
            className="size-5"
            checked={draft.accepting}
            onChange={(e) => set({ accepting: e.target.checked })}
          />
          {T.accepting}
        </label>
        {text(F.description, T.description, draft.description, (v) => set({ description: v }))}
        {text(F.returnsText, T.returnsText, draft.returnsText, (v) => set({ returnsText: v }))}
        {text(F.feesText, T.feesText, draft.feesText, (v) => set({ feesText: v }))}
        {text(F.riskText, T.riskText, draft.riskText, (v) => set({ riskText: v }))}
        <FieldFrame id={F.reason} label={reasonLabel(T.reason, false)}>
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
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-outline-dark" onClick={close}>
            {T.cancel}
          </button>
          <button type="submit" className="btn-dark" disabled={busy}>
            {busy ? T.busy : T.submit}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
