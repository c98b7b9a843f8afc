import { supabaseUrl } from './supabase-config';
import { PROFILE_COLUMNS, toProfile, type Profile } from './profile-row';
import { defineEarlyRead, signedInHeaders, type StoredSession } from './early-read';

/*
 * The member's balances before React (early-read.ts): the pages that open with the balance cards
 * paint them from this read (components/islands/member/early-balances.ts), and MemberShell starts
 * from it.
 */

/** The profile request the client would send (postgrest-js drops the spaces of a select list too). */
export function earlyProfileRequest(session: StoredSession): { url: string; init: RequestInit } {
  const url = new URL('rest/v1/profiles', new URL(supabaseUrl));
  url.searchParams.set('select', PROFILE_COLUMNS.replace(/\s+/g, ''));
  url.searchParams.set('id', `eq.${session.userId}`);
  return { url: url.href, init: { headers: signedInHeaders(session) } };
}

/** Exactly the signed-in member's own row, or nothing. */
export const earlyProfile = defineEarlyRead<Profile>('profile', async (session, fetcher) => {
  const { url, init } = earlyProfileRequest(session);
  const response = await fetcher(url, init);
  if (!response.ok) return null;
  const rows: unknown = await response.json();
  if (!Array.isArray(rows) || rows.length !== 1) return null;
  const profile = toProfile(rows[0]);
  return profile.id === session.userId ? profile : null;
});
