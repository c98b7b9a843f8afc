import { AUTH_MESSAGES } from '~/lib/auth-rules';
import ResendConfirmation from './ResendConfirmation';

/**
 * After registering with confirmations on. The text is the same whether or not the address already
 * had an account (GoTrue answers both alike), so the page never reveals which addresses exist.
 */
export default function CheckInbox({ email }: { email: string }) {
  return (
    <div className="space-y-4">
      <h2 className="text-xl text-ink-950">Confirm your e-mail address</h2>
      <p role="status" className="text-base text-ink-800">
        {AUTH_MESSAGES.confirmEmailSent}
      </p>
      <p className="text-sm text-muted">
        Sent to <strong className="break-all text-ink-950">{email}</strong>. Nothing arrived after a few
        minutes? Check your spam folder, or send it again.
      </p>
      {import.meta.env.DEV && (
        <p className="text-sm text-muted">
          Running locally? No mail leaves this machine: the message is in the local outbox,{' '}
          <code>supabase/.local/outbox/</code>.
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <ResendConfirmation email={() => email} />
        <a href="/login" className="btn-dark">
          Go to sign in
        </a>
      </div>
    </div>
  );
}
