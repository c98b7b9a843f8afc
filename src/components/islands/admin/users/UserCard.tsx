import { Suspense } from 'react';
import { lazyPart } from '../../shared/lazyPart';
import { ACCOUNT_LABELS, BALANCE_ACCOUNTS } from '~/lib/accounts';
import { formatUsd } from '~/lib/money';
import FrozenNotice from './FrozenNotice';
import RowActions from './RowActions';
import { displayName, type UserItemProps } from './itemProps';

// Shown on few cards (pending transfers; the staff member's own card): loaded when needed, out of the
// page's first load (tests/budgets.json).
const OwnAccountNote = lazyPart(() => import('../OwnAccountNote'));
const PendingTransfers = lazyPart(() => import('./PendingTransfers'));

/** A user on a phone or tablet: name, e-mail, the six derived balances (read-only) and the actions. */
export default function UserCard({
  user,
  serial,
  pending,
  freeze,
  ownAccount,
  onUnfreeze,
  viewerId,
  ...actions
}: UserItemProps) {
  const name = displayName(user);
  return (
    <li className="rounded-card border border-mist-200 bg-white p-4" aria-label={name}>
      <div className="min-w-0">
        <p className="text-xs text-muted">S/N {serial}</p>
        <p className="font-semibold break-words text-ink-950">
          <bdi>{user.username}</bdi>
        </p>
        <p className="text-sm break-words text-ink-800">
          <EmailText email={user.email} />
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        {BALANCE_ACCOUNTS.map((account) => (
          <div key={account} className="min-w-0">
            <dt className="text-xs text-muted">{ACCOUNT_LABELS[account]}</dt>
            <dd className="font-medium tabular-nums [overflow-wrap:anywhere] text-ink-950">
              {formatUsd(user[account])}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-3">
        <RowActions name={name} wide={false} {...actions} />
      </div>
      {ownAccount && (
        <Suspense fallback={null}>
          <OwnAccountNote className="mt-3" />
        </Suspense>
      )}
      {freeze && (
        <div className="mt-3">
          <FrozenNotice name={name} freeze={freeze} onUnfreeze={onUnfreeze} />
        </div>
      )}
      {pending.length > 0 && (
        <div className="mt-3">
          <Suspense fallback={null}>
            <PendingTransfers transfers={pending} viewerId={viewerId} />
          </Suspense>
        </div>
      )}
    </li>
  );
}

/** A long e-mail breaks after its @ (a word break the reader expects), not in the middle of a word. */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@') + 1;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
