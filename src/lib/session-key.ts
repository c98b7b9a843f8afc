/**
 * The localStorage key under which supabase-js keeps a session for a Supabase URL (its default,
 * `sb-<first label of the host>-auth-token`). Kept apart from supabase-config.ts, which reads the
 * build's environment, so that Node code (the browser tests) can name the same key.
 */
export function sessionStorageKeyFor(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}
