import type { Freeze } from '~/lib/admin/freezes';
import { Suspense } from 'react';
import { lazyPart } from '../../shared/lazyPart';
import { formatDateTime } from '../format';

// Only a frozen member with an unfreeze proposal shows it, after the freezes have loaded: the users
// page does not load it (nor the staff-changes module) before its first interaction.
const AwaitingChange = lazyPart(() => import('../AwaitingChange'));

/** "Withdrawals frozen" on a user's row or card, with the unfreeze proposal or the way to make one. */
export default function FrozenNotice({
  name,
  freeze,
  onUnfreeze,
}: {
  name: string;
  freeze: Freeze;
  /** Absent: the role may not propose an unfreeze. */
  onUnfreeze?: (() => void) | undefined;
}) {
  return (
    <div className="space-y-2 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-danger-600 px-2.5 py-0.5 text-xs font-semibold text-white">
          Withdrawals frozen
        </span>
        <span className="text-muted">
          since <time dateTime={freeze.frozen_at}>{formatDateTime(freeze.frozen_at)}</time>
          {freeze.reason && ` · “${freeze.reason}”`}
        </span>
        {!freeze.unfreeze && onUnfreeze && (
          <button
            type="button"
            className="btn-outline-dark min-h-11"
            aria-label={`Propose unfreeze for ${name}`}
            onClick={onUnfreeze}
          >
            Propose unfreeze
          </button>
        )}
      </p>
      {freeze.unfreeze && (
        <Suspense fallback={null}>
          <AwaitingChange change={freeze.unfreeze} />
        </Suspense>
      )}
    </div>
  );
}
