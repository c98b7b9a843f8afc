import AuthenticatorKey from '../../shared/AuthenticatorKey';
import { useLoad } from '../../shared/useLoad';
import { MFA_MESSAGES, cancelEnrolment, startEnrolment, verifyCode } from '~/lib/mfa';
import CodeForm from './CodeForm';

export interface AddAuthenticatorProps {
  onAdded: () => void;
  onCancel: () => void;
}

/**
 * Setting up an authenticator app: the QR code and key of a new (unverified) factor, then its first
 * code, which verifies it and raises this session to aal2. Cancelling drops the unverified factor.
 */
export default function AddAuthenticator({ onAdded, onCancel }: AddAuthenticatorProps) {
  const { data: enrolment, error } = useLoad(startEnrolment, MFA_MESSAGES.enrolFailed, { toast: false });

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
      submitLabel="Confirm and turn on"
      busyLabel="Checking…"
      onCancel={() => void cancel()}
    >
      <h3 className="text-lg font-semibold text-ink-950">Add an authenticator app</h3>
      <ol className="list-decimal space-y-1 ps-5 text-sm text-muted">
        <li>Open an authenticator app (Google Authenticator, 1Password, Authy, …) on your phone.</li>
        <li>Scan the QR code, or type the key into the app.</li>
        <li>Enter the 6-digit code the app shows to confirm.</li>
      </ol>
      <AuthenticatorKey enrolment={enrolment} error={error} />
    </CodeForm>
  );
}
