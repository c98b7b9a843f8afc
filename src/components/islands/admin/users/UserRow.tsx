import { Fragment, Suspense } from 'react';
import { lazyPart } from '../../shared/lazyPart';
import { BALANCE_ACCOUNTS } from '~/lib/accounts';
import { formatUsd } from '~/lib/money';
import FrozenNotice from './FrozenNotice';
import RowActions from './RowActions';
import { stickyStart } from './columns';
import { displayName, type UserItemProps } from './itemProps';

// Shown on few rows (pending transfers; the staff member's own row): loaded when needed, out of the
// page's first load (tests/budgets.json).
const OwnAccountNote = lazyPart(() => import('../OwnAccountNote'));
const PendingTransfers = lazyPart(() => import('./PendingTransfers'));

/** A user in the desktop table: the six derived balances (read-only) and the row's actions. */
export default function UserRow({
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
  const rowTint = 'bg-white hover:bg-mist-50';
  return (
    <>
      <tr className={`border-b border-mist-100 align-top ${rowTint}`}>
        <td className={`px-1.5 py-3 text-muted ${stickyStart(0)}`}>{serial}</td>
        <td className={`px-1.5 py-3 font-medium break-words ${stickyStart(1)}`}>
          <bdi>{user.username}</bdi>
        </td>
        <td className="px-1.5 py-3 break-words">{user.email}</td>
        {BALANCE_ACCOUNTS.map((account) => (
          <td key={account} className="px-1 py-3 text-end tabular-nums break-normal">
            <WholeAmount text={formatUsd(user[account])} />
          </td>
        ))}
        <td className="sticky inset-e-0 z-10 bg-inherit px-1.5 py-2">
          <RowActions name={name} wide {...actions} />
        </td>
      </tr>
      {/* Under the row, not in the narrow actions column, so the sentence reads on one line. */}
      {ownAccount && (
        <tr className={`border-b border-mist-200 ${rowTint}`}>
          <td className={stickyStart(0)} />
          <td colSpan={BALANCE_ACCOUNTS.length + 3} className="px-2 pb-3">
            <Suspense fallback={null}>
              <OwnAccountNote />
            </Suspense>
          </td>
        </tr>
      )}
      {freeze && (
        <tr className={`border-b border-mist-200 ${rowTint}`}>
          <td className={stickyStart(0)} />
          <td colSpan={BALANCE_ACCOUNTS.length + 3} className="px-2 pb-3">
            <FrozenNotice name={name} freeze={freeze} onUnfreeze={onUnfreeze} />
          </td>
        </tr>
      )}
      {pending.length > 0 && (
        <tr className={`border-b border-mist-200 ${rowTint}`}>
          <td className={stickyStart(0)} />
          <td colSpan={BALANCE_ACCOUNTS.length + 3} className="px-2 pb-3">
            <Suspense fallback={null}>
              <PendingTransfers transfers={pending} viewerId={viewerId} />
            </Suspense>
          </td>
        </tr>
      )}
    </>
  );
}

/**
 * An amount that never breaks inside a group of digits: at 1440 px every amount up to $999,999.99
 * fits its column; a larger one may wrap only after a thousands separator, never mid-group.
 */
function WholeAmount({ text }: { text: string }) {
  const groups = text.split(',');
  return (
    <>
      {groups.map((group, index) => (
        <Fragment key={index}>
          {index > 0 && (
            <>
              ,<wbr />
            </>
          )}
          {group}
        </Fragment>
      ))}
    </>
  );
}
