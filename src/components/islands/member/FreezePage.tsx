import { useCallback, useState } from 'react';
import MemberShell from './MemberShell';
import LoadingCards from '../shared/LoadingCards';
import { useLoad } from '../shared/useLoad';
import { FreezeDialog } from './FreezeWithdrawals';
import { holdSentence } from './SecurityHoldNotice';
import { mySecurityStatus } from '~/lib/security-status';
import { formatDateTimeIn } from '~/lib/date-time-in-language';
import { fill } from '~/i18n/fill';
import type { FreezeWords } from '~/i18n/member/pages/freeze';
import { useMemberLanguage, type MemberLanguage } from './member-language';

/**
 * /user/freeze (issue 30): open from any signed-in session, including one still owing its
 * authenticator code or the password-recovery session, so an owner whose account someone else is
 * using can see what changed and stop money leaving. It calls only my_security_status and
 * freeze_withdrawals, both allowed at aal1.
 */
function FreezeContent({ words }: { words: FreezeWords }) {
  const language = useMemberLanguage();
  const { locale, words: shell } = language;
  const when = (at: string) => formatDateTimeIn(locale, at);
  const load = useCallback(() => mySecurityStatus(locale), [locale]);
  const { data: status, error, reload } = useLoad(load, words.failed, { toast: false });
  const [confirming, setConfirming] = useState(false);

  if (!status) {
    return error ? (
      <p role="alert" className="text-danger-600">
        {locale === 'en' ? error : words.failed}
      </p>
    ) : (
      <LoadingCards label={words.loading} />
    );
  }

  return (
    <div className="grid max-w-3xl grid-cols-1 gap-6">
      {status.frozen_at ? (
        <div
          role="status"
          className="card border-s-4 border-danger-600 p-5 sm:p-6"
          data-testid="withdrawals-frozen"
        >
          <h2 className="text-xl text-ink-950">{shell.frozenNotice.heading}</h2>
          <p className="mt-2 text-sm text-ink-800">
            <time dateTime={status.frozen_at}>
              {fill(words.frozenSince, { since: when(status.frozen_at) })}
            </time>{' '}
            {shell.frozenNotice.text}
          </p>
        </div>
      ) : (
        <section aria-labelledby="freeze-now-heading" className="card p-5 sm:p-6">
          <h2 id="freeze-now-heading" className="text-xl text-ink-950">
            {words.notFrozen}
          </h2>
          <p className="mt-2 text-sm text-ink-800">{words.notFrozenText}</p>
          <button type="button" className="btn-dark mt-4" onClick={() => setConfirming(true)}>
            {shell.freeze.button}
          </button>
          <FreezeDialog open={confirming} onClose={() => setConfirming(false)} onFrozen={reload} />
        </section>
      )}

      <section aria-labelledby="hold-heading" className="card p-5 sm:p-6">
        <h2 id="hold-heading" className="text-xl text-ink-950">
          {shell.hold.heading}
        </h2>
        {status.hold ? (
          <p className="mt-2 text-sm text-ink-800" data-testid="security-hold">
            {holdSentence(language, status.hold)}
          </p>
        ) : (
          <p className="mt-2 text-sm text-muted">{words.noHold}</p>
        )}
      </section>

      <section aria-labelledby="notices-heading" className="card p-5 sm:p-6">
        <h2 id="notices-heading" className="text-xl text-ink-950">
          {words.noticesHeading}
        </h2>
        {status.notices.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{words.noNotices}</p>
        ) : (
          <ul className="mt-3 space-y-3" aria-label={words.noticesHeading}>
            {status.notices.map((n) => (
              <li key={n.id} className="border-b border-mist-200 pb-3 last:border-b-0 last:pb-0">
                {/* Written by the database in the page's language, its values isolated (docs/notifications.md). */}
                <p className="font-semibold text-ink-950">{n.title}</p>
                <p className="mt-1 text-sm break-words text-ink-800">{n.body}</p>
                <p className="mt-1 text-xs text-muted">
                  <time dateTime={n.at}>{when(n.at)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export default function FreezePage({ language, words }: { language: MemberLanguage; words: FreezeWords }) {
  return (
    <MemberShell language={language} current="/user/freeze" heading={words.heading} anyLevel>
      {() => <FreezeContent words={words} />}
    </MemberShell>
  );
}
