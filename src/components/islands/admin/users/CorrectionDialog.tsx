import { useState, type SubmitEvent } from 'react';
import toast from '~/lib/toast';
import { ACCOUNT_LABELS, type LedgerAccount } from '~/lib/accounts';
import type { AdminUser } from '~/lib/admin/users';
import { proposeCorrection } from '~/lib/admin/transfers';
import { listPlans } from '~/lib/admin/plans';
import {
  CATEGORY_LABELS,
  CORRECTION_ACCOUNTS,
  CORRECTION_CATEGORIES,
  CORRECTION_FIELDS as F,
  CORRECTION_TEXT as T,
  correctionProblem,
  type CorrectionCategory,
} from '~/lib/admin/transfer-text';
import { errorText } from '~/lib/db-errors';
import Dialog from '../../shared/Dialog';
import { FieldFrame } from '../../shared/Field';
import { useFormProblem } from '../../shared/formProblem';
import { useLoad } from '../../shared/useLoad';
import { isolate } from '~/lib/bidi';

/** aria-describedby for a field: its hint, and the form's problem when it is about this field. */
function describedBy(hintId: string, invalid: { 'aria-describedby'?: string }): string {
  return [invalid['aria-describedby'], hintId].filter(Boolean).join(' ');
}

/**
 * "Credit / debit <member>": a signed amount on one of the member's four accounts (on Total Invest, in
 * one of the plans: invested principal is held in a plan), with a category,
 * the text the client reads on their statement and a staff-only note, proposed as a correction
 * (propose_correction). Another finance admin or owner approves it, unless it is below the firm's
 * small-edit threshold. Checked as the database checks it before anything is sent; a refusal from the
 * server shows in the dialog, which stays open with everything kept.
 */
export default function CorrectionDialog({
  user,
  onClose,
  onProposed,
}: {
  user: AdminUser;
  onClose: () => void;
  onProposed: () => void;
}) {
  const name = isolate(user.username || user.email);
  const [account, setAccount] = useState<LedgerAccount | ''>('');
  const [plan, setPlan] = useState('');
  const plans = useLoad(account === 'total_invest' ? listPlans : null, 'Could not load the plans.', {
    toast: false,
  });
  const [amount, setAmount] = useState('');
  const [category, setCategory] = useState<CorrectionCategory | ''>('');
  const [clientText, setClientText] = useState('');
  const [internalNote, setInternalNote] = useState('');
  const [busy, setBusy] = useState(false);
  // One id per opening of the dialog: a retry after a lost answer records the correction once.
  const [requestKey] = useState(() => crypto.randomUUID());
  const { report, fieldProps, alert, clear } = useFormProblem();

  function close() {
    if (busy) return;
    clear();
    onClose();
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const draft = { account, plan, amount, category, clientText, internalNote };
    if (report(form, correctionProblem(draft)) || !account || !category) return;
    setBusy(true);
    try {
      const { posted } = await proposeCorrection({
        userId: user.id,
        account,
        plan: account === 'total_invest' ? plan : undefined,
        amount,
        category,
        clientText,
        internalNote,
        requestKey,
      });
      toast.success(posted ? T.posted(name) : T.proposed(name), { duration: 8000 });
      clear();
      onProposed();
    } catch (error) {
      report(form, { message: errorText(error, T.failure), fields: [] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open title={T.title(name)} size="md" onClose={close}>
      <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
        <p className="text-sm text-muted">
          {user.email}. {T.fourEyes}
        </p>
        <FieldFrame id={F.account} label={T.account}>
          <select
            id={F.account}
            className="field-input"
            value={account}
            onChange={(e) => setAccount(e.target.value as LedgerAccount | '')}
            {...fieldProps(F.account)}
            data-autofocus
          >
            <option value="">{T.choose}</option>
            {CORRECTION_ACCOUNTS.map((a) => (
              <option key={a} value={a}>
                {ACCOUNT_LABELS[a]}
              </option>
            ))}
          </select>
        </FieldFrame>
        {account === 'total_invest' && (
          <FieldFrame id={F.plan} label={T.plan}>
            <select
              id={F.plan}
              className="field-input"
              value={plan}
              required
              onChange={(e) => setPlan(e.target.value)}
              {...fieldProps(F.plan)}
              aria-describedby={describedBy(`${F.plan}-hint`, fieldProps(F.plan))}
            >
              <option value="">{plans.data ? T.choose : plans.error ? plans.error : T.loadingPlans}</option>
              {(plans.data ?? []).map((p) => (
                <option key={p.slug} value={p.slug}>
                  {p.name}
                </option>
              ))}
            </select>
            <p id={`${F.plan}-hint`} className="mt-1 text-sm text-muted">
              {T.planHint}
            </p>
          </FieldFrame>
        )}
        <FieldFrame id={F.amount} label={T.amount}>
          <input
            id={F.amount}
            className="field-input tabular-nums"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            {...fieldProps(F.amount)}
            aria-describedby={describedBy(`${F.amount}-hint`, fieldProps(F.amount))}
          />
          <p id={`${F.amount}-hint`} className="mt-1 text-sm text-muted">
            {T.amountHint}
          </p>
        </FieldFrame>
        <FieldFrame id={F.category} label={T.category}>
          <select
            id={F.category}
            className="field-input"
            value={category}
            onChange={(e) => setCategory(e.target.value as CorrectionCategory | '')}
            {...fieldProps(F.category)}
          >
            <option value="">{T.choose}</option>
            {CORRECTION_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        </FieldFrame>
        <FieldFrame id={F.clientText} label={T.clientText}>
          <textarea
            id={F.clientText}
            className="field-input"
            rows={2}
            maxLength={500}
            value={clientText}
            onChange={(e) => setClientText(e.target.value)}
            {...fieldProps(F.clientText)}
            aria-describedby={describedBy(`${F.clientText}-hint`, fieldProps(F.clientText))}
          />
          <p id={`${F.clientText}-hint`} className="mt-1 text-sm font-medium text-ink-800">
            {T.clientTextHint}
          </p>
        </FieldFrame>
        <FieldFrame id={F.internalNote} label={T.internalNote}>
          <textarea
            id={F.internalNote}
            className="field-input"
            rows={2}
            maxLength={500}
            value={internalNote}
            onChange={(e) => setInternalNote(e.target.value)}
            {...fieldProps(F.internalNote)}
            aria-describedby={describedBy(`${F.internalNote}-hint`, fieldProps(F.internalNote))}
          />
          <p id={`${F.internalNote}-hint`} className="mt-1 text-sm text-muted">
            {T.internalNoteHint}
          </p>
        </FieldFrame>
        {alert}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-outline-dark" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn-dark" disabled={busy}>
            {busy ? T.busy : T.submit}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
