import type { SupabaseClient } from '@supabase/supabase-js';
import type { LocalSupabase } from '../../../../supabase/local/server';

/** What every REST section needs: the running server, clients, and raw HTTP for wire details. */
export interface RestContext {
  server(): LocalSupabase;
  anon(): SupabaseClient;
  service(): SupabaseClient;
  rest(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
}
