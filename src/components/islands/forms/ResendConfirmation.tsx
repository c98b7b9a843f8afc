import { useState } from 'react';
import toast from '~/lib/toast';
import { AUTH_MESSAGES, shownMessage } from '~/lib/auth-rules';

/**
 * "Send the confirmation e-mail again" for `email`. The server limits how often (one mail per address
 * per interval, and an hourly budget); the limit is shown as a clear message.
 */
export default function ResendConfirmation({ email, label }: { email: () => string; label?: string }) {
  const [busy, setBusy] = useState(false);

  async function onResend() {
    if (busy) return;
    setBusy(true);
    try {
      // supabase-js loads on the first attempt, not with the page.
      const { resendConfirmation } = await import('~/lib/auth');
      await resendConfirmation(email());
      toast.success(AUTH_MESSAGES.confirmationResent);
    } catch (error) {
      toast.error(shownMessage(error, AUTH_MESSAGES.resendFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className="btn-outline-dark" onClick={onResend} disabled={busy}>
      {busy ? 'Sending…' : (label ?? 'Resend confirmation e-mail')}
    </button>
  );
}
