import { supabaseUrl } from './supabase-config';
import { PROFILE_COLUMNS, toProfile, type Profile } from './profile-row';
import {
  earlyAnswer,
  pendingEarlyRead,
  signedInHeaders,
  startEarlyRead,
  type EarlyReader,
  type StoredSession,
} from './early-read';

/*
 * The member's balances before React (early-read.ts): the pages that open with the balance cards
 * paint them from this read (components/islands/member/early-balances.ts), and MemberShell starts
 * from it.
 */

const KEY = 'profile';

/** The profile request the client would send (postgrest-js drops the spaces of a select list too). */
export function earlyProfileRequest(session: StoredSession): { url: string; init: RequestInit } {
  const url = new URL('rest/v1/profiles', new URL(supabaseUrl));
  url.searchParams.set('select', PROFILE_COLUMNS.replace(/\s+/g, ''));
  url.searchParams.set('id', `eq.${session.userId}`);
  return { url: url.href, init: { headers: signedInHeaders(session) } };
}

/** Exactly the signed-in member's own row, or null. */
const readProfile: EarlyReader<Profile> = async (session, fetcher) => {
  const { url, init } = earlyProfileRequest(session);
  const response = await fetcher(url, init);
  if (!response.ok) return null;
  const rows: unknown = await response.json();
  if (!Array.isArray(rows) || rows.length !== 1) return null;
  const profile = toProfile(rows[0]);
  return profile.id === session.userId ? profile : null;
};

/** Starts the early balance read (once per page); never rejects. */
export function startEarlyProfile(
  fetcher?: typeof fetch,
  storage?: Pick<Storage, 'getItem'>,
): Promise<Profile | null> {
  return startEarlyRead(KEY, readProfile, fetcher, storage);
}

/** The early balance read, if this page started one. */
export function pendingEarlyProfile(): Promise<Profile | null> | undefined {
  return pendingEarlyRead<Profile>(KEY);
}

/** Its answer, once it has come. */
export function earlyProfile(): Profile | null {
  return earlyAnswer<Profile>(KEY);
}
