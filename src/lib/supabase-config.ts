/**
 * Where the browser finds Supabase and under which key it keeps the session: read by the client
 * (supabase.ts) and by the early balance read (early-profile.ts), which must not load the client.
 *
 * The defaults are the Supabase CLI's public local values, so `npm run dev` works with no .env;
 * a hosted project only changes these two PUBLIC_ variables. The anon key is public by design.
 */
import { sessionStorageKeyFor } from './session-key';

const LOCAL_URL = 'http://127.0.0.1:54321';
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const supabaseUrl = import.meta.env.PUBLIC_SUPABASE_URL || LOCAL_URL;
export const anonKey = import.meta.env.PUBLIC_SUPABASE_ANON_KEY || LOCAL_ANON_KEY;

/** supabase-js's default key, so sessions stored by earlier builds stay signed in. */
export const sessionStorageKey = sessionStorageKeyFor(supabaseUrl);
