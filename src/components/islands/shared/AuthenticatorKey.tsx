import { useId } from 'react';
import { groupedSecret, type Enrolment } from '~/lib/mfa';

/** The key's words: a placeholder's name, the QR code's text, the key's label. */
export interface AuthenticatorKeyWords {
  preparing: string;
  qr: string;
  manual: string;
}

/** The admin area's (English): the member's Security page passes its language's. */
const ENGLISH: AuthenticatorKeyWords = {
  preparing: 'Preparing your key',
  qr: 'QR code for your authenticator app',
  manual: 'Key for manual entry',
};

/**
 * A new authenticator's key: the QR code for an app to scan and the same key in text for typing by
 * hand; while it is being made, a placeholder; if that failed, why. Shared by the admin's first
 * sign-in and the member's security page.
 */
export default function AuthenticatorKey({
  enrolment,
  error,
  words = ENGLISH,
}: {
  enrolment: Enrolment | null;
  error: string | null;
  words?: AuthenticatorKeyWords | undefined;
}) {
  const keyId = useId();
  if (error) {
    return (
      <p role="alert" className="form-error">
        {error}
      </p>
    );
  }
  if (!enrolment) {
    return (
      <div className="mx-auto h-48 w-48 animate-pulse rounded-lg bg-mist-100" aria-label={words.preparing} />
    );
  }
  return (
    <>
      <img
        src={enrolment.qrCode}
        alt={words.qr}
        width={192}
        height={192}
        className="mx-auto rounded-lg border border-mist-200 bg-white p-2"
      />
      <div>
        <p id={keyId} className="field-label">
          {words.manual}
        </p>
        <code
          aria-labelledby={keyId}
          data-testid="totp-secret"
          dir="ltr"
          className="block rounded-md bg-mist-100 px-3 py-2 text-center font-mono text-sm break-all text-ink-950 select-all"
        >
          {groupedSecret(enrolment.secret)}
        </code>
      </div>
    </>
  );
}
