import { useId } from 'react';
import { groupedSecret, type Enrolment } from '~/lib/mfa';

/**
 * A new authenticator's key: the QR code for an app to scan and the same key in text for typing by
 * hand. Shared by the admin's first sign-in and the member's security page.
 */
export default function AuthenticatorKey({ enrolment }: { enrolment: Enrolment }) {
  const keyId = useId();
  return (
    <>
      <img
        src={enrolment.qrCode}
        alt="QR code for your authenticator app"
        width={192}
        height={192}
        className="mx-auto rounded-lg border border-mist-200 bg-white p-2"
      />
      <div>
        <p id={keyId} className="field-label">
          Key for manual entry
        </p>
        <code
          aria-labelledby={keyId}
          data-testid="totp-secret"
          className="block rounded-md bg-mist-100 px-3 py-2 text-center font-mono text-sm break-all text-ink-950 select-all"
        >
          {groupedSecret(enrolment.secret)}
        </code>
      </div>
    </>
  );
}
