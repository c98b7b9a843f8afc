import { useEffect, useId, useState, type FormEvent } from 'react';
import toast from '~/lib/toast';
import AdminArea, { type AdminPath } from './AdminArea';
import { ROLE_LABELS, STAFF_ROLES, type Capabilities, type StaffRole } from '~/lib/admin/staff';
import Dialog from '~/components/islands/shared/Dialog';
import Field from '~/components/islands/shared/Field';
import { listAdmins, resetAuthenticator, type AdminAccount } from '~/lib/admin/admins';
import {
  describeStaffChange,
  openStaffChanges,
  proposeStaffRole,
  watchStaffChanges,
  type StaffChange,
} from '~/lib/admin/staff-changes';
import { reasonError } from '~/lib/admin/balances';
import AwaitingChange from './AwaitingChange';
import { formatDateTime } from './format';
import { errorText } from '~/lib/db-errors';
import { useLoad } from '../shared/useLoad';
import LoadingCards from '../shared/LoadingCards';
import { useFormProblem } from '../shared/formProblem';
import { emailProblem } from '~/lib/auth-rules';

async function loadStaff(): Promise<{ admins: AdminAccount[]; pending: StaffChange[] }> {
  const [admins, open] = await Promise.all([listAdmins(), openStaffChanges()]);
  return { admins, pending: open.filter((c) => c.kind === 'staff_role' && !c.expired) };
}

/**
 * Owners propose a role for an e-mail (a grant or a change) and propose revocations; another owner
 * approves on the Approvals page. Nobody proposes for themselves (the database refuses it too).
 */
function Admins({ selfId, can }: { selfId: string; can: Capabilities }) {
  const { data, reload } = useLoad(loadStaff, 'Could not load the admins.');
  useEffect(() => watchStaffChanges(reload, 'admin-staff-proposals'), [reload]);
  const admins = data?.admins ?? null;
  const pendingFor = (userId: string) => data?.pending.find((c) => c.target === userId);
  const pendingGrants = data?.pending.filter((c) => !admins?.some((a) => a.user_id === c.target)) ?? [];
  const [email, setEmail] = useState('');
  const [grantReason, setGrantReason] = useState('');
  const grantReasonId = useId();
  const [revokeReason, setRevokeReason] = useState('');
  const revokeReasonId = useId();
  const [role, setRole] = useState<StaffRole>('support');
  const roleId = useId();
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<AdminAccount | null>(null);
  const [resetting, setResetting] = useState<AdminAccount | null>(null);
  const [reason, setReason] = useState('');
  const emailId = useId();
  const { report, fieldProps, alert } = useFormProblem();
  const reasonId = useId();

  async function onReset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!resetting || busy) return;
    setBusy(true);
    try {
      await resetAuthenticator(resetting.user_id, reason);
      toast.success(`${resetting.email} sets up a new authenticator at their next sign-in.`);
      setResetting(null);
      setReason('');
      reload();
    } catch (e) {
      toast.error(errorText(e, 'Could not reset the authenticator.'));
    } finally {
      setBusy(false);
    }
  }

  async function onGrant(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const reasonProblem = reasonError(grantReason);
    const problem =
      emailProblem(email) ?? (reasonProblem ? { message: reasonProblem, fields: ['reason'] } : null);
    if (report(event.currentTarget, problem)) return;
    setBusy(true);
    try {
      await proposeStaffRole(email, role, grantReason);
      toast.success(`Proposed: ${email.trim()} as ${ROLE_LABELS[role]}. Another owner approves it.`);
      setEmail('');
      setGrantReason('');
      reload();
    } catch (e) {
      toast.error(errorText(e, 'Could not propose the role.'));
    } finally {
      setBusy(false);
    }
  }

  async function onRevoke(admin: AdminAccount) {
    const problem = reasonError(revokeReason);
    if (problem) {
      toast.error(problem);
      document.getElementById(revokeReasonId)?.focus();
      return;
    }
    setConfirm(null);
    setBusy(true);
    try {
      await proposeStaffRole(admin.email, null, revokeReason);
      toast.success(`Proposed: revoke ${admin.email}. Another owner approves it.`);
      setRevokeReason('');
      reload();
    } catch (e) {
      toast.error(errorText(e, 'Could not propose the revocation.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-8">
      {can.manageStaff && (
        <section className="card p-5 sm:p-6" aria-labelledby={`${emailId}-h`}>
          <h2 id={`${emailId}-h`} className="text-xl text-ink-950">
            Propose a staff role
          </h2>
          <p className="mt-1 text-sm text-muted">
            The person must already have an account (they sign up at /register). For someone who is staff
            already, this changes their role. Another owner approves it.
          </p>
          <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={onGrant} noValidate>
            {alert && <div className="w-full">{alert}</div>}
            <Field
              id={emailId}
              label="Account e-mail"
              className="w-full max-w-sm"
              type="email"
              autoComplete="off"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              name="email"
              {...fieldProps('email')}
            />
            <div>
              <label htmlFor={roleId} className="field-label">
                Role
              </label>
              <select
                id={roleId}
                className="field-input"
                value={role}
                onChange={(e) => setRole(e.target.value as StaffRole)}
              >
                {STAFF_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </select>
            </div>
            <Field
              id={grantReasonId}
              label="Reason"
              className="w-full max-w-sm"
              required
              maxLength={500}
              value={grantReason}
              onChange={(e) => setGrantReason(e.target.value)}
              name="reason"
              {...fieldProps('reason')}
            />
            <button type="submit" className="btn-dark" disabled={busy}>
              Propose role
            </button>
          </form>
        </section>
      )}

      <section className="card p-5 sm:p-6" aria-labelledby={`${emailId}-list`}>
        <h2 id={`${emailId}-list`} className="text-xl text-ink-950">
          Admins
        </h2>
        {!admins && (
          <div className="mt-3">
            <LoadingCards label="Loading admins" count={2} />
          </div>
        )}
        {admins && (
          <ul className="mt-4 divide-y divide-mist-200">
            {admins.map((admin) => (
              <li key={admin.user_id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium break-all text-ink-950">
                    {admin.email}
                    {admin.user_id === selfId && (
                      <span className="ml-2 text-sm font-normal text-muted">(you)</span>
                    )}
                  </p>
                  <p className="text-sm text-muted">
                    {ROLE_LABELS[admin.role]} · granted by {admin.granted_by_email} on{' '}
                    <time dateTime={admin.granted_at}>{formatDateTime(admin.granted_at)}</time>
                  </p>
                  <p className="text-sm text-muted">
                    {admin.authenticators > 0 ? 'Authenticator set up' : 'No authenticator yet'}
                  </p>
                  {pendingFor(admin.user_id) && (
                    <div className="mt-2">
                      <AwaitingChange change={pendingFor(admin.user_id)!} />
                    </div>
                  )}
                </div>
                {can.manageStaff && admin.user_id !== selfId && admin.authenticators > 0 && (
                  <button
                    type="button"
                    className="btn-outline-dark"
                    aria-label={`Reset authenticator of ${admin.email}`}
                    disabled={busy}
                    onClick={() => setResetting(admin)}
                  >
                    Reset authenticator
                  </button>
                )}
                {can.manageStaff && admin.user_id !== selfId && !pendingFor(admin.user_id) && (
                  <button
                    type="button"
                    className="btn-outline-dark"
                    aria-label={`Revoke admin from ${admin.email}`}
                    disabled={busy}
                    onClick={() => setConfirm(admin)}
                  >
                    Revoke
                  </button>
                )}
              </li>
            ))}
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

      <Dialog
        open={confirm !== null}
        title="Propose revoking admin access?"
        onClose={() => setConfirm(null)}
        actions={
          <>
            <button type="button" className="btn-outline-dark" onClick={() => setConfirm(null)}>
              Cancel
            </button>
            <button type="button" className="btn-dark" onClick={() => confirm && void onRevoke(confirm)}>
              Propose revocation
            </button>
          </>
        }
      >
        <p>
          Once another owner approves, {confirm?.email} loses admin access at once, including any open admin
          pages.
        </p>
        <Field
          id={revokeReasonId}
          label="Reason"
          className="mt-4"
          required
          maxLength={500}
          value={revokeReason}
          onChange={(e) => setRevokeReason(e.target.value)}
        />
      </Dialog>

      <Dialog
        open={resetting !== null}
        title="Reset authenticator?"
        size="md"
        onClose={() => setResetting(null)}
      >
        <form className="space-y-4" onSubmit={onReset}>
          <p>
            For an admin who lost their device: their authenticator is removed and they are signed out
            everywhere. At their next sign-in they set up a new one. The reset is recorded with your name.
          </p>
          <Field
            id={reasonId}
            label="Reason"
            required
            minLength={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className="flex justify-end gap-3">
            <button type="button" className="btn-outline-dark" onClick={() => setResetting(null)}>
              Cancel
            </button>
            <button type="submit" className="btn-dark" disabled={busy}>
              Reset authenticator
            </button>
          </div>
        </form>
      </Dialog>
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
