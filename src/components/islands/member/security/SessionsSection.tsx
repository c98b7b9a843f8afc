import { useState } from 'react';
import toast from '~/lib/toast';
import { signOutOtherSessions } from '~/lib/account-security';
import { SECURITY_MESSAGES, shownSecurityProblem } from '~/lib/security-rules';
import { Section } from './Section';

/** Ends every session of the member except this one. */
export default function SessionsSection() {
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
