import { useEffect, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import type { Session } from '@supabase/supabase-js';
import toast from '~/lib/toast';
import MemberShell from './MemberShell';
import Field from '../shared/Field';
import NewPasswordFields from '../forms/NewPasswordFields';
import { useFormProblem } from '../shared/formProblem';
import { LinkQuestion, useAuthLink, type LinkState } from '../shared/useAuthLink';
import MemberSkeleton from './MemberSkeleton';
import { useLoad } from '../shared/useLoad';
import {
  changeEmail,
  changePassword,
  currentUser,
  sendReauthenticationCode,
  signOutOtherSessions,
} from '~/lib/account-security';
import {
  SECURITY_MESSAGES,
  shownSecurityProblem,
  validateEmailChange,
  validatePasswordChange,
  type EmailChangeLanding,
  type SecurityMessage,
} from '~/lib/security-rules';

/** One titled card of the page. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card min-w-0 space-y-4 p-5 sm:p-6" aria-labelledby={id}>
      <h2 id={id} className="text-xl text-ink-950">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A failure of one form: written at the top of the form (fields concerned marked and described by it,
 * the first one focused) and, when it comes back from the server, also as a toast.
 */
function useSecurityProblem() {
  const { report, fieldProps, alert } = useFormProblem();
  const fail = (form: HTMLFormElement | null, error: unknown, fallback: SecurityMessage) => {
    const problem = shownSecurityProblem(error, fallback);
    if (form) report(form, problem);
    toast.error(problem.message);
  };
  const clear = (form: HTMLFormElement | null) => {
    if (form) report(form, null);
  };
  return { report, fieldProps, alert, fail, clear };
}

function PasswordSection({ email }: { email: string }) {
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

function EmailSection({ session, landing }: { session: Session; landing: EmailChangeLanding }) {
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

function SessionsSection() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSignOutOthers() {
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      await signOutOtherSessions();
      toast.success(SECURITY_MESSAGES.otherSessionsSignedOut);
    } catch (err) {
      const { message } = shownSecurityProblem(err, SECURITY_MESSAGES.otherSessionsFailed);
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section id="security-sessions-heading" title="Other sessions">
      <p className="text-sm text-muted">
        Signed in on a device you no longer use, or one you do not recognise? End every session except this
        one.
      </p>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <button type="button" className="btn-dark" onClick={onSignOutOthers} disabled={busy}>
        {busy ? 'Signing out…' : 'Sign out of all other sessions'}
      </button>
    </Section>
  );
}

/** How far an e-mail change got when the page was opened from one of its links. */
function landingOf(link: LinkState): EmailChangeLanding {
  if (link.step === 'problem') return 'invalid';
  if (link.step !== 'done') return null;
  if (link.link === 'halfway') return 'halfway';
  return link.exchanged ? 'completed' : null;
}

/** Reports, once, how far an e-mail change got when the page is opened from one of its links. */
function useEmailChangeReport(link: LinkState, session: Session) {
  const landing = landingOf(link);
  useEffect(() => {
    if (!landing) return;
    if (landing === 'halfway') toast.success(SECURITY_MESSAGES.emailChangeHalfway);
    else if (link.step === 'problem' && link.reason !== 'refused') toast.error(link.message);
    else if (landing === 'invalid') toast.error(SECURITY_MESSAGES.emailChangeLinkInvalid);
    else toast.success(`${SECURITY_MESSAGES.emailChanged} It is now ${session.user.email ?? ''}.`);
    // Only on arrival: a later session refresh must not repeat the toast.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [landing]);
}

function SecurityContent({ session, link }: { session: Session; link: LinkState }) {
  useEmailChangeReport(link, session);
  return (
    <div className="grid max-w-3xl gap-6">
      <PasswordSection email={session.user.email ?? ''} />
      <EmailSection session={session} landing={landingOf(link)} />
      <SessionsSection />
    </div>
  );
}

/** /user/security: the member's own password, e-mail address and sessions. */
export default function SecurityPage() {
  // The second e-mail change link lands here with a code; the member is asked before it is used.
  const link = useAuthLink('email-change');
  return (
    <MemberShell current="/user/security" heading="Security">
      {({ session }) =>
        link.step === 'ask' ? (
          <LinkQuestion state={link} />
        ) : link.step === 'checking' ? (
          <MemberSkeleton />
        ) : (
          <SecurityContent session={session} link={link} />
        )
      }
    </MemberShell>
  );
}
