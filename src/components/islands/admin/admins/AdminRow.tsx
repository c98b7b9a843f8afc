import { ROLE_LABELS } from '~/lib/admin/staff';
import type { AdminAccount } from '~/lib/admin/admins';
import type { StaffChange } from '~/lib/admin/staff-changes';
import AwaitingChange from '../AwaitingChange';
import { formatDateTime } from '../format';

/** One staff member: e-mail, role, who granted it, the authenticator, an open proposal, the actions. */
export default function AdminRow({
  admin,
  isSelf,
  pending,
  actions,
  busy,
  onReset,
  onRevoke,
}: {
  admin: AdminAccount;
  isSelf: boolean;
  pending: StaffChange | undefined;
  actions: { reset: boolean; revoke: boolean };
  busy: boolean;
  onReset: () => void;
  onRevoke: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium break-all text-ink-950">
          {admin.email}
          {isSelf && <span className="ms-2 text-sm font-normal text-muted">(you)</span>}
        </p>
        <p className="text-sm text-muted">
          {ROLE_LABELS[admin.role]} · granted by {admin.granted_by_email} on{' '}
          <time dateTime={admin.granted_at}>{formatDateTime(admin.granted_at)}</time>
        </p>
        <p className="text-sm text-muted">
          {admin.authenticators > 0 ? 'Authenticator set up' : 'No authenticator yet'}
        </p>
        {pending && (
          <div className="mt-2">
            <AwaitingChange change={pending} />
          </div>
        )}
      </div>
      {actions.reset && (
        <button
          type="button"
          className="btn-outline-dark"
          aria-label={`Reset authenticator of ${admin.email}`}
          disabled={busy}
          onClick={onReset}
        >
          Reset authenticator
        </button>
      )}
      {actions.revoke && (
        <button
          type="button"
          className="btn-outline-dark"
          aria-label={`Revoke admin from ${admin.email}`}
          disabled={busy}
          onClick={onRevoke}
        >
          Revoke
        </button>
      )}
    </li>
  );
}
