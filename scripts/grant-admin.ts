#!/usr/bin/env -S npx tsx
/**
 * Grants admin rights to an existing account: `npm run admin:grant -- <email>`.
 *
 * Admin rights are a row in `public.admins`. In the app, only an existing admin can grant them; this
 * command is how the first admin is made, locally or in production. It uses the service role, so it
 * runs on a trusted machine only, never in the browser:
 *
 *   SUPABASE_URL=https://<project>.supabase.co SUPABASE_SERVICE_ROLE_KEY=<service role key> \
 *     npm run admin:grant -- person@example.com
 *
 * Without those variables it targets the local server (http://127.0.0.1:54321, the CLI's local key).
 * The person must have registered and confirmed their e-mail address first (at /register); the
 * database refuses an unconfirmed account. Running it twice is harmless.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { pathToFileURL } from 'node:url';
import { DEFAULT_SERVICE_ROLE_KEY } from '../supabase/local/gateway/keys';

export function serviceClient(
  url = process.env.SUPABASE_URL || 'http://127.0.0.1:54321',
  key = process.env.SUPABASE_SERVICE_ROLE_KEY || DEFAULT_SERVICE_ROLE_KEY,
): SupabaseClient {
  return createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
}

/** The auth user id behind an e-mail, read from `profiles` (one row per account, made at sign-up). */
export async function userIdForEmail(client: SupabaseClient, email: string): Promise<string> {
  const wanted = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(wanted)) throw new Error(`"${email}" is not an e-mail address.`);
  const { data, error } = await client
    .from('profiles')
    .select('id, email')
    .ilike('email', wanted.replace(/[\\%_]/g, '\\$&'));
  if (error) throw new Error(`Could not look up ${wanted}: ${error.message}`);
  const match = (data ?? []).find((row: { email: string }) => row.email.toLowerCase() === wanted) as
    { id: string } | undefined;
  if (!match) {
    throw new Error(
      `No account uses ${wanted}. The person must register first (at /register), then run this again.`,
    );
  }
  return match.id;
}

/** Inserts the admins row for this e-mail's account; an existing row is left as it is. */
export async function grantAdminByEmail(client: SupabaseClient, email: string): Promise<string> {
  // With any key but the service role, RLS hides every profile and "no account" would mislead.
  const probe = await client.from('admins').select('user_id').limit(1);
  if (probe.error) {
    throw new Error(
      `The key was refused (${probe.error.message}). Set SUPABASE_SERVICE_ROLE_KEY to the project's service_role key.`,
    );
  }
  const userId = await userIdForEmail(client, email);
  const { error } = await client
    .from('admins')
    .upsert({ user_id: userId }, { onConflict: 'user_id', ignoreDuplicates: true });
  // The database refuses accounts that never confirmed their address (a trigger on admins).
  if (error?.code === '22023') throw new Error(`${email.trim().toLowerCase()}: ${error.message}`);
  if (error) throw new Error(`Could not grant admin to ${email}: ${error.message}`);
  const { data, error: readError } = await client
    .from('admins')
    .select('user_id')
    .eq('user_id', userId)
    .maybeSingle();
  if (readError || !data)
    throw new Error(`Admin grant for ${email} did not persist${readError ? `: ${readError.message}` : ''}.`);
  return userId;
}

async function main(): Promise<void> {
  const email = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
  if (!email) {
    console.error(
      'Usage: npm run admin:grant -- <email>\n(SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY select the project.)',
    );
    process.exit(2);
  }
  const client = serviceClient();
  const userId = await grantAdminByEmail(client, email);
  console.log(`${email.trim().toLowerCase()} (${userId}) is an admin. They sign in at /admin/login.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
