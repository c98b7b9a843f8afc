import type { ReactNode } from 'react';
import { describeStaffChange, type StaffChange } from '~/lib/admin/staff-changes';

/** The "Awaiting approval" box: who proposed it and why, then what it changes. */
export function AwaitingBox({ by, reason, children }: { by: string; reason: string; children: ReactNode }) {
  return (
    <div className="rounded-md border border-accent-300 bg-accent-50 p-2 text-sm text-ink-900">
      <p className="font-semibold">
        Awaiting approval{' '}
        <span className="font-normal break-words text-muted">
          (proposed by {by}: “{reason}”)
        </span>
      </p>
      {children}
    </div>
  );
}

/** "Awaiting approval" with what an open proposal changes, where the thing it changes is shown. */
export default function AwaitingChange({ change }: { change: StaffChange }) {
  return (
    <AwaitingBox by={change.proposer_email} reason={change.reason}>
      <ul className="mt-1 space-y-1 [overflow-wrap:anywhere]">
        {describeStaffChange(change).rows.map((r) => (
          <li key={r.field}>
            {r.field}: {r.now} → <strong>{r.proposed}</strong>
          </li>
        ))}
      </ul>
    </AwaitingBox>
  );
}
