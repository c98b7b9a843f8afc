import { describeStaffChange, type StaffChange } from '~/lib/admin/staff-changes';

/** "Awaiting approval" with what an open proposal changes, where the thing it changes is shown. */
export default function AwaitingChange({ change }: { change: StaffChange }) {
  const { rows } = describeStaffChange(change);
  return (
    <div className="rounded-md border border-accent-300 bg-accent-50 p-2 text-sm text-ink-900">
      <p className="font-semibold">
        Awaiting approval{' '}
        <span className="font-normal break-words text-muted">
          (proposed by {change.proposer_email}: “{change.reason}”)
        </span>
      </p>
      <ul className="mt-1 space-y-1 [overflow-wrap:anywhere]">
        {rows.map((r) => (
          <li key={r.field}>
            {r.field}: {r.now} → <strong>{r.proposed}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}
