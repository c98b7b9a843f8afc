import type { ReactNode } from 'react';

/**
 * The "Awaiting approval" box: who proposed it and why, then what it changes. Apart from
 * AwaitingChange, which loads the staff-changes module, because the users table's pending balance
 * edits use it before the first interaction (issue 24).
 */
export default function AwaitingBox({
  by,
  reason,
  children,
}: {
  by: string;
  reason: string;
  children: ReactNode;
}) {
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
