import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import toast from '~/lib/toast';
import Toaster from '../shared/Toaster';
import Field from '../shared/Field';
import ResendConfirmation from './ResendConfirmation';
import { AUTH_MESSAGES, REDIRECT_DELAY_MS } from '~/lib/auth-rules';
import { $session } from '~/stores/session';

/** The error GoTrue puts in the URL when a link is used twice or has expired. */
function linkError(): string | null {
  const params = new URLSearchParams(window.location.hash.slice(1) || window.location.search.slice(1));
  return params.get('error_description') ?? params.get('error');
}

/**
 * /auth/confirm: where the sign-up confirmation link lands. supabase-js takes the session from the
 * URL (detectSessionInUrl); the member is then signed in and goes on to the dashboard. A used or
 * expired link gets a clear message and a way to ask for a new one.
 */
export default function ConfirmEmail() {
  const session = useStore($session);
  // client:only, so the URL is there on first render (before supabase-js clears it).
  const [urlError] = useState(linkError);
  const formRef = useRef<HTMLFormElement>(null);
  const confirmed = session.status === 'signed-in' && !urlError;

  useEffect(() => {
    if (!confirmed) return;
    toast.success(AUTH_MESSAGES.emailConfirmed);
    const timer = window.setTimeout(() => window.location.replace('/user-dashboard'), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [confirmed]);

  if (session.status === 'loading') {
    return <div className="h-40 animate-pulse rounded-lg bg-mist-100" aria-label="Loading" role="status" />;
  }

  if (confirmed) {
    return (
      <>
        <Toaster />
        <p role="status" className="text-base text-ink-800">
          {AUTH_MESSAGES.emailConfirmed} Taking you to your dashboard…
        </p>
      </>
    );
  }

  return (
    <>
      <Toaster />
      <div className="space-y-4">
        <p role="alert" className="text-base text-ink-800">
          {AUTH_MESSAGES.confirmationLinkInvalid}
          {urlError ? ` (${urlError})` : ''}
        </p>
        <form ref={formRef} className="space-y-4" onSubmit={(event) => event.preventDefault()} noValidate>
          <Field id="confirm-email" label="Email" name="email" type="email" autoComplete="email" required />
          <ResendConfirmation
            email={() => String(new FormData(formRef.current ?? undefined).get('email') ?? '')}
          />
        </form>
      </div>
    </>
  );
}
