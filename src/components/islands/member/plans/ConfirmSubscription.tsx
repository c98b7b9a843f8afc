import Dialog from '../../shared/LazyDialog';
import { formatUsd } from '~/lib/money';
import type { PlanTerms } from '~/lib/plans';
import { CONFIRM_BUTTON, CONFIRM_TITLE, PENDING_UNTIL_ACCEPTED, noticeText } from './rules';

interface ConfirmSubscriptionProps {
  /** What is being confirmed; null keeps the dialog shut. */
  attempt: { plan: PlanTerms; amount: string } | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The summary a member confirms before investing: plan, amount and the plan's terms. */
export default function ConfirmSubscription({
  attempt,
  busy,
  onCancel,
  onConfirm,
}: ConfirmSubscriptionProps) {
  const plan = attempt?.plan;
  return (
    <Dialog
      open={attempt !== null}
      title={CONFIRM_TITLE}
      onClose={onCancel}
      size="md"
      actions={
        <>
          <button type="button" className="btn-outline-dark" onClick={onCancel} disabled={busy}>
            Back
          </button>
          <button type="button" className="btn-dark" onClick={onConfirm} disabled={busy}>
            {busy ? 'Sending…' : CONFIRM_BUTTON}
          </button>
        </>
      }
    >
      {attempt && plan && (
        <div className="space-y-3 text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-muted">Plan</dt>
            <dd className="font-semibold text-ink-950">{plan.name}</dd>
            <dt className="text-muted">Amount</dt>
            <dd className="font-semibold text-ink-950 tabular-nums">{formatUsd(attempt.amount)}</dd>
            <dt className="text-muted">Minimum</dt>
            <dd className="tabular-nums">{formatUsd(plan.minimum)}</dd>
          </dl>
          <ul className="list-disc space-y-1 ps-5">
            <li>{noticeText(plan.notice_days)}</li>
            <li>{plan.returns_text}</li>
            <li>{plan.fees_text}</li>
            <li>{plan.risk_text}</li>
          </ul>
          <p className="font-medium text-ink-950">{PENDING_UNTIL_ACCEPTED}</p>
        </div>
      )}
    </Dialog>
  );
}
