import { useEffect, useState } from 'react';
import toast from '~/lib/toast';
import { listAdmins, type AdminAccount } from '~/lib/admin/admins';
import { openStaffChanges, watchStaffChanges, type StaffChange } from '~/lib/admin/staff-changes';
import { errorText } from '~/lib/db-errors';
import { useLoad } from '../../shared/useLoad';
import { openRoleChanges, pendingGrants } from './staff-roles';

async function loadStaff(): Promise<{ admins: AdminAccount[]; pending: StaffChange[] }> {
  const [admins, open] = await Promise.all([listAdmins(), openStaffChanges()]);
  return { admins, pending: openRoleChanges(open) };
}

/**
 * The staff list with its open role proposals (live), and one `run` for the page's own actions:
 * while one runs, every action button is disabled; a failure is a toast. The reason dialogs act on
 * their own (ReasonDialog shows a refusal inside the dialog) and call `reload` when done.
 */
export function useAdmins() {
  const { data, reload } = useLoad(loadStaff, 'Could not load the admins.');
  useEffect(() => watchStaffChanges(reload, 'admin-staff-proposals'), [reload]);
  const [busy, setBusy] = useState(false);
  const admins = data?.admins ?? null;

  /** Runs `action`, then reloads; true when it succeeded. */
  async function run(action: () => Promise<void>, failure: string): Promise<boolean> {
    setBusy(true);
    try {
      await action();
      reload();
      return true;
    } catch (e) {
      toast.error(errorText(e, failure));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return {
    admins,
    pendingFor: (userId: string) => data?.pending.find((c) => c.target === userId),
    pendingGrants: data ? pendingGrants(data.pending, admins) : [],
    busy,
    run,
    reload,
  };
}
