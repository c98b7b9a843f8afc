import { anonKey, sessionStorageKey, supabaseUrl } from './supabase-config';
import { PROFILE_COLUMNS, toProfile, type Profile } from './profile-row';

/*
 * The member's balances before React and the Supabase client have arrived (issue 24: balances painted
 * within 2.0 s on a phone). A page that shows balances starts this read from a tiny script of its own,
 * with the session the client stored, and paints the values into its server-rendered placeholders;
 * the island then starts from the same values, so nothing blinks when it takes over.
 *
 * It is a read-only convenience with the caller's own token: RLS decides what comes back exactly as
 * for the client (a member still owing a second factor gets nothing), and any failure (no session, a
 * token near its end, a network error) just means "no early values": the island's own read, which
 * refreshes tokens and reports errors, follows regardless.
 */

/** A stored session still good for one request. */
export interface StoredSession {
  accessToken: string;
  userId: string;
}

/**
 * A token this close to its end is left to the client, which refreshes it first: the early read
 * never refreshes (that would race the client's own refresh and could spend the refresh token twice).
 */
export const EARLY_EXPIRY_MARGIN_S = 30;

/** The session supabase-js keeps in localStorage, if it is usable now; null on anything else. */
export function readStoredSession(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
  nowS: number = Date.now() / 1000,
): StoredSession | null {
  try {
    const raw = storage?.getItem(sessionStorageKey);
    if (!raw) return null;
    const stored = JSON.parse(raw) as {
      access_token?: unknown;
      expires_at?: unknown;
      user?: { id?: unknown };
    };
    const token = stored.access_token;
    const userId = stored.user?.id;
    const expiresAt = stored.expires_at;
    if (typeof token !== 'string' || !token || typeof userId !== 'string' || !userId) return null;
    if (typeof expiresAt !== 'number' || expiresAt - EARLY_EXPIRY_MARGIN_S <= nowS) return null;
    return { accessToken: token, userId };
  } catch {
    // Unreadable storage (private mode, a value another script wrote): no early values.
    return null;
  }
}

/** The profile request the client would send (postgrest-js drops the spaces of a select list too). */
export function earlyProfileRequest(session: StoredSession): { url: string; init: RequestInit } {
  const url = new URL('rest/v1/profiles', new URL(supabaseUrl));
  url.searchParams.set('select', PROFILE_COLUMNS.replace(/\s+/g, ''));
  url.searchParams.set('id', `eq.${session.userId}`);
  return {
    url: url.href,
    init: {
      headers: {
        apikey: anonKey,
        Authorization: `Bearer ${session.accessToken}`,
        Accept: 'application/json',
      },
    },
  };
}

/** One member's row, or null when the answer is anything but exactly that member's row. */
async function readEarlyProfile(
  fetcher: typeof fetch,
  storage?: Pick<Storage, 'getItem'>,
): Promise<Profile | null> {
  const session = readStoredSession(storage);
  if (!session) return null;
  const { url, init } = earlyProfileRequest(session);
  const response = await fetcher(url, init);
  if (!response.ok) return null;
  const rows: unknown = await response.json();
  if (!Array.isArray(rows) || rows.length !== 1) return null;
  const profile = toProfile(rows[0]);
  return profile.id === session.userId ? profile : null;
}

/**
 * The read's state lives on the window, not in this module: the page runs this code inline, bundled
 * on its own (scripts/inline-script.mjs), and the island's copy of the module must see the same read.
 */
interface EarlyRead {
  pending?: Promise<Profile | null>;
  settled: Profile | null;
}
const EARLY_READ = Symbol.for('liquid-capital.early-profile');

function earlyRead(): EarlyRead {
  const holder = globalThis as typeof globalThis & { [EARLY_READ]?: EarlyRead };
  return (holder[EARLY_READ] ??= { settled: null });
}

/** Starts the early read (once per page); never rejects. */
export function startEarlyProfile(
  fetcher: typeof fetch = (...args) => fetch(...args),
  storage?: Pick<Storage, 'getItem'>,
): Promise<Profile | null> {
  const read = earlyRead();
  read.pending ??= readEarlyProfile(fetcher, storage).then(
    (profile) => (read.settled = profile),
    () => null,
  );
  return read.pending;
}

/** The early read, if this page started one. */
export function pendingEarlyProfile(): Promise<Profile | null> | undefined {
  return earlyRead().pending;
}

/** Its result, once it has come (null before, or when there was none). */
export function earlyProfile(): Profile | null {
  return earlyRead().settled;
}

/** For tests: forget the read, as a new page would. */
export function resetEarlyProfile(): void {
  const read = earlyRead();
  delete read.pending;
  read.settled = null;
}
