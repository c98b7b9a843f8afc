import { useState, type SubmitEvent } from 'react';
import toast from '~/lib/toast';
import Toaster from '../shared/Toaster';
import SubmitButton from '../shared/SubmitButton';
import Field from '../shared/Field';
import { useFormProblem } from '../shared/formProblem';
import { emailProblem, shownMessage } from '~/lib/auth-rules';
import type { AuthFormWords } from '~/i18n/auth-words';
import type { Locale } from '~/i18n/locales';

/** /forgot-password: asks for the recovery mail; the answer never says whether the address exists. */
export default function ForgotPasswordForm({ words, locale }: { words: AuthFormWords; locale: Locale }) {
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const { report, fieldProps, alert } = useFormProblem();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    if (report(event.currentTarget, emailProblem(email, words.messages))) return;
    setBusy(true);
    try {
      // The Supabase client loads with the first attempt, as on the sign-in form.
      const { requestPasswordReset } = await import('~/lib/auth');
      await requestPasswordReset(email, locale);
      setSent(true);
    } catch (error) {
      toast.error(shownMessage(error, words.messages.resetRequestFailed, words.messages));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Toaster />
      {sent ? (
        <div role="status" className="space-y-4">
          <p className="text-base text-ink-800">{words.messages.resetRequested}</p>
          <a href={words.links.signIn} className="btn-outline-dark">
            {words.backToSignIn}
          </a>
        </div>
      ) : (
        <form method="post" className="space-y-5" onSubmit={onSubmit} noValidate aria-busy={busy}>
          {alert}
          <Field
            id="forgot-email"
            label={words.email}
            name="email"
            type="email"
            autoComplete="email"
            required
            {...fieldProps('email')}
          />
          <SubmitButton
            className="btn-dark w-full"
            busy={busy}
            label={words.sendResetLink}
            busyLabel={words.sending}
            notReadyLabel={words.notReady}
          />
          <p className="text-center text-sm text-muted">
            {words.remembered}{' '}
            <a
              href={words.links.signIn}
              className="font-semibold text-accent-700 underline-offset-4 hover:underline"
            >
              {words.signIn}
            </a>
          </p>
        </form>
      )}
    </>
  );
}
