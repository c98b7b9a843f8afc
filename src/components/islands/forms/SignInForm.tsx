import { Suspense, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { lazyPart } from '../shared/lazyPart';
import toast from '~/lib/toast';
import Toaster from '../shared/Toaster';
import SubmitButton from '../shared/SubmitButton';
import Field from '../shared/Field';
import PasswordField from './PasswordField';
import ResendConfirmation from './ResendConfirmation';
import { useFormProblem } from '../shared/formProblem';
import {
  AUTH_MESSAGES,
  REDIRECT_DELAY_MS,
  safeNextPath,
  shownMessage,
  signInProblem,
} from '~/lib/auth-rules';
import type { AuthFormWords } from '~/i18n/auth-words';
import type { Locale } from '~/i18n/locales';

// The code prompt and supabase-js load only when someone signs in or already has a session.
const SecondFactorForm = lazyPart(() => import('../admin/SecondFactorForm'));

type CodeStep = { step: 'challenge'; factorId: string };

const hasStoredSession = (): boolean => {
  try {
    return Object.keys(window.localStorage).some((k) => k.startsWith('sb-') && k.endsWith('-auth-token'));
  } catch {
    return false;
  }
};

/** Where to go after signing in: the page asked for, else the dashboard in the page's language. */
const nextPath = (dashboard: string): string =>
  safeNextPath(new URLSearchParams(window.location.search).get('next'), dashboard);

/**
 * Signed in: the success toast, then the page asked for (spec: after 2 seconds). A member's language
 * becomes this page's (their mails and statements follow it); staff work in English.
 */
function enter(role: 'admin' | 'member', words: AuthFormWords, locale: Locale): void {
  const messages = words.messages;
  toast.success(role === 'admin' ? messages.adminLoginSuccess : messages.loginSuccess);
  if (role === 'member')
    void import('~/lib/language-choice').then(({ rememberLanguage }) => rememberLanguage(locale));
  window.setTimeout(
    () => window.location.assign(role === 'admin' ? '/admin/home' : nextPath(words.links.dashboard)),
    REDIRECT_DELAY_MS,
  );
}

/**
 * /login: the spec's sign-in (admin first, then member), then the remembered ?next= page after 2 s. A
 * member with an authenticator is asked for its code first (issue 23), as is one sent back here by a
 * member page because the session is still at aal1. Its words are the page's language's (`words`);
 * the authenticator step is English for now, as the portal is.
 */
export default function SignInForm({ words, locale }: { words: AuthFormWords; locale: Locale }) {
  const messages = words.messages;
  const [busy, setBusy] = useState(false);
  const [codeStep, setCodeStep] = useState<CodeStep | null>(null);
  // Set when the password was right but the address is not confirmed yet: offer the mail again.
  const [unconfirmed, setUnconfirmed] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { report, fieldProps, alert } = useFormProblem();

  useEffect(() => {
    if (!hasStoredSession()) return;
    let cancelled = false;
    import('~/lib/mfa')
      .then(({ pendingMemberSecondFactor }) => pendingMemberSecondFactor())
      .then(
        (pending) => {
          if (!cancelled && pending) setCodeStep(pending);
        },
        // No answer: the page stays the sign-in form it always was.
        () => undefined,
      );
    return () => {
      cancelled = true;
    };
  }, []);

  async function signOutAndRestart() {
    const { signOut } = await import('~/lib/auth-session');
    await signOut().catch(() => undefined);
    setCodeStep(null);
    setBusy(false);
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '');
    const password = String(data.get('password') ?? '');
    if (report(event.currentTarget, signInProblem(email, password, messages))) return;
    setBusy(true);
    setUnconfirmed(false);
    try {
      // supabase-js loads on the first attempt, not with the page.
      const [{ signIn }, { memberSecondFactorStep }] = await Promise.all([
        import('~/lib/auth'),
        import('~/lib/mfa-step'),
      ]);
      const role = await signIn(email, password);
      const step = role === 'member' ? await memberSecondFactorStep() : { step: 'done' as const };
      if (step.step === 'challenge') {
        setCodeStep(step);
        setBusy(false);
        return;
      }
      // Stay busy: the button remains disabled until the page changes.
      enter(role, words, locale);
    } catch (error) {
      setUnconfirmed(error instanceof Error && error.message === AUTH_MESSAGES.emailNotConfirmed);
      toast.error(shownMessage(error, messages.loginFailed, messages));
      setBusy(false);
    }
  }

  if (codeStep) {
    return (
      <>
        <Toaster />
        <Suspense fallback={<p className="text-sm text-muted">{words.loading}</p>}>
          <SecondFactorForm
            step={codeStep}
            audience="member"
            words={words.secondFactor}
            onVerified={() => enter('member', words, locale)}
            onCancel={() => void signOutAndRestart()}
          />
        </Suspense>
      </>
    );
  }

  return (
    <>
      <Toaster />
      <form ref={formRef} method="post" className="space-y-5" onSubmit={onSubmit} noValidate aria-busy={busy}>
        {alert}
        <Field
          id="signin-email"
          label={words.email}
          name="email"
          type="email"
          autoComplete="email"
          required
          {...fieldProps('email')}
        />
        <PasswordField
          id="signin-password"
          label={words.password}
          name="password"
          autoComplete="current-password"
          required
          problem={fieldProps('password')}
          words={words}
        />
        {unconfirmed && (
          <div className="space-y-3 rounded-md bg-mist-100 p-4">
            <p className="text-sm text-ink-800">{messages.emailNotConfirmed}</p>
            <ResendConfirmation
              email={() => String(new FormData(formRef.current ?? undefined).get('email') ?? '')}
              words={words}
              locale={locale}
            />
          </div>
        )}
        <div className="flex justify-end">
          <a
            href={words.links.forgotPassword}
            className="text-sm font-medium text-ink-700 underline decoration-accent-500 underline-offset-2 hover:text-ink-950"
          >
            {words.forgotPassword}
          </a>
        </div>
        <SubmitButton
          className="btn-dark w-full"
          busy={busy}
          label={words.signIn}
          busyLabel={words.signingIn}
          notReadyLabel={words.notReady}
        />
        <p className="text-center text-sm text-muted">
          {words.newHere}{' '}
          <a
            href={words.links.register}
            className="font-semibold text-ink-900 underline decoration-accent-500 underline-offset-2"
          >
            {words.createAccount}
          </a>
        </p>
      </form>
    </>
  );
}
