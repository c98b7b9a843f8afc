import { useState, type SubmitEvent } from 'react';
import toast from '~/lib/toast';
import Toaster from '../shared/Toaster';
import SubmitButton from '../shared/SubmitButton';
import Field from '../shared/Field';
import { useFormProblem } from '../shared/formProblem';
import { AUTH_MESSAGES, emailProblem } from '~/lib/auth-rules';

/** /forgot-password: asks for the recovery mail; the answer never says whether the address exists. */
export default function ForgotPasswordForm() {
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const { report, fieldProps, alert } = useFormProblem();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    if (report(event.currentTarget, emailProblem(email))) return;
    setBusy(true);
    try {
      // The Supabase client loads with the first attempt, as on the sign-in form.
      const { requestPasswordReset } = await import('~/lib/auth');
      await requestPasswordReset(email);
      setSent(true);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : AUTH_MESSAGES.resetRequestFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Toaster />
      {sent ? (
        <div role="status" className="space-y-4">
          <p className="text-base text-ink-800">{AUTH_MESSAGES.resetRequested}</p>
          <a href="/login" className="btn-outline-dark">
            Back to sign in
          </a>
        </div>
      ) : (
        <form method="post" className="space-y-5" onSubmit={onSubmit} noValidate aria-busy={busy}>
          {alert}
          <Field
            id="forgot-email"
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            {...fieldProps('email')}
          />
          <SubmitButton
            className="btn-dark w-full"
            busy={busy}
            label="Send reset link"
            busyLabel="Sending…"
          />
          <p className="text-center text-sm text-muted">
            Remembered it?{' '}
            <a href="/login" className="font-semibold text-accent-700 underline-offset-4 hover:underline">
              Sign in
            </a>
          </p>
        </form>
      )}
    </>
  );
}
