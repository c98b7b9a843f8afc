import { anonKey, sessionStorageKey } from './supabase-config';

/*
 * Reads a page makes before React and the Supabase client have arrived (issue 24: the first screen's
 * data painted within 2.0 s on a phone). The page runs them from a small inline script with the
 * session the client stored, paints the answer into its server-rendered skeleton, and the island
 * starts from the same answer, so nothing blinks when it takes over (early-profile.ts,
 * admin/early-staff.ts).
 *
 * They are read-only conveniences with the caller's own token: the database decides what comes back
 * exactly as for the client (RLS, function checks, the aal rules), and any failure (no session, a
 * token near its end, a network error, an unexpected answer) just means "no early answer": the
 * island's own read, which refreshes tokens and reports errors, follows regardless.
 */

/** A stored session still good for one request. */
export interface StoredSession {
  accessToken: string;
  userId: string;
  email: string;
}

/**
 * A token this close to its end is left to the client, which refreshes it first: an early read never
 * refreshes (that would race the client's own refresh and could spend the refresh token twice).
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
      user?: { id?: unknown; email?: unknown };
    };
    const token = stored.access_token;
    const userId = stored.user?.id;
    const expiresAt = stored.expires_at;
    if (typeof token !== 'string' || !token || typeof userId !== 'string' || !userId) return null;
    if (typeof expiresAt !== 'number' || expiresAt - EARLY_EXPIRY_MARGIN_S <= nowS) return null;
    const email = typeof stored.user?.email === 'string' ? stored.user.email : '';
    return { accessToken: token, userId, email };
  } catch {
    // Unreadable storage (private mode, a value another script wrote): no early answer.
    return null;
  }
}

/** The headers the client sends with a signed-in request. */
export function signedInHeaders(session: StoredSession): Record<string, string> {
  return { apikey: anonKey, Authorization: `Bearer ${session.accessToken}`, Accept: 'application/json' };
}

/** What an early read does with the stored session; null when the answer is not the expected one. */
export type EarlyReader<T> = (session: StoredSession, fetcher: typeof fetch) => Promise<T | null>;

/**
 * The reads' state lives on the window, not in this module: the page runs this code inline, bundled on
 * its own (scripts/inline-script.mjs), and the island's copy of the module must see the same reads.
 */
interface EarlyRead {
  pending: Promise<unknown>;
  settled: unknown;
}
const EARLY_READS = Symbol.for('liquid-capital.early-reads');

function earlyReads(): Map<string, EarlyRead> {
  const holder = globalThis as typeof globalThis & { [EARLY_READS]?: Map<string, EarlyRead> };
  return (holder[EARLY_READS] ??= new Map());
}

/** Starts the read named `key` (once per page); never rejects. */
export function startEarlyRead<T>(
  key: string,
  reader: EarlyReader<T>,
  fetcher: typeof fetch = (...args) => fetch(...args),
  storage?: Pick<Storage, 'getItem'>,
): Promise<T | null> {
  const reads = earlyReads();
  const existing = reads.get(key);
  if (existing) return existing.pending as Promise<T | null>;
  const read: EarlyRead = { pending: Promise.resolve(null), settled: null };
  const session = readStoredSession(storage);
  read.pending = (session ? reader(session, fetcher) : Promise.resolve(null)).then(
    (answer) => (read.settled = answer),
    () => null,
  );
  reads.set(key, read);
  return read.pending as Promise<T | null>;
}

/** The read named `key`, if this page started one. */
export function pendingEarlyRead<T>(key: string): Promise<T | null> | undefined {
  return earlyReads().get(key)?.pending as Promise<T | null> | undefined;
}

/** Its answer, once it has come (null before, or when there was none). */
export function earlyAnswer<T>(key: string): T | null {
  return (earlyReads().get(key)?.settled ?? null) as T | null;
}

/** For tests: forget every read, as a new page would. */
export function resetEarlyReads(): void {
  earlyReads().clear();
}

/**
 * How long the islands wait for an early read at most: past this the page's own code goes ahead (a
 * slow API then costs React no more than this).
 */
export const ISLAND_HOLD_CAP_MS = 1000;

type IslandDirective = (
  load: () => Promise<unknown>,
  options: unknown,
  element: HTMLElement,
) => Promise<void> | void;

/**
 * Holds the page's islands of the given client directives (client:only by default; the form pages
 * also client:load) until `ready` settles, at most `capMs`, so their scripts do not compete with the
 * first paint for the network and the main thread (on a phone, 160 KB of island ahead of the early
 * read cost more than a second of the balances' paint). A tab opened in the background paints
 * nothing until shown: there the cap is what lets the islands go.
 *
 * Astro starts an island by calling the directive it registers on window.Astro under the directive's
 * name (a function of a loader, the island's options and its element: the contract of Astro's client
 * directives). This wraps that function as Astro registers it. Were Astro to register it some other
 * way, the wrapper would simply not be used and the islands would load at once, as without it.
 */
export function holdIslandsUntil(
  ready: Promise<unknown>,
  capMs: number = ISLAND_HOLD_CAP_MS,
  directives: readonly string[] = ['only'],
): void {
  const holder = globalThis as typeof globalThis & { Astro?: Record<string, unknown> };
  const astro = (holder.Astro ??= {});
  const released = Promise.race([ready, new Promise((resolve) => setTimeout(resolve, capMs))]);
  for (const name of directives) {
    let registered: IslandDirective | undefined;
    const held: IslandDirective = async (load, options, element) => {
      await released;
      await registered?.(load, options, element);
    };
    Object.defineProperty(astro, name, {
      configurable: true,
      enumerable: true,
      get: () => (registered ? held : undefined),
      set: (directive: IslandDirective) => {
        registered = directive;
      },
    });
  }
}

/** Runs `then` once the browser has painted the current DOM (a task queued from the next frame). */
export function afterNextPaint(then: () => void): void {
  requestAnimationFrame(() => setTimeout(then, 0));
}

/**
 * Once `read` answers, runs `fill` on every skeleton the page was built with ([data-prerendered]: the
 * island's own render is never touched), after the parser has reached them: the answer can come
 * before that, since the parser waits for the stylesheet at the first inline script. The page's
 * islands start once that has been painted (holdIslandsUntil): a frame later, not as soon as the DOM
 * changed, or their scripts would download during the very frame that shows the values.
 */
export function paintEarly<T>(
  read: Promise<T | null>,
  fill: (skeleton: ParentNode, answer: T) => void,
): void {
  const painted = read.then(
    (answer) =>
      new Promise<void>((resolve) => {
        const paint = () => {
          if (answer !== null)
            for (const skeleton of document.querySelectorAll('[data-prerendered]')) fill(skeleton, answer);
          afterNextPaint(resolve);
        };
        if (document.readyState === 'loading')
          document.addEventListener('DOMContentLoaded', paint, { once: true });
        else paint();
      }),
  );
  holdIslandsUntil(painted);
}
