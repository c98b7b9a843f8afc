import Dialog from '../../shared/LazyDialog';
import { formatUsdIn } from '~/lib/money-in-language';
import type { PlanTerms } from '~/lib/plans';
import { noticeText, planName, planTexts, type PlansLanguage } from './rules';

interface ConfirmSubscriptionProps {
  language: PlansLanguage;
  /** What is being confirmed; null keeps the dialog shut. */
  attempt: { plan: PlanTerms; amount: string } | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The summary a member confirms before investing: plan, amount and the plan's terms. */
export default function ConfirmSubscription({
  language,
  attempt,
  busy,
  onCancel,
  onConfirm,
}: ConfirmSubscriptionProps) {
  const { words, locale } = language;
  const plan = attempt?.plan;
  const texts = plan && planTexts(language, plan);
  return (
    <Dialog
      open={attempt !== null}
      title={words.confirm.title}
      onClose={onCancel}
      size="md"
      actions={
        <>
          <button type="button" className="btn-outline-dark" onClick={onCancel} disabled={busy}>
            {words.confirm.back}
          </button>
          <button type="button" className="btn-dark" onClick={onConfirm} disabled={busy}>
            {busy ? words.sending : words.confirm.button}
          </button>
        </>
      }
    >
      {attempt && plan && texts && (
        <div className="space-y-3 text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-muted">{words.confirm.plan}</dt>
            <dd className="font-semibold text-ink-950">{planName(language, plan.slug, plan.name)}</dd>
            <dt className="text-muted">{words.confirm.amount}</dt>
            <dd className="font-semibold text-ink-950 tabular-nums">
              <bdi dir="ltr">{formatUsdIn(locale, attempt.amount)}</bdi>
            </dd>
            <dt className="text-muted">{words.confirm.minimum}</dt>
            <dd className="tabular-nums">
              <bdi dir="ltr">{formatUsdIn(locale, plan.minimum)}</bdi>
            </dd>
          </dl>
          <ul className="list-disc space-y-1 ps-5">
            <li>{noticeText(language, plan.notice_days)}</li>
            <li>{texts.returns}</li>
            <li>{texts.fees}</li>
            <li>{texts.risk}</li>
          </ul>
          <p className="font-medium text-ink-950">{words.confirm.pending}</p>
        </div>
      )}
    </Dialog>
  );
}
