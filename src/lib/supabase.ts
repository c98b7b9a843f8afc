import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types';

/**
 * The one browser Supabase client. Components never import supabase-js directly: they call the
 * typed modules beside this file (auth, profile, ledger, wallets, requests, contact).
 *
 * The defaults are the Supabase CLI's public local values, so `npm run dev` works with no .env;
 * a hosted project only changes these two PUBLIC_ variables. The anon key is public by design.
 */
const LOCAL_URL = 'http://127.0.0.1:54321';
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const supabaseUrl = import.meta.env.PUBLIC_SUPABASE_URL || LOCAL_URL;
const anonKey = import.meta.env.PUBLIC_SUPABASE_ANON_KEY || LOCAL_ANON_KEY;

let client: SupabaseClient<Database> | undefined;

export function supabase(): SupabaseClient<Database> {
  client ??= createClient<Database>(supabaseUrl, anonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      // PKCE: mailed links come back with a code only this browser can exchange; the landing pages
      // exchange it themselves (src/lib/auth-link.ts), never tokens from the URL (issue 20).
      detectSessionInUrl: false,
      flowType: 'pkce',
      // Each mail's link names its own verifier (sb_flow_id), so asking twice keeps both links usable.
      experimental: { appendPkceFlowIdToRedirects: true },
    },
  });
  return client;
}
