import { useState, type SubmitEvent } from 'react';
import toast from '~/lib/toast';
import Field from '../../shared/Field';
import SubmitButton from '../../shared/SubmitButton';
import { useFormProblem } from '../../shared/formProblem';
import { errorText } from '~/lib/db-errors';
import { verifyCode } from '~/lib/mfa';
import { sendStepUpCode, verifyStepUpCode } from '~/lib/step-up';
import { stepUpLabel, stepUpPrompt, type StepUp } from './rules';

interface StepUpPromptProps {
  stepUp: StepUp;
  onConfirmed: () => Promise<void>;
  onCancel: () => void;
}

/** Asks for the mailed code or the authenticator code, then lets the held address be added. */
export default function StepUpPrompt({ stepUp, onConfirmed, onCancel }: StepUpPromptProps) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const { report, fieldProps, alert } = useFormProblem();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    setBusy(true);
    try {
      if (stepUp.kind === 'email') await verifyStepUpCode(stepUp.email, code);
      else await verifyCode(stepUp.factorId, code);
      report(form, null);
      await onConfirmed();
    } catch (error) {
      report(form, { message: errorText(error, 'The code could not be checked.'), fields: ['step-up-code'] });
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    if (stepUp.kind !== 'email') return;
    try {
      await sendStepUpCode(stepUp.email);
      toast.success(`We sent a new code to ${stepUp.email}.`);
    } catch (error) {
      toast.error(errorText(error, 'We could not send the code.'));
    }
  }

  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate aria-labelledby="step-up-heading">
      <h3 id="step-up-heading" className="text-lg text-ink-950">
        Confirm it is you
      </h3>
      <p className="text-sm text-ink-800" data-testid="step-up-prompt">
        {stepUpPrompt(stepUp)}
      </p>
      <Field
        id="step-up-code"
        label={stepUpLabel(stepUp)}
        inputMode="numeric"
        autoComplete="one-time-code"
        controlClassName="font-mono"
        data-autofocus
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
        {...fieldProps('step-up-code')}
      />
      {alert}
      <div className="flex flex-wrap gap-3">
        <SubmitButton className="btn-dark" label="Confirm and add" busyLabel="Checking…" busy={busy} />
        {stepUp.kind === 'email' && (
          <button type="button" className="btn-outline-dark" onClick={() => void resend()}>
            Send a new code
          </button>
        )}
        <button type="button" className="btn-outline-dark" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
