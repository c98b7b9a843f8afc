import { Suspense, useEffect, useRef, useState, type SubmitEvent } from 'react';
import toast from '~/lib/toast';
import Field, { FieldFrame } from '../../shared/Field';
import SubmitButton from '../../shared/SubmitButton';
import { useFormProblem } from '../../shared/formProblem';
import type { FormProblem } from '~/lib/form-rules';
import { InstructionError, newRequestKey, subscribe, type PlanTerms } from '~/lib/plans';
import { fill } from '~/i18n/fill';
import { lazyPart } from '../../shared/lazyPart';
import {
  SUBSCRIBE_FIELDS,
  amountIn,
  availableText,
  noticeText,
  planOptionText,
  refusalFields,
  refusalText,
  subscribeProblem,
  type PlansLanguage,
} from './rules';

// The confirmation's code loads just after the first view (it is shut until the member reviews).
const ConfirmSubscription = lazyPart(() => import('./ConfirmSubscription'));

interface SubscribeFormProps {
  language: PlansLanguage;
  /** The plans and their terms (null while loading). */
  plans: PlanTerms[] | null;
  /** The chosen plan's slug ('' for none); the page owns it so a plan card can choose it. */
  chosen: string;
  onChoose: (slug: string) => void;
  /** What the Deposit Wallet has available (null while loading). */
  available: string | null;
  /** Re-read the page's data after the instruction is recorded. */
  onDone: () => void;
}

/** The attempt being confirmed: the plan, the amount and its one request key. */
interface Attempt {
  plan: PlanTerms;
  amount: string;
  key: string;
}

/**
 * "Invest in a plan": a plan and an amount, then a confirmation that states the terms. The request
 * key is made when the confirmation opens, so a double click or a retry records one instruction.
 */
export default function SubscribeForm({
  language,
  plans,
  chosen,
  onChoose,
  available,
  onDone,
}: SubscribeFormProps) {
  const { words } = language;
  const [amount, setAmount] = useState('');
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [busy, setBusy] = useState(false);
  const { report, fieldProps, alert, clear } = useFormProblem();
  const formRef = useRef<HTMLFormElement>(null);
  // A refusal is shown once the dialog has closed and given focus back, so the field to fix keeps it.
  const refusal = useRef<FormProblem | null>(null);
  const plan = plans?.find((p) => p.slug === chosen);

  useEffect(() => {
    if (attempt !== null || !refusal.current || !formRef.current) return;
    report(formRef.current, refusal.current);
    refusal.current = null;
  }, [attempt, report]);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || report(event.currentTarget, subscribeProblem(words.problems, plan, amount)) || !plan) return;
    setAttempt({ plan, amount: amount.trim(), key: newRequestKey() });
  }

  async function onConfirm() {
    if (!attempt || busy) return;
    setBusy(true);
    try {
      await subscribe(attempt.plan.slug, attempt.amount, attempt.key);
      setAttempt(null);
      setAmount('');
      clear();
      toast.success(words.subscribe.recorded);
      onDone();
    } catch (error) {
      const hint = error instanceof InstructionError ? error.hint : undefined;
      refusal.current = {
        message: refusalText(language, 'subscription', error, attempt.plan),
        fields: refusalFields(hint, SUBSCRIBE_FIELDS),
      };
      setAttempt(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form
        ref={formRef}
        className="card space-y-4 p-5 sm:p-6"
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="subscribe-heading"
        id="invest"
      >
        <h2 id="subscribe-heading" className="text-xl text-ink-950">
          {words.subscribe.heading}
        </h2>
        <FieldFrame id={SUBSCRIBE_FIELDS.plan} label={words.subscribe.plan}>
          <select
            id={SUBSCRIBE_FIELDS.plan}
            name={SUBSCRIBE_FIELDS.plan}
            className="field-input"
            value={chosen}
            onChange={(e) => onChoose(e.target.value)}
            {...fieldProps(SUBSCRIBE_FIELDS.plan)}
          >
            <option value="">{plans === null ? words.subscribe.loading : words.subscribe.choose}</option>
            {(plans ?? []).map((p) => (
              <option key={p.slug} value={p.slug} disabled={!p.accepting}>
                {planOptionText(language, p)}
              </option>
            ))}
          </select>
        </FieldFrame>
        {plan && (
          <p className="text-sm text-muted" data-testid="chosen-plan-terms">
            {fill(words.subscribe.chosenTerms, {
              minimum: amountIn(language, plan.minimum),
              notice: noticeText(language, plan.notice_days),
            })}
          </p>
        )}
        <Field
          id={SUBSCRIBE_FIELDS.amount}
          name={SUBSCRIBE_FIELDS.amount}
          label={words.subscribe.amount}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          {...fieldProps(SUBSCRIBE_FIELDS.amount)}
        />
        <p className="text-sm font-medium text-ink-900" data-testid="available-to-invest">
          {availableText(language, available)}
        </p>
        {alert}
        <SubmitButton
          className="btn-dark"
          label={words.subscribe.review}
          busyLabel={words.sending}
          busy={busy}
        />
      </form>
      <Suspense fallback={null}>
        <ConfirmSubscription
          language={language}
          attempt={attempt}
          busy={busy}
          onCancel={() => !busy && setAttempt(null)}
          onConfirm={() => void onConfirm()}
        />
      </Suspense>
    </>
  );
}
