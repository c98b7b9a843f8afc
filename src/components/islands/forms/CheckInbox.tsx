import type { AuthFormWords } from '~/i18n/auth-words';
import type { Locale } from '~/i18n/locales';
import ResendConfirmation from './ResendConfirmation';

/**
 * After registering with confirmations on. The text is the same whether or not the address already
 * had an account (GoTrue answers both alike), so the page never reveals which addresses exist.
 */
// A developer's hint, in development builds only: never shown to a visitor, so not translated.
const DEV_OUTBOX_HINT = 'Running locally? No mail leaves this machine: the message is in the local outbox,';
const DEV_OUTBOX = 'supabase/.local/outbox/';

export default function CheckInbox({
  email,
  words,
  locale,
}: {
  email: string;
  words: AuthFormWords;
  locale: Locale;
}) {
  const [beforeEmail = '', afterEmail = ''] = words.sentTo.split('{email}');
  return (
    <div className="space-y-4">
      <h2 className="text-xl text-ink-950">{words.confirmTitle}</h2>
      <p role="status" className="text-base text-ink-800">
        {words.messages.confirmEmailSent}
      </p>
      <p className="text-sm text-muted">
        {beforeEmail}
        <strong className="break-all text-ink-950">
          <bdi>{email}</bdi>
        </strong>
        {afterEmail}
      </p>
      {import.meta.env.DEV && (
        <p className="text-sm text-muted">
          {DEV_OUTBOX_HINT} <code>{DEV_OUTBOX}</code>.
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <ResendConfirmation email={() => email} words={words} locale={locale} />
        <a href={words.links.signIn} className="btn-dark">
          {words.goToSignIn}
        </a>
      </div>
    </div>
  );
}
