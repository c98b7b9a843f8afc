import { useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import toast from '~/lib/toast';
import Toaster from '../shared/Toaster';
import NewPasswordFields from './NewPasswordFields';
import { AUTH_MESSAGES, REDIRECT_DELAY_MS, newPasswordProblem } from '~/lib/auth-rules';
import { $session } from '~/stores/session';
import { useFormProblem } from '../shared/formProblem';
import { LinkQuestion, useAuthLink } from '../shared/useAuthLink';

/**
 * /reset-password: the recovery link's PKCE code signs the person in (only in the browser that asked
 * for the mail; someone signed in is asked first); here they choose a new password, then go to the
 * dashboard.
 */
export default function ResetPasswordForm() {
  const session = useStore($session);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const { report, fieldProps, alert } = useFormProblem();
  const link = useAuthLink('recovery');

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

  if (session.status === 'loading' || link.step === 'checking') {
    return <div className="h-64 animate-pulse rounded-lg bg-mist-100" aria-label="Loading" role="status" />;
  }
  if (link.step === 'ask') return <LinkQuestion state={link} />;
  if (link.step === 'done' && link.kept) {
    return (
      <a href="/user-dashboard" className="btn-dark">
        Go to your dashboard
      </a>
    );
  }

  if (session.status === 'signed-out' || link.step === 'problem') {
    return (
      <div role="alert" className="space-y-4">
        <p className="text-base text-ink-800">
          {link.step === 'problem'
            ? `${link.message}${link.reason === 'refused' ? ' Please ask for a new one.' : ''}`
            : 'This password reset link is invalid or has expired. Please ask for a new one.'}
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
