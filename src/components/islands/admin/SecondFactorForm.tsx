import { useId, useMemo, useState, type FormEvent } from 'react';
import CodeField from '~/components/islands/shared/CodeField';
import { useLoad } from '~/components/islands/shared/useLoad';
import AuthenticatorKey from '~/components/islands/shared/AuthenticatorKey';
import { MFA_MESSAGES, startEnrolment, verifyCode } from '~/lib/mfa';
import type { SecondFactorStep } from '~/lib/mfa-step';
import { errorText } from '~/lib/db-errors';

export interface SecondFactorFormProps {
  step: Exclude<SecondFactorStep, { step: 'done' }>;
  onVerified: () => void;
  onCancel: () => void;
  /** Whose sign-in this is: the lost-device advice differs (default admin). */
  audience?: 'admin' | 'member';
  /**
   * The code prompt's words in the sign-in page's language (a member signing in on /zh-hant/login);
   * English by default. Setting up an authenticator (staff only) stays English.
   */
  words?: SecondFactorWords | undefined;
}

/** The code prompt's words; `messages` are src/lib/mfa.ts's answers in the page's language. */
export interface SecondFactorWords {
  heading: string;
  text: string;
  codeLabel: string;
  checking: string;
  verify: string;
  lostDevice: string;
  useAnotherAccount: string;
  messages: { wrongCode: string; codeFormat: string; tooManyTries: string; failed: string };
}

/** mfa.ts's answer in the page's words (its English sentences are its identifiers). */
function shownCodeProblem(error: unknown, words: SecondFactorWords | undefined): string {
  const english = errorText(error, MFA_MESSAGES.failed);
  if (!words) return english;
  const key = (['wrongCode', 'codeFormat', 'tooManyTries', 'failed'] as const).find(
    (k) => MFA_MESSAGES[k] === english,
  );
  return key ? words.messages[key] : words.messages.failed;
}

/**
 * The admin sign-in's second step. Enrolment: a QR code for an authenticator app, the same key in
 * text for typing by hand, and a field for the first code. Otherwise: the code prompt. A wrong code
 * shows a message and changes nothing else; the admin just types the next code.
 */
export default function SecondFactorForm({
  step,
  onVerified,
  onCancel,
  audience = 'admin',
  words,
}: SecondFactorFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeId = useId();

  const enrol = useMemo(() => (step.step === 'enrol' ? startEnrolment : null), [step.step]);
  const { data: enrolment, error: enrolError } = useLoad(enrol, MFA_MESSAGES.enrolFailed, { toast: false });

  const factorId = step.step === 'challenge' ? step.factorId : enrolment?.factorId;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !factorId) return;
    setBusy(true);
    setError(null);
    try {
      await verifyCode(factorId, code);
      // Stay busy: the page changes next.
      onVerified();
    } catch (e) {
      setError(shownCodeProblem(e, words));
      setCode('');
      setBusy(false);
    }
  }

  return (
    <form className="space-y-5" onSubmit={onSubmit} aria-busy={busy}>
      {step.step === 'enrol' ? (
        <div className="space-y-4">
          <h2 className="text-lg font-semibold text-ink-950">Set up your authenticator</h2>
          <p className="text-sm text-muted">
            Admin actions need a code from an authenticator app (Google Authenticator, 1Password, Authy, …).
            Scan the QR code with the app, or type the key into it, then enter the 6-digit code it shows.
          </p>
          <AuthenticatorKey enrolment={enrolment} error={enrolError} />
        </div>
      ) : (
        <div className="space-y-2">
          <h2 className="text-lg font-semibold text-ink-950">
            {words?.heading ?? 'Enter your authenticator code'}
          </h2>
          <p className="text-sm text-muted">
            {words?.text ?? 'Open your authenticator app and enter the 6-digit code for Liquid Capital.'}
          </p>
        </div>
      )}
      <CodeField id={codeId} value={code} onChange={setCode} error={error} label={words?.codeLabel} />
      <button type="submit" className="btn-dark w-full" disabled={busy || !factorId}>
        {busy ? (words?.checking ?? 'Checking…') : (words?.verify ?? 'Verify code')}
      </button>
      <p className="text-center text-sm text-muted">
        {audience === 'admin'
          ? 'Lost your device? Another admin can reset your authenticator on the Admins page.'
          : (words?.lostDevice ??
            'Lost your device? Contact us: we check who you are before we remove it.')}{' '}
        <button
          type="button"
          className="font-semibold text-accent-700 underline-offset-4 hover:underline"
          onClick={onCancel}
        >
          {words?.useAnotherAccount ?? 'Use another account'}
        </button>
      </p>
    </form>
  );
}
