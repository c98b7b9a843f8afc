import { useId, useState } from 'react';
import AdminArea, { type AdminPath } from './AdminArea';
import type { Capabilities } from '~/lib/admin/staff';
import type { AdminAccount } from '~/lib/admin/admins';
import { describeStaffChange } from '~/lib/admin/staff-changes';
import AwaitingChange from './AwaitingChange';
import LoadingCards from '../shared/LoadingCards';
import AdminRow from './admins/AdminRow';
import ProposeRoleForm from './admins/ProposeRoleForm';
import ResetDialog from './admins/ResetDialog';
import RevokeDialog from './admins/RevokeDialog';
import { rowActions } from './admins/staff-roles';
import { useAdmins } from './admins/useAdmins';

/**
 * Owners propose a role for an e-mail (a grant or a change) and propose revocations; another owner
 * approves on the Approvals page. Nobody proposes for themselves (the database refuses it too).
 */
function Admins({ selfId, can }: { selfId: string; can: Capabilities }) {
  const { admins, pendingFor, pendingGrants, busy, run, reload } = useAdmins();
  const [confirm, setConfirm] = useState<AdminAccount | null>(null);
  const [resetting, setResetting] = useState<AdminAccount | null>(null);
  const listId = useId();

  return (
    <div className="space-y-8">
      {can.manageStaff && <ProposeRoleForm busy={busy} run={run} />}

      <section className="card p-5 sm:p-6" aria-labelledby={listId}>
        <h2 id={listId} className="text-xl text-ink-950">
          Admins
        </h2>
        {!admins && (
          <div className="mt-3">
            <LoadingCards label="Loading admins" count={2} />
          </div>
        )}
        {admins && (
          <ul className="mt-4 divide-y divide-mist-200">
            {admins.map((admin) => {
              const pending = pendingFor(admin.user_id);
              return (
                <AdminRow
                  key={admin.user_id}
                  admin={admin}
                  isSelf={admin.user_id === selfId}
                  pending={pending}
                  actions={rowActions(admin, selfId, can.manageStaff, pending !== undefined)}
                  busy={busy}
                  onReset={() => setResetting(admin)}
                  onRevoke={() => setConfirm(admin)}
                />
              );
            })}
          </ul>
        )}
        {pendingGrants.length > 0 && (
          <ul className="mt-4 space-y-2" aria-label="Roles awaiting approval">
            {pendingGrants.map((c) => (
              <li key={c.id}>
                <p className="font-medium break-all text-ink-950">{describeStaffChange(c).title}</p>
                <AwaitingChange change={c} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <RevokeDialog admin={confirm} onClose={() => setConfirm(null)} onDone={reload} />
      <ResetDialog admin={resetting} onClose={() => setResetting(null)} onDone={reload} />
    </div>
  );
}

export default function AdminsPage({ current }: { current: AdminPath }) {
  return (
    <AdminArea current={current} title="Admins">
      {({ userId, can }) => <Admins selfId={userId} can={can} />}
    </AdminArea>
  );
}
