import { subscribeToChanges } from '~/lib/realtime';
import { supabase } from '~/lib/supabase';
import { DbError, toDbError } from '~/lib/db-errors';
import { BALANCE_ACCOUNTS, type BalanceDraft } from '~/lib/accounts';
import { answerObject, columnText as text } from '../column-text';

/** One row of the admin users table: the six cards, derived by the ledger. Money is text exactly as Postgres wrote it. */
export interface AdminUser extends BalanceDraft {
  id: string;
  username: string;
  email: string;
  version: number;
  created_at: string;
}

/** Columns the table can sort by (admin_search_users accepts the table's columns). */
export const SORT_COLUMNS = ['created_at', 'username', 'email', ...BALANCE_ACCOUNTS] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

export interface UserQuery {
  search: string;
  sort: SortColumn;
  ascending: boolean;
  limit: number;
  offset: number;
}

export interface UserPage {
  total: number;
  rows: AdminUser[];
}

const PROFILE_COLUMNS =
  'id, username, email, interest_wallet::text, deposit_wallet::text, total_invest::text, total_deposit::text, total_withdraw::text, referral::text, version, created_at';

/** Reads one profile object (from jsonb or a table read) into an AdminUser, keeping money as text. */
export function toAdminUser(raw: unknown): AdminUser {
  if (!raw || typeof raw !== 'object') throw new DbError('The server returned an unexpected user record.');
  const r = raw as Record<string, unknown>;
  const user = {
    id: text(r.id),
    username: text(r.username),
    email: text(r.email),
    version: Number(r.version ?? 0),
    created_at: text(r.created_at),
  } as AdminUser;
  for (const account of BALANCE_ACCOUNTS) user[account] = text(r[account]);
  if (!user.id) throw new DbError('The server returned a user record without an id.');
  return user;
}

/** One server-side page of users: search by name or e-mail, sort by any column, paged. */
export async function searchUsers(query: UserQuery): Promise<UserPage> {
  const { data, error } = await supabase().rpc('admin_search_users', {
    p_search: query.search.trim(),
    p_sort: query.sort,
    p_ascending: query.ascending,
    p_limit: query.limit,
    p_offset: query.offset,
  });
  if (error) throw toDbError(error, 'Could not load the users.');
  const result = answerObject(data);
  if (!result || !Array.isArray(result.rows))
    throw new DbError('Could not load the users: unexpected response.');
  return { total: Number(result.total ?? 0), rows: result.rows.map(toAdminUser) };
}

/** The current cards of one user (after a review, to show what the database now holds). */
export async function fetchUser(userId: string): Promise<AdminUser> {
  const { data, error } = await supabase()
    .from('profiles')
    .select(PROFILE_COLUMNS)
    .eq('id', userId)
    .maybeSingle();
  if (error) throw toDbError(error, 'Could not load this user.');
  if (!data) throw new DbError('This user no longer exists or you cannot see it.');
  return toAdminUser(data);
}

/**
 * Calls `onChange` whenever any profile changes (a sign-up or a posted transfer) and each time the
 * feed goes live (first join and every rejoin: changes before that may have been missed), so the
 * caller re-reads its page. Returns the cleanup that removes this very channel.
 */
export function watchProfiles(onChange: () => void): () => void {
  return subscribeToChanges('admin-profiles', [{ table: 'profiles' }], { onChange, onLive: onChange });
}
