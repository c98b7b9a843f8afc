import { watchTable, type FeedHandlers } from './realtime';
import { supabase } from './supabase';
import { toDbError } from './db-errors';
import { PROFILE_COLUMNS, toProfile, type Profile } from './profile-row';

/** Reads the signed-in member's profile row (RLS shows only their own). */
export async function fetchProfile(userId: string): Promise<Profile> {
  const { data, error } = await supabase()
    .from('profiles')
    .select(PROFILE_COLUMNS)
    .eq('id', userId)
    .maybeSingle();
  if (error) throw toDbError(error, 'Your balances could not be loaded.');
  if (!data) throw new Error('Your profile was not found. Please sign in again.');
  return toProfile(data);
}

/** Live profile of one member (filter `id=eq.<uid>`). */
export function watchProfile(userId: string, handlers: FeedHandlers<Profile>): () => void {
  return watchTable([{ table: 'profiles', filter: `id=eq.${userId}` }], () => fetchProfile(userId), handlers);
}
