import { useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import toast from '~/lib/toast';
import Toaster from '../shared/Toaster';
import NewPasswordFields from './NewPasswordFields';
import { REDIRECT_DELAY_MS, newPasswordProblem, shownMessage } from '~/lib/auth-rules';
import type { LinkWords } from '~/lib/auth-link';
import type { AuthFormWords } from '~/i18n/auth-words';
import { $session } from '~/stores/session';
import { useFormProblem } from '../shared/formProblem';
import { useAuthLink } from '../shared/useAuthLink';
import LinkQuestion from '../shared/LinkQuestion';

/**
 * /reset-password: the recovery link's PKCE code signs the person in (only in the browser that asked
 * for the mail; someone signed in is asked first); here they choose a new password, then go to the
 * dashboard. Its words are the page's language's, the language of the mail that linked here.
 */
export default function ResetPasswordForm({ words, landing }: { words: AuthFormWords; landing: LinkWords }) {
  const messages = words.messages;
  const session = useStore($session);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const { report, fieldProps, alert } = useFormProblem();
  const link = useAuthLink('recovery', landing);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    if (report(form, newPasswordProblem(password, confirm, messages))) return;
    setBusy(true);
    try {
      const { updatePassword } = await import('~/lib/auth');
      await updatePassword(password);
      toast.success(messages.passwordUpdated);
      window.setTimeout(() => window.location.assign('/user-dashboard'), REDIRECT_DELAY_MS);
    } catch (err) {
      report(form, { message: shownMessage(err, messages.passwordUpdateFailed, messages), fields: [] });
      setBusy(false);
    }
  }

  if (session.status === 'loading' || link.step === 'checking') {
    return (
      <div className="h-64 animate-pulse rounded-lg bg-mist-100" aria-label={words.loading} role="status" />
    );
  }
  if (link.step === 'ask') return <LinkQuestion state={link} words={landing} />;
  if (link.step === 'done' && link.kept) {
    return (
      <a href="/user-dashboard" className="btn-dark">
        {words.goToDashboard}
      </a>
    );
  }

  if (session.status === 'signed-out' || link.step === 'problem') {
    return (
      <div role="alert" className="space-y-4">
        <p className="text-base text-ink-800">
          {link.step === 'problem'
            ? `${link.message}${link.reason === 'refused' ? ` ${words.askForNewOne}` : ''}`
            : words.resetLinkInvalid}
        </p>
        <a href={words.links.forgotPassword} className="btn-dark">
          {words.sendNewLink}
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
          words={words}
        />
        <button type="submit" className="btn-dark w-full" disabled={busy}>
          {busy ? words.saving : words.setNewPassword}
        </button>
      </form>
    </>
  );
}
