import { useId, useState, type FormEvent } from 'react';
import { reasonLabel } from '~/lib/admin/reason';
import toast from '~/lib/toast';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '~/lib/admin/staff';
import { proposeStaffRole } from '~/lib/admin/staff-changes';
import Field from '../../shared/Field';
import { useFormProblem } from '../../shared/formProblem';
import { grantProblem } from './staff-roles';

/** Owners propose a role for an e-mail: a grant, or a change for someone who is staff already. */
export default function ProposeRoleForm({
  busy,
  run,
}: {
  busy: boolean;
  run: (action: () => Promise<void>, failure: string) => Promise<boolean>;
}) {
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const emailId = useId();
  const roleId = useId();
  const reasonId = useId();
  const { report, fieldProps, alert } = useFormProblem();

  async function onGrant(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (report(event.currentTarget, grantProblem(email, reason))) return;
    if (await run(() => proposeStaffRole(email, role, reason), 'Could not propose the role.')) {
      toast.success(`Proposed: ${email.trim()} as ${ROLE_LABELS[role]}. Another owner approves it.`);
      setEmail('');
      setReason('');
    }
  }

  return (
    <section className="card p-5 sm:p-6" aria-labelledby={`${emailId}-h`}>
      <h2 id={`${emailId}-h`} className="text-xl text-ink-950">
        Propose a staff role
      </h2>
      <p className="mt-1 text-sm text-muted">
        The person must already have an account (they sign up at /register). For someone who is staff already,
        this changes their role. Another owner approves it.
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
          id={reasonId}
          label={reasonLabel('Reason', false)}
          className="w-full max-w-sm"
          required
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          name="reason"
          {...fieldProps('reason')}
        />
        <button type="submit" className="btn-dark" disabled={busy}>
          Propose role
        </button>
      </form>
    </section>
  );
}
