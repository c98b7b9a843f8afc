import { supabaseUrl } from '~/lib/supabase-config';
import {
  earlyAnswer,
  pendingEarlyRead,
  signedInHeaders,
  startEarlyRead,
  type EarlyReader,
} from '~/lib/early-read';
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

const KEY = 'staff';

/** The staff role as the client asks for it (rpc my_staff_role); null for anyone without one. */
const readStaff: EarlyReader<EarlyStaff> = async (session, fetcher) => {
  if (!session.email) return null;
  const url = new URL('rest/v1/rpc/my_staff_role', new URL(supabaseUrl));
  const response = await fetcher(url.href, {
    method: 'POST',
    headers: { ...signedInHeaders(session), 'Content-Type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) return null;
  const role: unknown = await response.json();
  return isStaffRole(role) ? { email: session.email, role } : null;
};

/** Starts the early staff read (once per page); never rejects. */
export function startEarlyStaff(
  fetcher?: typeof fetch,
  storage?: Pick<Storage, 'getItem'>,
): Promise<EarlyStaff | null> {
  return startEarlyRead(KEY, readStaff, fetcher, storage);
}

export function pendingEarlyStaff(): Promise<EarlyStaff | null> | undefined {
  return pendingEarlyRead<EarlyStaff>(KEY);
}

export function earlyStaff(): EarlyStaff | null {
  return earlyAnswer<EarlyStaff>(KEY);
}
