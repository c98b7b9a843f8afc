import { useMemo } from 'react';
import Dialog from '~/components/islands/shared/Dialog';
import { formatUsd } from '~/lib/money';
import type { AdminUser } from '~/lib/admin/users';
import { userLedger } from '~/lib/admin/user-ledger';
import { ACCOUNT_LABELS } from '~/lib/accounts';
import { CLIENT_TEXT_LABEL, transferKindLabel } from '~/lib/admin/transfer-text';
import { formatDateTime } from './format';
import LoadingCards from '../shared/LoadingCards';
import { useLoad } from '../shared/useLoad';
import { isolate } from '~/lib/bidi';

/** What made a line: the transfer's kind (deposit, withdrawal, correction, …), else its source. */
const SOURCE_LABELS: Record<string, string> = {
  deposit_notice: 'Deposit',
  withdrawal_request: 'Withdrawal',
};
const madeBy = (entry: { kind: string; source: string }) =>
  entry.kind ? transferKindLabel(entry.kind) : (SOURCE_LABELS[entry.source] ?? (entry.source || 'Transfer'));

/** A user's ledger: every balance change with who made it, when and why (newest first). */
export default function LedgerDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const userId = user?.id;
  const load = useMemo(() => (userId ? () => userLedger(userId) : null), [userId]);
  const ledger = useLoad(load, 'Could not load the ledger.', { toast: false });
  // Only the answer for the user on screen: a previous user's entries never show for the next one.
  const error = ledger.loading ? null : ledger.error;
  const entries = ledger.loading || error ? null : ledger.data;

  return (
    <Dialog
      open={user !== null}
      title={`Ledger history: ${isolate(user?.username || user?.email || '')}`}
      onClose={onClose}
      size="md"
      actions={
        <button type="button" className="btn-dark" onClick={onClose}>
          Close
        </button>
      }
    >
      {error && (
        <p role="alert" className="text-danger-600">
          {error}
        </p>
      )}
      {!error && entries === null && <LoadingCards label="Loading the ledger" count={2} />}
      {entries?.length === 0 && <p className="text-muted">No balance changes yet.</p>}
      {entries && entries.length > 0 && (
        <ol className="space-y-3" aria-label="Ledger entries, newest first">
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-lg border border-mist-200 p-3 text-sm">
              <p className="flex flex-wrap justify-between gap-2">
                <span className="font-semibold text-ink-950">
                  {(ACCOUNT_LABELS as Record<string, string>)[entry.account] ?? entry.account}
                </span>
                <span
                  className={`tabular-nums ${entry.delta.startsWith('-') ? 'text-danger-600' : 'text-success-600'}`}
                >
                  {formatUsd(entry.delta, { signed: true })}
                </span>
              </p>
              <p className="mt-1 tabular-nums text-ink-800">
                {formatUsd(entry.balance_before)} → {formatUsd(entry.balance_after)}
              </p>
              <p className="mt-1 break-words text-ink-800">
                {CLIENT_TEXT_LABEL}: {entry.reason || '—'}
              </p>
              <p className="mt-1 text-muted">
                {madeBy(entry)} posted by {entry.actor_email || 'system'} on{' '}
                <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
