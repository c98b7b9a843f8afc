import { supabase } from '~/lib/supabase';
import { DbError, toDbError } from '~/lib/db-errors';
import { isStaffRole, type StaffRole } from './staff';

/** The signed-in person's staff role (any assurance level). */
export async function myStaffRole(): Promise<StaffRole> {
  const { data, error } = await supabase().rpc('my_staff_role');
  if (error) throw toDbError(error, 'Could not load your staff role.');
  if (!isStaffRole(data)) throw new DbError('You do not have admin access.');
  return data;
}
