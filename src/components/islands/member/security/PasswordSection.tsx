import { useRef, useState, type SubmitEvent } from 'react';
import toast from '~/lib/toast';
import Field from '../../shared/Field';
import NewPasswordFields from '../../forms/NewPasswordFields';
import { changePassword, sendReauthenticationCode } from '~/lib/account-security';
import { SECURITY_MESSAGES, validatePasswordChange } from '~/lib/security-rules';
import type { SecurityPageWords } from '~/i18n/security-words';
import { ltrIn } from '~/lib/bidi';
import { useMemberLanguage } from '../member-language';
import { Section, useSecurityProblem } from './Section';

/** The password, changed with the code GoTrue mails (secure_password_change). */
export default function PasswordSection({ email, words }: { email: string; words: SecurityPageWords }) {
  const { locale } = useMemberLanguage();
  const own = words.password;
  const [before = '', after = ''] = own.codeTo.split('{email}');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState<'code' | 'save' | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { report, fieldProps, alert, fail, clear } = useSecurityProblem(words.messages);

  async function onSendCode() {
    if (busy) return;
    clear(formRef.current);
    setBusy('code');
    try {
      await sendReauthenticationCode();
      toast.success(words.messages.codeSent);
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
      toast.success(words.messages.passwordChanged);
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
    <Section id="security-password-heading" title={own.heading}>
      <p className="text-sm text-muted">
        {before}
        <strong className="break-all text-ink-950">{ltrIn(locale, email)}</strong>
        {after}
      </p>
      <button type="button" className="btn-outline-dark" onClick={onSendCode} disabled={busy !== null}>
        {busy === 'code' ? own.sending : own.sendCode}
      </button>
      <form ref={formRef} className="space-y-4" onSubmit={onSubmit} noValidate aria-busy={busy === 'save'}>
        {alert}
        <Field
          id="security-code"
          label={own.codeLabel}
          name="code"
          dir="ltr"
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
          words={words.newPassword}
        />
        <button type="submit" className="btn-dark" disabled={busy !== null}>
          {busy === 'save' ? own.saving : own.submit}
        </button>
      </form>
    </Section>
  );
}
