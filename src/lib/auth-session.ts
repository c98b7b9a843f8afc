import type { AuthError, Session } from '@supabase/supabase-js';
import { supabase } from './supabase';
import { rememberStaff } from './account-link';

/**
 * What every signed-in page needs from auth at once (the guard, the shells, the member actions):
 * the admin check, sign-out, the display name and GoTrue's rate-limit answers. Kept apart from `auth.ts` so those pages do not load the sign-in and
 * sign-up messages and rules (`auth-rules.ts`) before their first interaction (issue 24); `auth.ts`
 * re-exports these.
 */

export type AuthErrorLike = Pick<AuthError, 'message'> & {
  code?: string | undefined;
  status?: number | undefined;
};

/** GoTrue's 429s: the per-address mail interval, the hourly mail budget, the per-IP request limit. */
export function isRateLimited(error: AuthErrorLike): boolean {
  return (
    error.status === 429 ||
    error.code === 'over_email_send_rate_limit' ||
    error.code === 'over_request_rate_limit'
  );
}

/**
 * GoTrue's per-address mail interval (max_frequency), as opposed to the server-wide hourly budget,
 * which shares the code: only the interval names the seconds to wait.
 */
export function isMailIntervalRefusal(error: AuthErrorLike): boolean {
  return error.code === 'over_email_send_rate_limit' && /for security purposes/i.test(error.message);
}

/** True when the signed-in caller is an admin (the `admins` table, checked by the database). */
export async function isAdmin(): Promise<boolean> {
  const { data, error } = await supabase().rpc('is_admin');
  if (error) throw new Error(`Could not check admin rights: ${error.message}`);
  return data === true;
}

/** Removes every Supabase key (sb-*) the client may have left in web storage, and the staff marker. */
export function clearSupabaseStorage(): void {
  rememberStaff(null);
  for (const storage of [globalThis.localStorage, globalThis.sessionStorage]) {
    if (!storage) continue;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key?.startsWith('sb-')) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  }
}

/** Local sign-out only (sign-in uses it to undo a refused sign-in). */
export async function signOutQuietly(): Promise<void> {
  // 'local' never fails on the network; the server-side session is revoked by signOut() below.
  await supabase().auth.signOut({ scope: 'local' });
  clearSupabaseStorage();
}

/**
 * Signs out everywhere this session reaches and leaves no token in storage, even when the server
 * cannot be reached (then only the local copy goes, and the error is reported).
 */
export async function signOut(): Promise<void> {
  const { error } = await supabase().auth.signOut();
  if (error) {
    await signOutQuietly();
    clearSupabaseStorage();
    throw new Error(`Signed out on this device, but the server could not be told: ${error.message}`);
  }
  clearSupabaseStorage();
}

/** The display name: what sign-up set, else the username, else the e-mail's local part. */
export function displayName(session: Session, profileUsername?: string | null): string {
  const meta = session.user.user_metadata as { display_name?: unknown; username?: unknown } | undefined;
  if (typeof meta?.display_name === 'string' && meta.display_name.trim()) return meta.display_name.trim();
  if (profileUsername?.trim()) return profileUsername.trim();
  if (typeof meta?.username === 'string' && meta.username.trim()) return meta.username.trim();
  return session.user.email?.split('@')[0] ?? 'member';
}
