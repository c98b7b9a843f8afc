import { useState, type SubmitEvent } from 'react';
import toast from '~/lib/toast';
import Toaster from '../shared/Toaster';
import SubmitButton from '../shared/SubmitButton';
import Field from '../shared/Field';
import PasswordField from './PasswordField';
import CheckInbox from './CheckInbox';
import { useReferral } from './ReferralNotice';
import { useFormProblem } from '../shared/formProblem';
import { PASSWORD_MIN_LENGTH, REDIRECT_DELAY_MS, shownMessage, signUpProblem } from '~/lib/auth-rules';
import type { AuthFormWords } from '~/i18n/auth-words';
import type { Locale } from '~/i18n/locales';

/**
 * /register: creates the account. With e-mail confirmations on (the default) it then asks the member
 * to open the link from their inbox and offers to send it again; with them off the member is signed
 * in and goes to the dashboard after 2 s. Its words are the page's language's (`words`).
 */
export default function SignUpForm({ words, locale }: { words: AuthFormWords; locale: Locale }) {
  const messages = words.messages;
  const [beforePrivacy = '', afterPrivacy = ''] = words.consent.split('{privacy}');
  const [betweenLinks = '', afterTerms = ''] = afterPrivacy.split('{terms}');
  const [busy, setBusy] = useState(false);
  const [awaitingConfirmation, setAwaitingConfirmation] = useState<string | null>(null);
  const { report, fieldProps, alert } = useFormProblem();
  // `?ref=CODE`: a member's referral link (issue 33); its code goes with the sign-up unless invalid.
  const referral = useReferral(words);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // Read from the form itself: inputs are uncontrolled so text typed before hydration survives.
    const data = new FormData(event.currentTarget);
    const input = {
      username: String(data.get('username') ?? ''),
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
      consent: data.get('consent') !== null,
    };
    // Our own check first (the form is noValidate): the spec's message in the page, no request sent.
    if (report(event.currentTarget, signUpProblem(input, messages))) return;
    setBusy(true);
    try {
      // supabase-js loads on the first attempt, not with the page.
      const { signUp } = await import('~/lib/auth');
      const outcome = await signUp({ ...input, referralCode: referral.code ?? undefined, locale });
      toast.success(messages.registrationSuccess);
      if (outcome.status === 'confirmation-sent') {
        setAwaitingConfirmation(outcome.email);
        setBusy(false);
        return;
      }
      window.setTimeout(() => window.location.assign('/user-dashboard'), REDIRECT_DELAY_MS);
    } catch (error) {
      toast.error(shownMessage(error, messages.registrationFailed, messages));
      setBusy(false);
    }
  }

  if (awaitingConfirmation !== null) {
    return (
      <>
        <Toaster />
        <CheckInbox email={awaitingConfirmation} words={words} locale={locale} />
      </>
    );
  }

  return (
    <>
      <Toaster />
      <form method="post" className="space-y-5" onSubmit={onSubmit} noValidate aria-busy={busy}>
        {referral.notice}
        {alert}
        <Field
          id="signup-username"
          label={words.username}
          name="username"
          type="text"
          autoComplete="username"
          required
          maxLength={50}
          {...fieldProps('username')}
        />
        <Field
          id="signup-email"
          label={words.emailAddress}
          name="email"
          type="email"
          autoComplete="email"
          required
          {...fieldProps('email')}
        />
        <PasswordField
          id="signup-password"
          label={words.password}
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={words.passwordHint}
          problem={fieldProps('password')}
          words={words}
        />
        <div className="flex items-start gap-3">
          <input
            id="signup-consent"
            name="consent"
            type="checkbox"
            className="mt-1 size-4 shrink-0 accent-ink-900"
            required
            {...fieldProps('consent')}
          />
          <label htmlFor="signup-consent" className="text-sm leading-6 text-ink-800">
            {beforePrivacy}
            <a
              href={words.links.privacy}
              className="font-semibold underline decoration-accent-500 underline-offset-2"
            >
              {words.privacyPolicy}
            </a>
            {betweenLinks}
            <a
              href={words.links.terms}
              className="font-semibold underline decoration-accent-500 underline-offset-2"
            >
              {words.termsOfService}
            </a>
            {afterTerms}
          </label>
        </div>
        <SubmitButton
          className="btn-dark w-full"
          busy={busy}
          label={words.signUp}
          busyLabel={words.signingUp}
          notReadyLabel={words.notReady}
        />
        <p className="text-center text-sm text-muted">
          <a
            href={words.links.signIn}
            className="font-semibold text-ink-900 underline decoration-accent-500 underline-offset-2"
          >
            {words.haveAccount}
          </a>
        </p>
      </form>
    </>
  );
}
