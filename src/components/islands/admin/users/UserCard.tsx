import { Suspense, lazy, useId } from 'react';
import { ACCOUNT_LABELS, BALANCE_ACCOUNTS } from '~/lib/accounts';
import { formatUsd } from '~/lib/money';
import { AmountInput, ReasonInput } from './CellEditors';
import FrozenNotice from './FrozenNotice';
import RowActions from './RowActions';
import { displayName, type UserItemProps } from './itemProps';

// Shown on few rows (an open proposal; the staff member's own row): loaded when needed, out of the
// page's first load (tests/budgets.json).
const OwnAccountNote = lazy(() => import('../OwnAccountNote'));
const PendingChange = lazy(() => import('./PendingChange'));

/** A user on a phone or tablet: name, e-mail, the six balances and the same edit flow as the table. */
export default function UserCard({
  user,
  serial,
  edit,
  pending,
  freeze,
  ownAccount,
  onUnfreeze,
  onField,
  onReason,
  ...actions
}: UserItemProps) {
  const baseId = useId();
  const name = displayName(user);
  return (
    <li
      className={`rounded-card border p-4 ${edit ? 'border-accent-500 bg-accent-50' : 'border-mist-200 bg-white'}`}
      aria-label={name}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs text-muted">S/N {serial}</p>
          <p className="font-semibold break-words text-ink-950">{user.username}</p>
          <p className="text-sm break-all text-ink-800">{user.email}</p>
        </div>
        {/* While editing, the actions move below the fields, where the thumb is after the reason. */}
        {!edit && <RowActions name={name} edit={edit} {...actions} />}
      </div>
      {edit ? (
        <div className="mt-4 space-y-4">
          <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 sm:grid-cols-3">
            {BALANCE_ACCOUNTS.map((account) => (
              <div key={account}>
                <AmountInput row={{ baseId, name, edit, onField }} account={account} visibleLabel />
              </div>
            ))}
          </div>
          <div>
            <ReasonInput id={`${baseId}-reason`} name={name} edit={edit} onReason={onReason} />
          </div>
          <RowActions name={name} edit={edit} {...actions} />
        </div>
      ) : (
        <>
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
          {pending && (
            <div className="mt-3">
              <Suspense fallback={null}>
                <PendingChange proposal={pending} />
              </Suspense>
            </div>
          )}
        </>
      )}
    </li>
  );
}
