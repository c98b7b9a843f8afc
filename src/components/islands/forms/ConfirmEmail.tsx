import { useEffect, useRef } from 'react';
import toast from '~/lib/toast';
import Toaster from '../shared/Toaster';
import Field from '../shared/Field';
import ResendConfirmation from './ResendConfirmation';
import { useAuthLink } from '../shared/useAuthLink';
import LinkQuestion from '../shared/LinkQuestion';
import { REDIRECT_DELAY_MS } from '~/lib/auth-rules';
import type { LinkWords } from '~/lib/auth-link';
import type { AuthFormWords } from '~/i18n/auth-words';
import type { Locale } from '~/i18n/locales';

/** The waiting state, as the page's fallback draws it (auth/confirm.astro): nothing moves. */
const Loading = ({ words }: { words: AuthFormWords }) => (
  <div className="space-y-4">
    <p className="text-muted">{words.messages.confirmingSignIn}</p>
    <div className="h-40 animate-pulse rounded-lg bg-mist-100" aria-label={words.loading} role="status" />
  </div>
);

/**
 * /auth/confirm: where the sign-up confirmation link lands with a PKCE code. In the browser that
 * registered, the code becomes a session and the member goes on to the dashboard; in another browser
 * the address is confirmed all the same and the page asks them to sign in. Someone already signed in
 * is asked first. A used or expired link gets a clear message and a way to ask for a new one. Its
 * words are the page's language's: the link in a member's mail leads to the page in their language.
 */
export default function ConfirmEmail({
  words,
  landing,
  locale,
}: {
  words: AuthFormWords;
  landing: LinkWords;
  locale: Locale;
}) {
  const state = useAuthLink('signup', landing);
  const formRef = useRef<HTMLFormElement>(null);
  const next = state.step === 'done' && state.link === 'code' ? '/user-dashboard' : null;

  useEffect(() => {
    if (!next || state.step !== 'done') return;
    if (state.exchanged) toast.success(words.messages.emailConfirmed);
    const timer = window.setTimeout(
      () => window.location.replace(next),
      state.exchanged ? REDIRECT_DELAY_MS : 0,
    );
    return () => window.clearTimeout(timer);
  }, [next, state, words]);

  if (state.step === 'checking') return <Loading words={words} />;
  if (state.step === 'ask') return <LinkQuestion state={state} words={landing} />;

  if (state.step === 'done' && state.exchanged) {
    return (
      <>
        <Toaster />
        <p role="status" className="text-base text-ink-800">
          {words.messages.emailConfirmed} {words.takingYouToDashboard}
        </p>
      </>
    );
  }
  if (next) return <Loading words={words} />;

  if (state.step === 'problem' && state.reason !== 'refused') {
    return (
      <div className="space-y-4">
        <p role="alert" className="text-base text-ink-800">
          {state.message}
        </p>
        <a href={words.links.signIn} className="btn-dark">
          {words.signIn}
        </a>
      </div>
    );
  }

  return (
    <>
      <Toaster />
      <div className="space-y-4">
        <p role="alert" className="text-base text-ink-800">
          {words.messages.confirmationLinkInvalid}
          {state.step === 'problem' ? ` ${state.message}` : ''}
        </p>
        <form ref={formRef} className="space-y-4" onSubmit={(event) => event.preventDefault()} noValidate>
          <Field
            id="confirm-email"
            label={words.email}
            name="email"
            type="email"
            autoComplete="email"
            required
          />
          <ResendConfirmation
            email={() => String(new FormData(formRef.current ?? undefined).get('email') ?? '')}
            words={words}
            locale={locale}
          />
        </form>
      </div>
    </>
  );
}
