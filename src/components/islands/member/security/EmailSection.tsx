import { useState, type SubmitEvent } from 'react';
import type { Session } from '@supabase/supabase-js';
import toast from '~/lib/toast';
import Field from '../../shared/Field';
import { useLoad } from '../../shared/useLoad';
import { changeEmail, currentUser } from '~/lib/account-security';
import { SECURITY_MESSAGES, validateEmailChange, type EmailChangeLanding } from '~/lib/security-rules';
import { Section, useSecurityProblem } from './Section';

/** The e-mail address, changed by confirming links sent to both addresses. */
export default function EmailSection({
  session,
  landing,
}: {
  session: Session;
  landing: EmailChangeLanding;
}) {
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
  const { report, fieldProps, alert, fail } = useSecurityProblem();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    if (report(form, validateEmailChange(newEmail, email))) return;
    setBusy(true);
    try {
      const user = await changeEmail(newEmail, email);
      setPending(user.new_email ?? newEmail.trim().toLowerCase());
      setNewEmail('');
      toast.success(SECURITY_MESSAGES.emailChangeSent);
    } catch (err) {
      fail(form, err, SECURITY_MESSAGES.emailChangeFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section id="security-email-heading" title="Change e-mail address">
      <p className="text-sm text-muted">
        Current address:{' '}
        <strong className="break-all text-ink-950" data-testid="current-email">
          {email}
        </strong>
      </p>
      {pending && (
        <p
          role="status"
          className="rounded-md bg-mist-100 p-3 text-sm text-ink-800"
          data-testid="pending-email"
        >
          Change to <strong className="break-all text-ink-950">{pending}</strong> waiting for confirmation:
          open the links we sent to both addresses.
        </p>
      )}
      <form className="space-y-4" onSubmit={onSubmit} noValidate aria-busy={busy}>
        {alert}
        <Field
          id="security-new-email"
          label="New e-mail address"
          name="email"
          type="email"
          autoComplete="email"
          value={newEmail}
          onChange={(event) => setNewEmail(event.target.value)}
          {...fieldProps('email')}
        />
        <button type="submit" className="btn-dark" disabled={busy}>
          {busy ? 'Sending…' : 'Change e-mail address'}
        </button>
      </form>
    </Section>
  );
}
