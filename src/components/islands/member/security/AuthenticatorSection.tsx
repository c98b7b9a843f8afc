import { Suspense, useState } from 'react';
import { lazyPart } from '../../shared/lazyPart';
import toast from '~/lib/toast';
import { useLoad } from '../../shared/useLoad';
import { MFA_MESSAGES, listAuthenticators, removeAuthenticator, type Authenticator } from '~/lib/mfa';
import { formatDate } from '~/lib/date-time';
import { Section } from './Section';
import CodeForm from './CodeForm';

const AddAuthenticator = lazyPart(() => import('./AddAuthenticator'));

export const AUTHENTICATOR_MESSAGES = {
  added: 'Authenticator added. Signing in now asks for its code.',
  removed: 'Authenticator removed.',
} as const;

/**
 * The member's authenticator apps (issue 23): the list, adding one (QR code, key, first code) and
 * removing one, which asks for a current code because GoTrue removes a verified factor only at aal2.
 */
export default function AuthenticatorSection() {
  const list = useLoad(listAuthenticators, MFA_MESSAGES.listFailed, { toast: false });
  const [mode, setMode] = useState<
    { kind: 'idle' } | { kind: 'add' } | { kind: 'remove'; factor: Authenticator }
  >({ kind: 'idle' });
  const factors = list.data ?? [];

  function done(message: string) {
    toast.success(message);
    setMode({ kind: 'idle' });
    list.reload();
  }

  return (
    <Section id="security-mfa-heading" title="Authenticator app">
      <p className="text-sm text-muted">
        A code from an app on your phone, asked for at every sign-in, keeps your account safe even if someone
        learns your password.
      </p>
      {list.error && (
        <p role="alert" className="form-error">
          {list.error}
        </p>
      )}
      {factors.length > 0 ? (
        <ul
          className="divide-y divide-mist-200 rounded-lg border border-mist-200"
          aria-label="Your authenticators"
        >
          {factors.map((factor) => (
            <li key={factor.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="font-medium break-words text-ink-950">{factor.name}</p>
                <p className="text-sm text-muted">Added {formatDate(factor.addedAt)}</p>
              </div>
              <button
                type="button"
                className="btn-outline-dark"
                onClick={() => setMode({ kind: 'remove', factor })}
                disabled={mode.kind !== 'idle'}
                aria-label={`Remove ${factor.name}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        !list.loading && (
          <p className="rounded-md bg-mist-100 p-3 text-sm text-ink-800" data-testid="no-authenticator">
            No authenticator yet: signing in needs only your password.
          </p>
        )
      )}
      {mode.kind === 'remove' && (
        <CodeForm
          onCode={async (code) => {
            await removeAuthenticator(mode.factor.id, code);
            done(AUTHENTICATOR_MESSAGES.removed);
          }}
          submitLabel="Remove authenticator"
          busyLabel="Removing…"
          onCancel={() => setMode({ kind: 'idle' })}
        >
          <p className="text-sm text-ink-800">
            To remove <strong>{mode.factor.name}</strong>, enter the code it shows now.
          </p>
        </CodeForm>
      )}
      {mode.kind === 'add' ? (
        <Suspense fallback={<div className="h-64 animate-pulse rounded-lg bg-mist-100" />}>
          <AddAuthenticator
            onAdded={() => done(AUTHENTICATOR_MESSAGES.added)}
            onCancel={() => setMode({ kind: 'idle' })}
          />
        </Suspense>
      ) : (
        <button
          type="button"
          className="btn-dark"
          onClick={() => setMode({ kind: 'add' })}
          disabled={mode.kind !== 'idle' || list.loading}
        >
          Add an authenticator app
        </button>
      )}
    </Section>
  );
}
