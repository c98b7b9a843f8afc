import { useRef, useState, type SubmitEvent } from 'react';
import toast from '~/lib/toast';
import Field from '../../shared/Field';
import NewPasswordFields from '../../forms/NewPasswordFields';
import { changePassword, sendReauthenticationCode } from '~/lib/account-security';
import { SECURITY_MESSAGES, validatePasswordChange } from '~/lib/security-rules';
import { Section, useSecurityProblem } from './Section';

/** The password, changed with the code GoTrue mails (secure_password_change). */
export default function PasswordSection({ email }: { email: string }) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState<'code' | 'save' | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { report, fieldProps, alert, fail, clear } = useSecurityProblem();

  async function onSendCode() {
    if (busy) return;
    clear(formRef.current);
    setBusy('code');
    try {
      await sendReauthenticationCode();
      toast.success(SECURITY_MESSAGES.codeSent);
    } catch (err) {
      fail(formRef.current, err, SECURITY_MESSAGES.mailFailed);
    } finally {
      setBusy(null);
    }
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const input = { code, password, confirm };
    if (report(form, validatePasswordChange(input))) return;
    setBusy('save');
    try {
      await changePassword(input);
      toast.success(SECURITY_MESSAGES.passwordChanged);
      setCode('');
      setPassword('');
      setConfirm('');
    } catch (err) {
      fail(form, err, SECURITY_MESSAGES.passwordChangeFailed);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Section id="security-password-heading" title="Change password">
      <p className="text-sm text-muted">
        To confirm it is you, we send a 6-digit code to{' '}
        <strong className="break-all text-ink-950">{email}</strong>.
      </p>
      <button type="button" className="btn-outline-dark" onClick={onSendCode} disabled={busy !== null}>
        {busy === 'code' ? 'Sending…' : 'Send me a code'}
      </button>
      <form ref={formRef} className="space-y-4" onSubmit={onSubmit} noValidate aria-busy={busy === 'save'}>
        {alert}
        <Field
          id="security-code"
          label="Code from the e-mail"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          {...fieldProps('code')}
        />
        <NewPasswordFields
          idPrefix="security"
          password={password}
          onPasswordChange={setPassword}
          confirm={confirm}
          onConfirmChange={setConfirm}
          problemFor={fieldProps}
        />
        <button type="submit" className="btn-dark" disabled={busy !== null}>
          {busy === 'save' ? 'Saving…' : 'Change password'}
        </button>
      </form>
    </Section>
  );
}
