import { subscribeToChanges } from '~/lib/realtime';
import { supabase } from '~/lib/supabase';
import { toDbError } from '~/lib/db-errors';
import type { StaffChange } from './staff-changes';

/** A member who froze their withdrawals (public.withdrawal_freezes), and any open unfreeze proposal. */
export interface Freeze {
  user_id: string;
  frozen_at: string;
  reason: string;
  unfreeze: StaffChange | null;
}

/** Every frozen member (few at a time) with the open unfreeze proposal for them, if any. */
export async function listFreezes(): Promise<Map<string, Freeze>> {
  const [{ data, error }, changes] = await Promise.all([
    supabase().from('withdrawal_freezes').select('user_id, frozen_at, reason').is('lifted_at', null),
    // On demand: the users page loads this list after it has hydrated, and only this needs the module.
    import('./staff-changes').then((m) => m.openStaffChanges()),
  ]);
  if (error) throw toDbError(error, 'Could not load the withdrawal freezes.');
  const unfreezes = new Map(
    changes.filter((c) => c.kind === 'unfreeze' && !c.expired).map((c) => [c.target, c]),
  );
  return new Map(
    (data ?? []).map((f) => [
      f.user_id,
      { ...f, reason: f.reason ?? '', unfreeze: unfreezes.get(f.user_id) ?? null },
    ]),
  );
}

/** Calls `onChange` when a freeze or a proposal changes, and each time the feed (re)joins. */
export function watchFreezes(onChange: () => void): () => void {
  return subscribeToChanges(
    'admin-freezes',
    [{ table: 'withdrawal_freezes' }, { table: 'staff_proposals' }],
    {
      onChange,
      onLive: onChange,
    },
  );
}
