import { useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import toast from '~/lib/toast';
import Toaster from '../shared/Toaster';
import NewPasswordFields from './NewPasswordFields';
import { AUTH_MESSAGES, REDIRECT_DELAY_MS, newPasswordProblem } from '~/lib/auth-rules';
import { $session } from '~/stores/session';
import { useFormProblem } from '../shared/formProblem';

/** The error GoTrue puts in the URL fragment when a link is used twice or has expired. */
function linkError(): string | null {
  const params = new URLSearchParams(window.location.hash.slice(1) || window.location.search.slice(1));
  return params.get('error_description') ?? params.get('error');
}

/**
 * /reset-password: the recovery link signs the person in with a recovery session (supabase-js reads
 * it from the URL); here they choose a new password, then go to the dashboard.
 */
export default function ResetPasswordForm() {
  const session = useStore($session);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const { report, fieldProps, alert } = useFormProblem();
  // client:only, so the URL is there on first render.
  const [urlError] = useState(linkError);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    if (report(form, newPasswordProblem(password, confirm))) return;
    setBusy(true);
    try {
      const { updatePassword } = await import('~/lib/auth');
      await updatePassword(password);
      toast.success(AUTH_MESSAGES.passwordUpdated);
      window.setTimeout(() => window.location.assign('/user-dashboard'), REDIRECT_DELAY_MS);
    } catch (err) {
      report(form, {
        message: err instanceof Error ? err.message : AUTH_MESSAGES.passwordUpdateFailed,
        fields: [],
      });
      setBusy(false);
    }
  }

  if (session.status === 'loading') {
    return <div className="h-64 animate-pulse rounded-lg bg-mist-100" aria-label="Loading" role="status" />;
  }

  if (session.status === 'signed-out') {
    return (
      <div role="alert" className="space-y-4">
        <p className="text-base text-ink-800">
          This password reset link is invalid or has expired
          {urlError ? ` (${urlError})` : ''}. Please ask for a new one.
        </p>
        <a href="/forgot-password" className="btn-dark">
          Send a new link
        </a>
      </div>
    );
  }

  return (
    <>
      <Toaster />
      <form className="space-y-5" onSubmit={onSubmit} noValidate aria-busy={busy}>
        {alert}
        <NewPasswordFields
          idPrefix="reset"
          password={password}
          onPasswordChange={setPassword}
          confirm={confirm}
          onConfirmChange={setConfirm}
          problemFor={fieldProps}
        />
        <button type="submit" className="btn-dark w-full" disabled={busy}>
          {busy ? 'Saving…' : 'Set new password'}
        </button>
      </form>
    </>
  );
}
