import { useState, type SubmitEvent } from 'react';
import toast from '~/lib/toast';
import Field from '../../shared/Field';
import SubmitButton from '../../shared/SubmitButton';
import { useFormProblem } from '../../shared/formProblem';
import { errorTextIn } from '~/lib/db-errors';
import { verifyCode } from '~/lib/mfa';
import { sendStepUpCode, verifyStepUpCode } from '~/lib/step-up';
import { ltrIn } from '~/lib/bidi';
import { fill } from '~/i18n/fill';
import type { AddressesWords } from '~/i18n/member/pages/addresses';
import { useMemberLanguage } from '../member-language';
import { stepUpLabel, stepUpPrompt, type StepUp } from './rules';

interface StepUpPromptProps {
  stepUp: StepUp;
  words: AddressesWords['stepUp'];
  onConfirmed: () => Promise<void>;
  onCancel: () => void;
}

/** Asks for the mailed code or the authenticator code, then lets the held address be added. */
export default function StepUpPrompt({ stepUp, words, onConfirmed, onCancel }: StepUpPromptProps) {
  const { locale } = useMemberLanguage();
  // The server's refusals are in English: on another language's page, the page's own sentence.
  const refusal = (error: unknown, fallback: string) => errorTextIn(locale, error, fallback);
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
      report(form, { message: refusal(error, words.failed), fields: ['step-up-code'] });
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    if (stepUp.kind !== 'email') return;
    try {
      await sendStepUpCode(stepUp.email);
      toast.success(fill(words.resent, { email: ltrIn(locale, stepUp.email) }));
    } catch (error) {
      toast.error(refusal(error, words.resendFailed));
    }
  }

  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate aria-labelledby="step-up-heading">
      <h3 id="step-up-heading" className="text-lg text-ink-950">
        {words.heading}
      </h3>
      <p className="text-sm text-ink-800" data-testid="step-up-prompt">
        {stepUpPrompt(stepUp, words, locale)}
      </p>
      <Field
        id="step-up-code"
        label={stepUpLabel(stepUp, words)}
        inputMode="numeric"
        autoComplete="one-time-code"
        controlClassName="font-mono"
        dir="ltr"
        data-autofocus
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
        {...fieldProps('step-up-code')}
      />
      {alert}
      <div className="flex flex-wrap gap-3">
        <SubmitButton className="btn-dark" label={words.confirm} busyLabel={words.checking} busy={busy} />
        {stepUp.kind === 'email' && (
          <button type="button" className="btn-outline-dark" onClick={() => void resend()}>
            {words.resend}
          </button>
        )}
        <button type="button" className="btn-outline-dark" onClick={onCancel}>
          {words.cancel}
        </button>
      </div>
    </form>
  );
}
