import { useState, type SubmitEvent } from 'react';
import type { Session } from '@supabase/supabase-js';
import toast from '~/lib/toast';
import Field from '../../shared/Field';
import { useLoad } from '../../shared/useLoad';
import { changeEmail, currentUser } from '~/lib/account-security';
import { SECURITY_MESSAGES, validateEmailChange, type EmailChangeLanding } from '~/lib/security-rules';
import type { SecurityPageWords } from '~/i18n/security-words';
import { ltrIn } from '~/lib/bidi';
import { useMemberLanguage } from '../member-language';
import { Section, useSecurityProblem } from './Section';

/** The e-mail address, changed by confirming links sent to both addresses. */
export default function EmailSection({
  session,
  landing,
  words,
}: {
  session: Session;
  landing: EmailChangeLanding;
  words: SecurityPageWords;
}) {
  const { locale, prefix } = useMemberLanguage();
  const own = words.email;
  const [pendingBefore = '', pendingAfter = ''] = own.pending.split('{email}');
  const email = session.user.email ?? '';
  // The stored session may predate a change asked for elsewhere: ask the server (again whenever the
  // address or the landing changes). A failed check keeps the session's answer.
  const asked = `${email}|${landing ?? ''}`;
  const server = useLoad(currentUser, SECURITY_MESSAGES.emailChangeFailed, { toast: false, key: asked });
  /** This form's own request wins over the answers for the same address and landing. */
  const [requested, setRequested] = useState<{ asked: string; address: string | null } | null>(null);
  const setPending = (address: string | null) => setRequested({ asked, address });
  const pending =
    requested?.asked === asked
      ? requested.address
      : server.data && !server.loading
        ? (server.data.new_email ?? null)
        : (session.user.new_email ?? null);
  const [newEmail, setNewEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const { report, fieldProps, alert, fail } = useSecurityProblem(words.messages);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    if (report(form, validateEmailChange(newEmail, email))) return;
    setBusy(true);
    try {
      const user = await changeEmail(newEmail, email, prefix);
      setPending(user.new_email ?? newEmail.trim().toLowerCase());
      setNewEmail('');
      toast.success(words.messages.emailChangeSent);
    } catch (err) {
      fail(form, err, SECURITY_MESSAGES.emailChangeFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section id="security-email-heading" title={own.heading}>
      <p className="text-sm text-muted">
        {own.current}{' '}
        <strong className="break-all text-ink-950" data-testid="current-email">
          {ltrIn(locale, email)}
        </strong>
      </p>
      {pending && (
        <p
          role="status"
          className="rounded-md bg-mist-100 p-3 text-sm text-ink-800"
          data-testid="pending-email"
        >
          {pendingBefore}
          <strong className="break-all text-ink-950">{ltrIn(locale, pending)}</strong>
          {pendingAfter}
        </p>
      )}
      <form className="space-y-4" onSubmit={onSubmit} noValidate aria-busy={busy}>
        {alert}
        <Field
          id="security-new-email"
          label={own.newLabel}
          name="email"
          dir="ltr"
          type="email"
          autoComplete="email"
          value={newEmail}
          onChange={(event) => setNewEmail(event.target.value)}
          {...fieldProps('email')}
        />
        <button type="submit" className="btn-dark" disabled={busy}>
          {busy ? own.sending : own.submit}
        </button>
      </form>
    </Section>
  );
}
