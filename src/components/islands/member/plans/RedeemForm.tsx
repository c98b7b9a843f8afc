import { useRef, useState, type SubmitEvent } from 'react';
import toast from '~/lib/toast';
import Field from '../../shared/Field';
import { useFormProblem } from '../../shared/formProblem';
import { InstructionError, newRequestKey, redeem, type HeldPlan, type PlanTerms } from '~/lib/plans';
import { fill } from '~/i18n/fill';
import {
  amountIn,
  planName,
  redeemAmount,
  redeemFields,
  redeemProblem,
  redeemRulesText,
  refusalFields,
  refusalText,
  type PlansLanguage,
  type RedeemChoice,
} from './rules';

interface RedeemFormProps {
  language: PlansLanguage;
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
export default function RedeemForm({ language, held, terms, onDone }: RedeemFormProps) {
  const { words } = language;
  const name = planName(language, held.plan, held.name);
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
    if (report(form, redeemProblem(words.problems, held.plan, choice, amount))) return;
    setBusy(true);
    try {
      await redeem(held.plan, redeemAmount(choice, held.principal, amount), key.current);
      setAmount('');
      clear();
      toast.success(words.redeem.recorded);
      onDone();
    } catch (error) {
      const hint = error instanceof InstructionError ? error.hint : undefined;
      report(form, {
        message: refusalText(
          language,
          'redemption',
          error,
          terms ?? { slug: held.plan, name: held.name, minimum: '0' },
        ),
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
        {fill(words.redeem.heading, { plan: name })}
      </h4>
      {terms && <p className="text-sm text-muted">{redeemRulesText(language, terms)}</p>}
      <fieldset>
        <legend className="field-label">{words.redeem.howMuch}</legend>
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
            {fill(words.redeem.all, { amount: amountIn(language, held.principal) })}
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
            {words.redeem.part}
          </label>
        </div>
      </fieldset>
      {choice === 'part' && (
        <Field
          id={fields.amount}
          name={fields.amount}
          label={words.subscribe.amount}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          {...fieldProps(fields.amount)}
        />
      )}
      {alert}
      <button type="submit" className="btn-dark" disabled={busy}>
        {busy ? words.sending : words.redeem.button}
      </button>
    </form>
  );
}
