import { supabase } from './supabase';

/**
 * The one way the site listens to database changes. Hosted Realtime answers a join (SUBSCRIBED)
 * before the change feed behind it is running, and says so later with a `system` message
 * ("Subscribed to PostgreSQL"). A change committed in between is never delivered, so a reader
 * must re-read on that message, not on SUBSCRIBED: `onLive` fires then, on the first join and on
 * every rejoin after a dropped connection.
 */
export interface ChangeBinding {
  table: string;
  /** A Realtime filter (`column=op.value`), e.g. `user_id=eq.<uid>`. */
  filter?: string;
  event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
}

export interface ChangeFeedHandlers {
  /** A row changed. The payload is only a hint: callers re-read. */
  onChange: () => void;
  /** Changes flow from now on; anything before may have been missed, so re-read. */
  onLive: () => void;
  /** The channel is down (it rejoins by itself) or the change feed could not start. */
  onDown?: () => void;
  /**
   * The feed's code failed to load STALL_AFTER_FAILED_LOADS times in a row while the page was online.
   * Chromium keeps a failed module load failed for the page's life (whatwg/html#6768), so there only
   * a reload brings live changes back; the retries go on, for the browsers that do fetch again, and
   * onLive still fires if one succeeds.
   */
  onStalled?: () => void;
}

/** Failed loads of the feed's code, while online, after which the member is asked to reload (2 + 4 s). */
export const STALL_AFTER_FAILED_LOADS = 3;

/** Subscribes on a channel of its own; returns the cleanup that removes exactly that channel. */
export function subscribeToChanges(
  name: string,
  bindings: ChangeBinding[],
  handlers: ChangeFeedHandlers,
): () => void {
  let stopped = false;
  let remove: (() => void) | undefined;
  // realtime-js is loaded on the first subscription (see lib/supabase.ts); a page unmounted before
  // it arrives never opens the channel.
  // The channel's wiring comes with realtime-js, on first use: nothing of it is in the first load.
  const start = () =>
    Promise.all([supabase().realtime(), import('./realtime-channel')])
      .then(([realtime, { openChannel }]) => {
        if (!stopped) remove = openChannel(realtime, name, bindings, handlers, () => stopped);
      })
      .catch(() => {
        if (stopped) return;
        failures += 1;
        if (failures >= STALL_AFTER_FAILED_LOADS) handlers.onStalled?.();
        else handlers.onDown?.();
        retryLater();
      });
  // realtime-js rejoins a channel it has opened itself. Before that, its code must load, and a browser
  // remembers a failed import() for the page's lifetime (whatwg/html#6768), so it is not tried while
  // the page is offline: the member sees "Reconnecting…" and it starts when the page is back online.
  // A load that fails anyway is tried again 2, 4, 8 … 30 s later, and at once on coming back online.
  let due = false;
  // Loads that failed (each was tried online): they space the retries and decide when it is stalled.
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const tryStart = () => {
    clearTimeout(retry);
    retry = undefined;
    if (stopped) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      due = true;
      handlers.onDown?.();
      return;
    }
    due = false;
    void start();
  };
  const retryLater = () => {
    due = true;
    retry = setTimeout(tryStart, Math.min(30_000, 2_000 * 2 ** (failures - 1)));
  };
  const onOnline = () => {
    if (due) tryStart();
  };
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
  // The channel is opened once the page is idle, not while its first answers are drawn: loading
  // realtime-js and joining cost a phone a long task at the worst moment (docs/performance.md).
  // Nothing is missed meanwhile: onLive re-reads once changes flow.
  const cancelStart = whenIdle(tryStart);
  return () => {
    stopped = true;
    cancelStart();
    clearTimeout(retry);
    if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
    remove?.();
  };
}

/**
 * Runs `work` when the browser has a quiet moment (at most a second later); at once where there is no
 * requestIdleCallback (tests in Node). Returns a cancel.
 */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') {
    work();
    return () => {};
  }
  const handle = requestIdleCallback(work, { timeout: 1000 });
  return () => cancelIdleCallback(handle);
}

/**
 * Where a live feed stands: 'live' once changes flow; 'reconnecting' while the channel is down (the
 * last values stay shown); 'stalled' when its code cannot load until the page is reloaded (onStalled).
 */
export type FeedStatus = 'connecting' | 'live' | 'reconnecting' | 'stalled';

export interface FeedHandlers<T> {
  onData: (value: T) => void;
  onError: (error: Error) => void;
  onStatus?: (status: FeedStatus) => void;
}

/**
 * A live feed: reads now, then re-reads on every postgres_changes event for `tables` and each time
 * the change feed goes live (after the first join and after every rejoin; see subscribeToChanges).
 * The event payload is only a hint; numbers always come from a fresh read. Reads that finish out of
 * order never overwrite a newer one. Returns the cleanup (removes exactly this channel), so
 * StrictMode's mount, unmount, mount leaves one subscription.
 */
export function watchTable<T>(
  tables: { table: string; filter: string }[],
  read: () => Promise<T>,
  handlers: FeedHandlers<T>,
): () => void {
  let stopped = false;
  let started = 0;
  let applied = 0;

  const refresh = () => {
    const ticket = ++started;
    read().then(
      (value) => {
        if (stopped || ticket < applied) return;
        applied = ticket;
        handlers.onData(value);
      },
      (error: unknown) => {
        if (!stopped) handlers.onError(error instanceof Error ? error : new Error(String(error)));
      },
    );
  };

  handlers.onStatus?.('connecting');
  refresh();
  const unsubscribe = subscribeToChanges(`feed:${tables.map((t) => t.table).join('+')}`, tables, {
    onChange: refresh,
    onLive: () => {
      handlers.onStatus?.('live');
      refresh();
    },
    onDown: () => handlers.onStatus?.('reconnecting'),
    onStalled: () => handlers.onStatus?.('stalled'),
  });

  return () => {
    stopped = true;
    unsubscribe();
  };
}
