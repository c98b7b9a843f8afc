import { useState } from 'react';
import toast from '~/lib/toast';
import { signOutOtherSessions } from '~/lib/account-security';
import { SECURITY_MESSAGES, securityMessageKey, shownSecurityProblem } from '~/lib/security-rules';
import type { SecurityPageWords } from '~/i18n/security-words';
import { Section } from './Section';

/** Ends every session of the member except this one. */
export default function SessionsSection({ words }: { words: SecurityPageWords }) {
  const own = words.sessions;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSignOutOthers() {
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      await signOutOtherSessions();
      toast.success(words.messages.otherSessionsSignedOut);
    } catch (err) {
      const shown = shownSecurityProblem(err, SECURITY_MESSAGES.otherSessionsFailed);
      const message = words.messages[securityMessageKey(shown.message)];
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section id="security-sessions-heading" title={own.heading}>
      <p className="text-sm text-muted">{own.text}</p>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <button type="button" className="btn-dark" onClick={onSignOutOthers} disabled={busy}>
        {busy ? own.signingOut : own.submit}
      </button>
    </Section>
  );
}
