import { supabase } from '~/lib/supabase';
import { AdminError, toAdminError } from './errors';
import { peopleById } from './people';

export interface AdminAccount {
  user_id: string;
  email: string;
  username: string;
  granted_by_email: string;
  granted_at: string;
}

/** Everyone who holds admin rights, with who granted them. */
export async function listAdmins(): Promise<AdminAccount[]> {
  const { data, error } = await supabase()
    .from('admins')
    .select('user_id, granted_by, granted_at')
    .order('granted_at', { ascending: true });
  if (error) throw toAdminError(error, 'Could not load the admins.');
  const rows = (data ?? []) as { user_id: string; granted_by: string | null; granted_at: string }[];
  const people = await peopleById(rows.flatMap((r) => [r.user_id, r.granted_by]));
  return rows.map((r) => ({
    user_id: r.user_id,
    email: people.get(r.user_id)?.email ?? r.user_id,
    username: people.get(r.user_id)?.username ?? '',
    granted_by_email: (r.granted_by && people.get(r.granted_by)?.email) || 'command line',
    granted_at: r.granted_at,
  }));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkEmail(email: string): string {
  const value = email.trim();
  if (!EMAIL.test(value)) throw new AdminError('Enter the e-mail address of an existing account.');
  return value;
}

/** Grants admin rights to the account with this e-mail; the database refuses unknown e-mails. */
export async function grantAdmin(email: string): Promise<void> {
  const { error } = await supabase().rpc('grant_admin', { p_email: checkEmail(email) });
  if (error) throw toAdminError(error, 'Could not grant admin access.');
}

/** Revokes admin rights; the database refuses an admin revoking themselves. */
export async function revokeAdmin(email: string): Promise<void> {
  const { error } = await supabase().rpc('revoke_admin', { p_email: checkEmail(email) });
  if (error) throw toAdminError(error, 'Could not revoke admin access.');
}
