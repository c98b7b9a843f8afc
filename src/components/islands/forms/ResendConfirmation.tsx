import { useState } from 'react';
import toast from '~/lib/toast';
import { AUTH_MESSAGES, shownMessage, type AuthMessages } from '~/lib/auth-rules';
import type { Locale } from '~/i18n/locales';

/**
 * "Send the confirmation e-mail again" for `email`. The server limits how often (one mail per address
 * per interval, and an hourly budget); the limit is shown as a clear message.
 */
/** The button's words and the answers in the page's language; English by default. */
type ResendWords = { sending: string; resend: string; messages: AuthMessages };
const ENGLISH: ResendWords = {
  sending: 'Sending…',
  resend: 'Resend confirmation e-mail',
  messages: AUTH_MESSAGES,
};

export default function ResendConfirmation({
  email,
  label,
  words = ENGLISH,
  locale = 'en',
}: {
  email: () => string;
  label?: string;
  words?: ResendWords;
  /** The language of the page the new link leads to (the confirmation page in this language). */
  locale?: Locale;
}) {
  const [busy, setBusy] = useState(false);

  async function onResend() {
    if (busy) return;
    setBusy(true);
    try {
      // supabase-js loads on the first attempt, not with the page.
      const { resendConfirmation } = await import('~/lib/auth');
      await resendConfirmation(email(), locale);
      toast.success(words.messages.confirmationResent);
    } catch (error) {
      toast.error(shownMessage(error, words.messages.resendFailed, words.messages));
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className="btn-outline-dark" onClick={onResend} disabled={busy}>
      {busy ? words.sending : (label ?? words.resend)}
    </button>
  );
}
