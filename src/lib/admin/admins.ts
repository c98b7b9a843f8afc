import { supabase } from '~/lib/supabase';
import { toDbError } from '~/lib/db-errors';
import { peopleById } from './people';
import { isStaffRole, type StaffRole } from './staff';

export interface AdminAccount {
  user_id: string;
  email: string;
  username: string;
  granted_by_email: string;
  granted_at: string;
  role: StaffRole;
  /** Verified TOTP factors (0: they set one up at their next sign-in). */
  authenticators: number;
}

/** Everyone who holds admin rights, with who granted them. */
export async function listAdmins(): Promise<AdminAccount[]> {
  const { data, error } = await supabase()
    .from('admins')
    .select('user_id, granted_by, granted_at, role')
    .order('granted_at', { ascending: true });
  if (error) throw toDbError(error, 'Could not load the admins.');
  const rows = (data ?? []) as {
    user_id: string;
    granted_by: string | null;
    granted_at: string;
    role: string;
  }[];
  const factors = await supabase().rpc('admin_authenticators');
  if (factors.error) throw toDbError(factors.error, 'Could not load the admins.');
  const authenticators = new Map((factors.data ?? []).map((f) => [f.user_id, f.verified_factors]));
  const people = await peopleById(rows.flatMap((r) => [r.user_id, r.granted_by]));
  return rows.map((r) => ({
    user_id: r.user_id,
    email: people.get(r.user_id)?.email ?? r.user_id,
    username: people.get(r.user_id)?.username ?? '',
    granted_by_email: (r.granted_by && people.get(r.granted_by)?.email) || 'command line',
    granted_at: r.granted_at,
    role: isStaffRole(r.role) ? r.role : 'support',
    authenticators: authenticators.get(r.user_id) ?? 0,
  }));
}

/**
 * Removes the authenticator of an admin who lost their device and signs them out everywhere; they set
 * up a new one at their next sign-in. The database refuses resetting oneself and records who did it.
 */
export async function resetAuthenticator(userId: string, reason: string): Promise<void> {
  const { error } = await supabase().rpc('admin_reset_mfa', { p_user_id: userId, p_reason: reason.trim() });
  if (error) throw toDbError(error, 'Could not reset the authenticator.');
}
