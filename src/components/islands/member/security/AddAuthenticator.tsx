import AuthenticatorKey from '../../shared/AuthenticatorKey';
import { useLoad } from '../../shared/useLoad';
import { MFA_MESSAGES, cancelEnrolment, startEnrolment, verifyCode } from '~/lib/mfa';
import type { SecurityPageWords } from '~/i18n/security-words';
import CodeForm from './CodeForm';

export interface AddAuthenticatorProps {
  onAdded: () => void;
  onCancel: () => void;
  words: SecurityPageWords;
}

/**
 * Setting up an authenticator app: the QR code and key of a new (unverified) factor, then its first
 * code, which verifies it and raises this session to aal2. Cancelling drops the unverified factor.
 */
export default function AddAuthenticator({ onAdded, onCancel, words }: AddAuthenticatorProps) {
  const own = words.authenticators;
  const { data: enrolment, error } = useLoad(startEnrolment, MFA_MESSAGES.enrolFailed, { toast: false });
  // The set-up's failure in the page's words (the lib's answer is English).
  const shownError = error === null ? null : words.mfa.enrolFailed;

  async function cancel() {
    // A factor left unverified expires on its own; dropping it now just keeps the list tidy.
    if (enrolment) await cancelEnrolment(enrolment.factorId).catch(() => undefined);
    onCancel();
  }

  return (
    <CodeForm
      onCode={async (code) => {
        if (!enrolment) throw new Error(MFA_MESSAGES.enrolFailed);
        await verifyCode(enrolment.factorId, code);
        onAdded();
      }}
      submitLabel={own.confirm}
      busyLabel={own.checking}
      onCancel={() => void cancel()}
      words={words}
    >
      <h3 className="text-lg font-semibold text-ink-950">{own.add}</h3>
      <ol className="list-decimal space-y-1 ps-5 text-sm text-muted">
        {own.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <AuthenticatorKey enrolment={enrolment} error={shownError} words={own.key} />
    </CodeForm>
  );
}
