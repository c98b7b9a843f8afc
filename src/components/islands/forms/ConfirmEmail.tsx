import { useEffect, useRef } from 'react';
import toast from '~/lib/toast';
import Toaster from '../shared/Toaster';
import Field from '../shared/Field';
import ResendConfirmation from './ResendConfirmation';
import { LinkQuestion, useAuthLink } from '../shared/useAuthLink';
import { AUTH_MESSAGES, REDIRECT_DELAY_MS } from '~/lib/auth-rules';

/** The waiting state, as the page's fallback draws it (auth/confirm.astro): nothing moves. */
const Loading = () => (
  <div className="space-y-4">
    <p className="text-muted">{AUTH_MESSAGES.confirmingSignIn}</p>
    <div className="h-40 animate-pulse rounded-lg bg-mist-100" aria-label="Loading" role="status" />
  </div>
);

/**
 * /auth/confirm: where the sign-up confirmation link lands with a PKCE code. In the browser that
 * registered, the code becomes a session and the member goes on to the dashboard; in another browser
 * the address is confirmed all the same and the page asks them to sign in. Someone already signed in
 * is asked first. A used or expired link gets a clear message and a way to ask for a new one.
 */
export default function ConfirmEmail() {
  const state = useAuthLink('signup');
  const formRef = useRef<HTMLFormElement>(null);
  const next = state.step === 'done' && state.link === 'code' ? '/user-dashboard' : null;

  useEffect(() => {
    if (!next || state.step !== 'done') return;
    if (state.exchanged) toast.success(AUTH_MESSAGES.emailConfirmed);
    const timer = window.setTimeout(
      () => window.location.replace(next),
      state.exchanged ? REDIRECT_DELAY_MS : 0,
    );
    return () => window.clearTimeout(timer);
  }, [next, state]);

  if (state.step === 'checking') return <Loading />;
  if (state.step === 'ask') return <LinkQuestion state={state} />;

  if (state.step === 'done' && state.exchanged) {
    return (
      <>
        <Toaster />
        <p role="status" className="text-base text-ink-800">
          {AUTH_MESSAGES.emailConfirmed} Taking you to your dashboard…
        </p>
      </>
    );
  }
  if (next) return <Loading />;

  if (state.step === 'problem' && state.reason !== 'refused') {
    return (
      <div className="space-y-4">
        <p role="alert" className="text-base text-ink-800">
          {state.message}
        </p>
        <a href="/login" className="btn-dark">
          Sign in
        </a>
      </div>
    );
  }

  return (
    <>
      <Toaster />
      <div className="space-y-4">
        <p role="alert" className="text-base text-ink-800">
          {AUTH_MESSAGES.confirmationLinkInvalid}
          {state.step === 'problem' ? ` ${state.message}` : ''}
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
