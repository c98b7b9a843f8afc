import { Suspense, useEffect, useId, useMemo, useState } from 'react';
import { lazyPart } from '../../shared/lazyPart';
import { BALANCE_ACCOUNTS } from '~/lib/accounts';
import type { AdminUser } from '~/lib/admin/users';
import { byMember, pendingTransfers, watchTransfers, type PendingTransfer } from '~/lib/admin/transfers';
import { listFreezes, watchFreezes } from '~/lib/admin/freezes';
import type { Capabilities } from '~/lib/admin/staff';
import { isOwnAccount } from '~/lib/admin/staff';
import { useLoad } from '../../shared/useLoad';
import Pagination from './Pagination';
import SortableHeader from './SortableHeader';
import Toolbar from './Toolbar';
import UserCard from './UserCard';
import UserRow from './UserRow';
import { COLUMNS, PAGE_SIZE } from './columns';
import type { UserItemProps } from './itemProps';
import { useUsersPage } from './useUsersPage';
import { useWideLayout } from './useWideLayout';

// A user's ledger loads when an admin opens it, not with the page.
const LedgerDialog = lazyPart(() => import('../LedgerDialog'), 'dialog');
// Opened from a frozen member's row: loaded on the first opening (issue 24).
const UnfreezeDialog = lazyPart(() => import('./UnfreezeDialog'), 'dialog');
// "Credit / debit": loaded on the first opening.
const CorrectionDialog = lazyPart(() => import('./CorrectionDialog'), 'dialog');

const allPending = () => pendingTransfers();
const NONE: readonly PendingTransfer[] = [];

/**
 * The admin users table: server-side search, sort and paging (admin_search_users), live refresh
 * from profile changes, the six balances read-only (every one is derived from the ledger), and per
 * member a "Credit / debit" that proposes a correction (propose_correction) another finance admin or
 * owner approves; pending transfers show under the member, live. Each row opens its ledger history.
 * What a role may not do is not offered (the database refuses it anyway), nor is any change to the
 * signed-in staff member's own account (a note says who handles it). Money stays text.
 */
export default function UsersTable({ can, userId }: { can: Capabilities; userId: string }) {
  const pending = useLoad(can.readMoney ? allPending : null, 'Could not load the pending transfers.');
  const { reload: reloadPending } = pending;
  useEffect(
    () => (can.readMoney ? watchTransfers(reloadPending, 'admin-users-transfers') : undefined),
    [can.readMoney, reloadPending],
  );
  const pendingByUser = useMemo(() => byMember(pending.data ?? []), [pending.data]);
  const freezes = useLoad(listFreezes, 'Could not load the withdrawal freezes.');
  const { reload: reloadFreezes } = freezes;
  useEffect(() => watchFreezes(reloadFreezes), [reloadFreezes]);
  const [unfreezing, setUnfreezing] = useState<AdminUser | null>(null);
  const [unfreezeReason, setUnfreezeReason] = useState('');
  const [correcting, setCorrecting] = useState<AdminUser | null>(null);
  const state = useUsersPage();
  const [ledgerUser, setLedgerUser] = useState<AdminUser | null>(null);
  const captionId = useId();
  const wide = useWideLayout();
  const { page, loading, error, pageIndex } = state;

  /** What a table row and a phone card both show for one user. */
  const itemProps = (user: AdminUser, index: number): UserItemProps & { key: string } => {
    const freeze = freezes.data?.get(user.id) ?? null;
    // Staff never act on their own money: their own row offers no correction or unfreeze, only why.
    const own = can.moveMoney && isOwnAccount(user.id, userId);
    return {
      key: user.id,
      user,
      serial: pageIndex * PAGE_SIZE + index + 1,
      pending: pendingByUser.get(user.id) ?? NONE,
      freeze,
      ownAccount: own,
      viewerId: userId,
      onUnfreeze: can.moveMoney && !own && freeze && !freeze.unfreeze ? () => setUnfreezing(user) : undefined,
      onCorrect: can.moveMoney && !own ? () => setCorrecting(user) : undefined,
      onHistory: can.readMoney ? () => setLedgerUser(user) : undefined,
    };
  };
  const emptyText = state.appliedSearch ? `No users match “${state.appliedSearch}”.` : 'No users yet.';

  return (
    <section aria-labelledby={captionId} className="card p-4 sm:p-6">
      <Toolbar state={state} wide={wide} />

      {error && !page && (
        <p role="alert" className="mt-4 text-danger-600">
          {error}{' '}
          <button type="button" className="underline" onClick={state.reload}>
            Try again
          </button>
        </p>
      )}

      {wide ? (
        // Fixed column widths fit 1440 px with the admin sidebar; narrower desktops scroll sideways with
        // the S/N, name and actions columns kept in view (sticky).
        <div className="mt-4 overflow-x-auto" aria-busy={loading}>
          <table className="w-full min-w-[56rem] table-fixed border-collapse text-start text-sm">
            <caption id={captionId} className="sr-only">
              Users and their balances (derived from the ledger; read-only). Column headers sort the table.
            </caption>
            <colgroup>
              <col className="w-10" />
              {/* Whole names and e-mails on a wide screen: they wrap rather than clip. */}
              <col className="w-26 xl:w-36" />
              <col className="w-36 xl:w-48" />
              {BALANCE_ACCOUNTS.map((account) => (
                <col key={account} />
              ))}
              <col className="w-26" />
            </colgroup>
            <SortableHeader sort={state.sort} ascending={state.ascending} onSort={state.changeSort} />
            <tbody>
              {!page &&
                loading &&
                [0, 1, 2, 3, 4].map((n) => (
                  <tr key={n} aria-hidden="true" className="border-b border-mist-100">
                    <td colSpan={COLUMNS.length + 1} className="px-1.5 py-3">
                      <div className="h-8 animate-pulse rounded bg-mist-100" />
                    </td>
                  </tr>
                ))}
              {page?.rows.length === 0 && (
                <tr>
                  <td colSpan={COLUMNS.length + 1} className="px-2 py-8 text-center text-muted">
                    {emptyText}
                  </td>
                </tr>
              )}
              {page?.rows.map((user, index) => {
                const { key, ...props } = itemProps(user, index);
                return <UserRow key={key} {...props} />;
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="mt-4" aria-busy={loading}>
          {/* h2: the page's h1 is the only heading above it (axe heading-order). */}
          <h2 id={captionId} className="sr-only">
            Users and their balances
          </h2>
          {page?.rows.length === 0 ? (
            <p className="py-8 text-center text-muted">{emptyText}</p>
          ) : (
            <ul className="space-y-3" aria-labelledby={captionId}>
              {page?.rows.map((user, index) => {
                const { key, ...props } = itemProps(user, index);
                return <UserCard key={key} {...props} />;
              })}
            </ul>
          )}
          {!page && loading && (
            <ul className="space-y-3" aria-hidden="true">
              {[0, 1, 2].map((n) => (
                <li key={n} className="h-48 animate-pulse rounded-card bg-mist-100" />
              ))}
            </ul>
          )}
        </div>
      )}

      <Pagination pageIndex={pageIndex} total={page?.total ?? 0} onPage={state.setPageIndex} />

      {unfreezing && (
        <Suspense fallback={null}>
          <UnfreezeDialog
            user={unfreezing}
            reason={unfreezeReason}
            onReason={setUnfreezeReason}
            onClose={() => setUnfreezing(null)}
            onProposed={() => {
              setUnfreezing(null);
              setUnfreezeReason('');
              reloadFreezes();
            }}
          />
        </Suspense>
      )}

      {/* Mounted only while open: each opening starts from an empty form. */}
      {correcting && (
        <Suspense fallback={null}>
          <CorrectionDialog
            user={correcting}
            onClose={() => setCorrecting(null)}
            onProposed={() => {
              setCorrecting(null);
              reloadPending();
            }}
          />
        </Suspense>
      )}

      {/* Mounted only while open, so a reopened history never shows an earlier read. */}
      {ledgerUser && (
        <Suspense fallback={null}>
          <LedgerDialog user={ledgerUser} onClose={() => setLedgerUser(null)} />
        </Suspense>
      )}
    </section>
  );
}
