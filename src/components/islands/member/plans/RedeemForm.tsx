import { useRef, useState, type SubmitEvent } from 'react';
import toast from '~/lib/toast';
import Field from '../../shared/Field';
import { useFormProblem } from '../../shared/formProblem';
import { errorText } from '~/lib/db-errors';
import { formatUsd } from '~/lib/money';
import { InstructionError, newRequestKey, redeem, type HeldPlan, type PlanTerms } from '~/lib/plans';
import {
  AMOUNT_LABEL,
  REDEEMED,
  REDEEM_BUTTON,
  redeemAmount,
  redeemFields,
  redeemProblem,
  redeemRulesText,
  refusalFields,
  type RedeemChoice,
} from './rules';

interface RedeemFormProps {
  held: HeldPlan;
  /** The plan's terms (notice period, minimum); undefined while they load. */
  terms: PlanTerms | undefined;
  onDone: () => void;
}

/**
 * Redeem from one plan: all of the principal or a part, with the plan's notice period and the rule a
 * part must follow. One request key per attempt (renewed once the database has answered), so a double
 * click records one redemption.
 */
export default function RedeemForm({ held, terms, onDone }: RedeemFormProps) {
  const fields = redeemFields(held.plan);
  const [choice, setChoice] = useState<RedeemChoice>('part');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef(newRequestKey());
  const { report, fieldProps, alert, clear } = useFormProblem();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    if (report(form, redeemProblem(held.plan, choice, amount))) return;
    setBusy(true);
    try {
      await redeem(held.plan, redeemAmount(choice, held.principal, amount), key.current);
      setAmount('');
      clear();
      toast.success(REDEEMED);
      onDone();
    } catch (error) {
      const hint = error instanceof InstructionError ? error.hint : undefined;
      report(form, {
        message: errorText(error, 'Your redemption could not be recorded.'),
        fields: refusalFields(hint, { amount: choice === 'all' ? fields.all : fields.amount }),
      });
    } finally {
      key.current = newRequestKey();
      setBusy(false);
    }
  }

  const headingId = `redeem-${held.plan}-heading`;
  return (
    <form className="space-y-3" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <h4 id={headingId} className="font-semibold text-ink-950">
        Redeem from {held.name}
      </h4>
      {terms && <p className="text-sm text-muted">{redeemRulesText(terms)}</p>}
      <fieldset>
        <legend className="field-label">How much</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex items-center gap-2 text-sm" htmlFor={fields.all}>
            <input
              type="radio"
              id={fields.all}
              name={fields.choice}
              className="size-4"
              checked={choice === 'all'}
              onChange={() => setChoice('all')}
              {...fieldProps(fields.all)}
            />
            All of it ({formatUsd(held.principal)})
          </label>
          <label className="flex items-center gap-2 text-sm" htmlFor={fields.part}>
            <input
              type="radio"
              id={fields.part}
              name={fields.choice}
              className="size-4"
              checked={choice === 'part'}
              onChange={() => setChoice('part')}
            />
            Part of it
          </label>
        </div>
      </fieldset>
      {choice === 'part' && (
        <Field
          id={fields.amount}
          name={fields.amount}
          label={AMOUNT_LABEL}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          {...fieldProps(fields.amount)}
        />
      )}
      {alert}
      <button type="submit" className="btn-dark" disabled={busy}>
        {busy ? 'Sending…' : REDEEM_BUTTON}
      </button>
    </form>
  );
}
