import { defineEarlyRead, rpcAnswer } from '~/lib/early-read';
import { isStaffRole, type StaffRole } from './staff';

/*
 * Who is signed in to the admin area, before React (~/lib/early-read.ts): the admin pages paint their
 * header's "Signed in as …" line from this read (components/islands/admin/early-header.ts), and
 * AdminArea's skeleton shows it until the admin check has passed.
 */

export interface EarlyStaff {
  email: string;
  role: StaffRole;
}

/** The staff role as the client asks for it (rpc my_staff_role); nothing for anyone without one. */
export const earlyStaff = defineEarlyRead<EarlyStaff>('staff', async (session, fetcher) => {
  if (!session.email) return null;
  const role = await rpcAnswer(session, fetcher, 'my_staff_role');
  return isStaffRole(role) ? { email: session.email, role } : null;
});
