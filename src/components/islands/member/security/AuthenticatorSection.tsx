import { Suspense, useState } from 'react';
import { lazyPart } from '../../shared/lazyPart';
import toast from '~/lib/toast';
import { useLoad } from '../../shared/useLoad';
import { MFA_MESSAGES, listAuthenticators, removeAuthenticator, type Authenticator } from '~/lib/mfa';
import { formatDate } from '~/lib/date-time';
import { formatDateIn } from '~/lib/date-time-in-language';
import { fill } from '~/i18n/fill';
import type { SecurityPageWords } from '~/i18n/security-words';
import { useMemberLanguage } from '../member-language';
import { Section } from './Section';
import CodeForm from './CodeForm';

const AddAuthenticator = lazyPart(() => import('./AddAuthenticator'));

/**
 * The member's authenticator apps (issue 23): the list, adding one (QR code, key, first code) and
 * removing one, which asks for a current code because GoTrue removes a verified factor only at aal2.
 */
export default function AuthenticatorSection({ words }: { words: SecurityPageWords }) {
  const { locale } = useMemberLanguage();
  const own = words.authenticators;
  const list = useLoad(listAuthenticators, MFA_MESSAGES.listFailed, { toast: false });
  const day = (at: string) => (locale === 'en' ? formatDate(at) : formatDateIn(locale, at));
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
    <Section id="security-mfa-heading" title={own.heading}>
      <p className="text-sm text-muted">{own.text}</p>
      {list.error && (
        <p role="alert" className="form-error">
          {locale === 'en' ? list.error : words.mfa.listFailed}
        </p>
      )}
      {factors.length > 0 ? (
        <ul className="divide-y divide-mist-200 rounded-lg border border-mist-200" aria-label={own.listLabel}>
          {factors.map((factor) => (
            <li key={factor.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="font-medium break-words text-ink-950">
                  <bdi>{factor.name}</bdi>
                </p>
                <p className="text-sm text-muted">{fill(own.added, { date: day(factor.addedAt) })}</p>
              </div>
              <button
                type="button"
                className="btn-outline-dark"
                onClick={() => setMode({ kind: 'remove', factor })}
                disabled={mode.kind !== 'idle'}
                aria-label={fill(own.removeLabel, { name: factor.name })}
              >
                {own.remove}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        !list.loading && (
          <p className="rounded-md bg-mist-100 p-3 text-sm text-ink-800" data-testid="no-authenticator">
            {own.none}
          </p>
        )
      )}
      {mode.kind === 'remove' && (
        <CodeForm
          onCode={async (code) => {
            await removeAuthenticator(mode.factor.id, code);
            done(own.removedToast);
          }}
          submitLabel={own.removeSubmit}
          busyLabel={own.removing}
          onCancel={() => setMode({ kind: 'idle' })}
          words={words}
        >
          <p className="text-sm text-ink-800">
            {own.removePrompt.split('{name}')[0]}
            <strong>
              <bdi>{mode.factor.name}</bdi>
            </strong>
            {own.removePrompt.split('{name}')[1]}
          </p>
        </CodeForm>
      )}
      {mode.kind === 'add' ? (
        <Suspense fallback={<div className="h-64 animate-pulse rounded-lg bg-mist-100" />}>
          <AddAuthenticator
            onAdded={() => done(own.addedToast)}
            onCancel={() => setMode({ kind: 'idle' })}
            words={words}
          />
        </Suspense>
      ) : (
        <button
          type="button"
          className="btn-dark"
          onClick={() => setMode({ kind: 'add' })}
          disabled={mode.kind !== 'idle' || list.loading}
        >
          {own.add}
        </button>
      )}
    </Section>
  );
}
