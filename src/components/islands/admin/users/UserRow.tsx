import { Suspense, lazy, useId } from 'react';
import { BALANCE_ACCOUNTS } from '~/lib/accounts';
import { formatUsd } from '~/lib/money';
import { AmountInput, ReasonInput } from './CellEditors';
import FrozenNotice from './FrozenNotice';
import RowActions from './RowActions';
import { stickyStart } from './columns';
import { displayName, type UserItemProps } from './itemProps';

// Shown on few rows (an open proposal; the staff member's own row): loaded when needed, out of the
// page's first load (tests/budgets.json).
const OwnAccountNote = lazy(() => import('../OwnAccountNote'));
const PendingChange = lazy(() => import('./PendingChange'));

/** A user in the desktop table; while edited, the amounts become inputs and a reason row follows. */
export default function UserRow({
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
  const rowTint = edit ? 'bg-accent-50' : 'bg-white hover:bg-mist-50';
  return (
    <>
      <tr className={`border-b border-mist-100 align-top ${rowTint}`}>
        <td className={`px-1.5 py-3 text-muted ${stickyStart(0)}`}>{serial}</td>
        <td className={`truncate px-1.5 py-3 font-medium ${stickyStart(1)}`} title={user.username}>
          {user.username}
        </td>
        <td className="truncate px-1.5 py-3" title={user.email}>
          {user.email}
        </td>
        {BALANCE_ACCOUNTS.map((account) =>
          edit ? (
            <td key={account} className="px-1 py-2">
              <AmountInput row={{ baseId, name, edit, onField }} account={account} visibleLabel={false} />
            </td>
          ) : (
            <td key={account} className="px-1 py-3 text-right tabular-nums [overflow-wrap:anywhere]">
              {formatUsd(user[account])}
            </td>
          ),
        )}
        <td className="sticky right-0 z-10 bg-inherit px-1.5 py-2">
          <RowActions name={name} edit={edit} {...actions} />
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
      {freeze && !edit && (
        <tr className={`border-b border-mist-200 ${rowTint}`}>
          <td className={stickyStart(0)} />
          <td colSpan={BALANCE_ACCOUNTS.length + 3} className="px-2 pb-3">
            <FrozenNotice name={name} freeze={freeze} onUnfreeze={onUnfreeze} />
          </td>
        </tr>
      )}
      {pending && !edit && (
        <tr className={`border-b border-mist-200 ${rowTint}`}>
          <td className={stickyStart(0)} />
          <td colSpan={BALANCE_ACCOUNTS.length + 3} className="px-2 pb-3">
            <Suspense fallback={null}>
              <PendingChange proposal={pending} />
            </Suspense>
          </td>
        </tr>
      )}
      {edit && (
        <tr className={`border-b border-mist-200 ${rowTint}`}>
          <td className={stickyStart(0)} />
          <td colSpan={BALANCE_ACCOUNTS.length + 3} className="px-2 pb-3">
            <ReasonInput id={`${baseId}-reason`} name={name} edit={edit} onReason={onReason} />
          </td>
        </tr>
      )}
    </>
  );
}
