import { supabase } from '~/lib/supabase';
import { DbError, toDbError } from '~/lib/db-errors';

/** Staff roles held in `admins.role` (docs/four-eyes.md). The database checks them; the UI only hides. */
export const STAFF_ROLES = ['support', 'finance', 'auditor', 'owner'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  support: 'Support',
  finance: 'Finance',
  auditor: 'Auditor',
  owner: 'Owner',
};

/** What each role may do, mirroring the database's private.require_role checks. */
export function capabilities(role: StaffRole) {
  const money = role === 'finance' || role === 'owner';
  return {
    /** Propose and approve balance changes, review notices and withdrawals, edit deposit addresses. */
    moveMoney: money,
    /** Read ledgers and proposals. */
    readMoney: role !== 'support',
    /** Grant, change and revoke staff roles; reset authenticators. */
    manageStaff: role === 'owner',
    /** Read the audit log and verify its chain. */
    readAudit: role === 'auditor' || role === 'owner',
  };
}

export type Capabilities = ReturnType<typeof capabilities>;

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** The signed-in person's staff role (any assurance level). */
export async function myStaffRole(): Promise<StaffRole> {
  const { data, error } = await supabase().rpc('my_staff_role');
  if (error) throw toDbError(error, 'Could not load your staff role.');
  if (!isStaffRole(data)) throw new DbError('You do not have admin access.');
  return data;
}
