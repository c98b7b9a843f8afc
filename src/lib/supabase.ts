import { AuthClient } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { RealtimeClient } from '@supabase/realtime-js';
import type { StorageClient } from '@supabase/storage-js';
import type { Database } from './database.types';

/**
 * The one browser Supabase client. Components never import a Supabase library directly: they call
 * the typed modules beside this file (auth, profile, ledger, wallets, requests, contact).
 *
 * Composed from the parts the site uses instead of supabase-js's createClient, which bundles storage,
 * functions and realtime into every page (about 60 KB gzip against 32 KB for auth + PostgREST).
 * Realtime is loaded the first time a page listens to changes (lib/realtime.ts). The wiring is
 * supabase-js's own: the same storage key, every request carries the session's token (else the
 * anon key), and realtime follows sign-in, refresh and sign-out.
 */
import { anonKey, sessionStorageKey, supabaseUrl } from './supabase-config';

type Rest = PostgrestClient<Database>;

export interface AppSupabaseClient {
  auth: InstanceType<typeof AuthClient>;
  from: Rest['from'];
  rpc: Rest['rpc'];
  /** The realtime client, loaded and signed in on first use. */
  realtime(): Promise<RealtimeClient>;
  /** The storage client (statements' files), loaded on first use; requests carry the session. */
  storage(): Promise<StorageClient>;
}

let client: AppSupabaseClient | undefined;

/**
 * A part loaded on first use and shared after. A load that failed (the page was offline, or a deploy
 * replaced the chunk) is forgotten, so the next use tries again instead of failing forever.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

function createAppClient(): AppSupabaseClient {
  const base = new URL(supabaseUrl);
  const auth = new AuthClient({
    url: new URL('auth/v1', base).href,
    headers: { Authorization: `Bearer ${anonKey}`, apikey: anonKey },
    storageKey: sessionStorageKey,
    persistSession: true,
    autoRefreshToken: true,
    // PKCE: mailed links come back with a code only this browser can exchange; the landing pages
    // exchange it themselves (src/lib/auth-link.ts), never tokens from the URL.
    detectSessionInUrl: false,
    flowType: 'pkce',
    // Each mail's link names its own verifier (sb_flow_id), so asking twice keeps both links usable.
    experimental: { appendPkceFlowIdToRedirects: true },
  });
  const sessionToken = async (): Promise<string | null> =>
    (await auth.getSession()).data.session?.access_token ?? null;
  const withAuth: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (!headers.has('apikey')) headers.set('apikey', anonKey);
    if (!headers.has('Authorization'))
      headers.set('Authorization', `Bearer ${(await sessionToken()) ?? anonKey}`);
    return fetch(input, { ...init, headers });
  };
  const rest: Rest = new PostgrestClient<Database>(new URL('rest/v1', base).href, { fetch: withAuth });

  return {
    auth,
    from: rest.from.bind(rest) as Rest['from'],
    rpc: rest.rpc.bind(rest) as Rest['rpc'],
    realtime: loadOnce(() =>
      import('@supabase/realtime-js').then(async ({ RealtimeClient: Realtime }) => {
        const url = new URL('realtime/v1', base);
        url.protocol = url.protocol.replace('http', 'ws');
        const rt = new Realtime(url.href, {
          params: { apikey: anonKey },
          accessToken: async () => (await sessionToken()) ?? anonKey,
        });
        let current: string | undefined;
        auth.onAuthStateChange((event, session) => {
          const token = session?.access_token;
          if (
            (event === 'TOKEN_REFRESHED' || event === 'SIGNED_IN' || event === 'INITIAL_SESSION') &&
            token !== current
          ) {
            current = token;
            void rt.setAuth(token);
          } else if (event === 'SIGNED_OUT') {
            current = undefined;
            void rt.setAuth();
          }
        });
        // A channel joins with the token the client holds at that moment: hold the session's before
        // handing the client out, or the first join would be anonymous (and RLS would hide
        // everything). supabase-js has it from its start; this client is created on first use.
        await rt.setAuth();
        return rt;
      }),
    ),
    storage: loadOnce(() =>
      import('@supabase/storage-js').then(
        ({ StorageClient: Storage }) => new Storage(new URL('storage/v1', base).href, {}, withAuth),
      ),
    ),
  };
}

export function supabase(): AppSupabaseClient {
  client ??= createAppClient();
  return client;
}
