import { useState } from 'react';
import MemberShell from './MemberShell';
import LoadingCards from '../shared/LoadingCards';
import { useLoad } from '../shared/useLoad';
import { FreezeDialog } from './FreezeWithdrawals';
import { FROZEN_TEXT } from './FrozenNotice';
import { holdEndText, holdText, mySecurityStatus } from '~/lib/security-status';
import { formatDateTime } from '~/lib/date-time';
import type { MemberLanguage } from './member-language';

/**
 * /user/freeze (issue 30): open from any signed-in session, including one still owing its
 * authenticator code or the password-recovery session, so an owner whose account someone else is
 * using can see what changed and stop money leaving. It calls only my_security_status and
 * freeze_withdrawals, both allowed at aal1.
 */
function FreezeContent() {
  const {
    data: status,
    error,
    reload,
  } = useLoad(mySecurityStatus, 'Could not load your security status.', {
    toast: false,
  });
  const [confirming, setConfirming] = useState(false);

  if (!status) {
    return error ? (
      <p role="alert" className="text-danger-600">
        {error}
      </p>
    ) : (
      <LoadingCards label="Loading your security status" />
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
          <h2 className="text-xl text-ink-950">Withdrawals are frozen</h2>
          <p className="mt-2 text-sm text-ink-800">
            Frozen since <time dateTime={status.frozen_at}>{holdEndText(status.frozen_at)}</time>.{' '}
            {FROZEN_TEXT}
          </p>
        </div>
      ) : (
        <section aria-labelledby="freeze-now-heading" className="card p-5 sm:p-6">
          <h2 id="freeze-now-heading" className="text-xl text-ink-950">
            Withdrawals are not frozen
          </h2>
          <p className="mt-2 text-sm text-ink-800">
            If you think someone else is using your account, freeze withdrawals. It takes effect at once and
            needs no code.
          </p>
          <button type="button" className="btn-dark mt-4" onClick={() => setConfirming(true)}>
            Freeze withdrawals
          </button>
          <FreezeDialog open={confirming} onClose={() => setConfirming(false)} onFrozen={reload} />
        </section>
      )}

      <section aria-labelledby="hold-heading" className="card p-5 sm:p-6">
        <h2 id="hold-heading" className="text-xl text-ink-950">
          Security hold
        </h2>
        {status.hold ? (
          <p className="mt-2 text-sm text-ink-800" data-testid="security-hold">
            {holdText(status.hold)}
          </p>
        ) : (
          <p className="mt-2 text-sm text-muted">
            No security hold is on your account. After a change to your password, e-mail address or
            authenticator apps, new withdrawal addresses and withdrawal requests wait for a while.
          </p>
        )}
      </section>

      <section aria-labelledby="notices-heading" className="card p-5 sm:p-6">
        <h2 id="notices-heading" className="text-xl text-ink-950">
          Recent security notices
        </h2>
        {status.notices.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No security notices yet.</p>
        ) : (
          <ul className="mt-3 space-y-3" aria-label="Recent security notices">
            {status.notices.map((n) => (
              <li key={n.id} className="border-b border-mist-200 pb-3 last:border-b-0 last:pb-0">
                <p className="font-semibold text-ink-950">{n.title}</p>
                <p className="mt-1 text-sm break-words text-ink-800">{n.body}</p>
                <p className="mt-1 text-xs text-muted">
                  <time dateTime={n.at}>{formatDateTime(n.at)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export default function FreezePage({ language }: { language: MemberLanguage }) {
  return (
    <MemberShell language={language} current="/user/freeze" heading="Freeze withdrawals" anyLevel>
      {() => <FreezeContent />}
    </MemberShell>
  );
}
