import { describe, expect, it, vi } from 'vitest';

type StatusCallback = (status: string, error?: Error) => void;
type Handler = (payload: unknown) => void;
interface FakeChannel {
  topic: string;
  bindings: { type: string; filter: unknown; handler: Handler }[];
  status?: StatusCallback;
  removed: boolean;
}
const realtime = vi.hoisted(() => ({ channels: [] as FakeChannel[], failedLoads: 0 }));

// lib/realtime.ts reaches realtime-js through supabase().realtime(), loaded on first use.
vi.mock('~/lib/supabase', () => {
  const client = {
    channel(topic: string) {
      const chan: FakeChannel = { topic, bindings: [], removed: false };
      realtime.channels.push(chan);
      const api = {
        on(type: string, filter: unknown, handler: Handler) {
          chan.bindings.push({ type, filter, handler });
          return api;
        },
        subscribe(callback: StatusCallback) {
          chan.status = callback;
          return api;
        },
        chan,
      };
      return api;
    },
    removeChannel(api: { chan: FakeChannel }) {
      api.chan.removed = true;
      return Promise.resolve('ok');
    },
  };
  // `failedLoads` loads fail first, as realtime-js's chunk does when the page is offline.
  const load = () => {
    if (realtime.failedLoads === 0) return Promise.resolve(client);
    realtime.failedLoads -= 1;
    return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
  };
  return { supabase: () => ({ realtime: load }) };
});

const { watchTable } = await import('~/lib/realtime');
// The channel's wiring is imported with realtime-js on first use; loaded here, it arrives in a tick.
await import('~/lib/realtime-channel');
const { watchProfiles } = await import('~/lib/admin/users');
const { watchReviewQueue } = await import('~/lib/admin/requests');
const { watchMessages } = await import('~/lib/admin/messages');

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** What hosted Realtime sends on a channel once its database subscription is live. */
const LIVE = {
  extension: 'postgres_changes',
  status: 'ok',
  message: 'Subscribed to PostgreSQL',
  channel: 'x',
};

const fire = (chan: FakeChannel, type: string, payload: unknown = {}) => {
  for (const b of chan.bindings) if (b.type === type) b.handler(payload);
};
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('watchTable', () => {
  it('re-reads on start, when changes go live (also after a rejoin) and on each change; stale reads never win', async () => {
    realtime.channels.length = 0;
    const reads: ReturnType<typeof deferred<number>>[] = [];
    const shown: number[] = [];
    const statuses: string[] = [];
    const stop = watchTable(
      [{ table: 'profiles', filter: 'id=eq.u1' }],
      () => {
        const d = deferred<number>();
        reads.push(d);
        return d.promise;
      },
      { onData: (v) => shown.push(v), onError: () => {}, onStatus: (s) => statuses.push(s) },
    );
    await tick(); // realtime-js arrives
    const chan = realtime.channels[0]!;
    expect(chan.bindings.filter((b) => b.type === 'postgres_changes').map((b) => b.filter)).toEqual([
      { event: '*', schema: 'public', table: 'profiles', filter: 'id=eq.u1' },
    ]);
    expect(reads).toHaveLength(1);
    chan.status?.('SUBSCRIBED');
    fire(chan, 'system', LIVE);
    fire(chan, 'postgres_changes');
    expect(reads).toHaveLength(3);
    // The newest read answers first; the two older answers arrive late and must be ignored.
    reads[2]!.resolve(3);
    await Promise.resolve();
    reads[0]!.resolve(1);
    reads[1]!.resolve(2);
    await tick();
    expect(shown).toEqual([3]);
    chan.status?.('CHANNEL_ERROR');
    chan.status?.('SUBSCRIBED');
    fire(chan, 'system', LIVE);
    expect(reads).toHaveLength(4);
    expect(statuses).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    // Another extension's system message (or a failed change feed) is not "live".
    fire(chan, 'system', { extension: 'system', status: 'ok', message: 'x' });
    expect(reads).toHaveLength(4);
    fire(chan, 'system', { extension: 'postgres_changes', status: 'error', message: 'no' });
    expect(statuses.at(-1)).toBe('reconnecting');
    stop();
    expect(chan.removed).toBe(true);
    fire(chan, 'postgres_changes');
    expect(reads).toHaveLength(4);
  });

  it('does not miss a change committed between SUBSCRIBED and the system message', async () => {
    realtime.channels.length = 0;
    // The database as the reads see it; Realtime delivers nothing until the system message.
    let balance = 100;
    const shown: number[] = [];
    const stop = watchTable([{ table: 'profiles', filter: 'id=eq.u1' }], () => Promise.resolve(balance), {
      onData: (v) => shown.push(v),
      onError: () => {},
    });
    await tick();
    const chan = realtime.channels[0]!;
    await tick();
    chan.status?.('SUBSCRIBED');
    await tick();
    balance = 250; // committed now: too early for an event, too late for any read so far
    fire(chan, 'system', LIVE);
    await tick();
    expect(shown.at(-1)).toBe(250);
    stop();
  });

  it('gives every mount its own channel, so a StrictMode remount keeps one live subscription', async () => {
    realtime.channels.length = 0;
    const handlers = { onData: () => {}, onError: () => {} };
    const read = () => Promise.resolve(0);
    // Unmounted before realtime-js arrived: no channel is ever opened.
    watchTable([{ table: 'profiles', filter: 'id=eq.u1' }], read, handlers)();
    await tick();
    expect(realtime.channels).toHaveLength(0);
    const first = watchTable([{ table: 'profiles', filter: 'id=eq.u1' }], read, handlers);
    await tick();
    first();
    const second = watchTable([{ table: 'profiles', filter: 'id=eq.u1' }], read, handlers);
    await tick();
    const [a, b] = realtime.channels;
    expect(realtime.channels).toHaveLength(2);
    expect(a!.topic).not.toBe(b!.topic);
    expect(a!.removed).toBe(true);
    expect(b!.removed).toBe(false);
    second();
  });
  it('a feed whose realtime code could not load tries again, sooner when the page is back online, and catches up', async () => {
    vi.useFakeTimers();
    const page = new EventTarget();
    vi.stubGlobal('window', page);
    try {
      realtime.channels.length = 0;
      realtime.failedLoads = 3;
      let balance = 0;
      const shown: number[] = [];
      const statuses: string[] = [];
      const stop = watchTable([{ table: 'profiles', filter: 'id=eq.u1' }], () => Promise.resolve(balance), {
        onData: (v) => shown.push(v),
        onError: () => {},
        onStatus: (s) => statuses.push(s),
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(statuses).toEqual(['connecting', 'reconnecting']);
      expect(realtime.channels).toHaveLength(0);
      expect(realtime.failedLoads).toBe(2);
      // Retried after 2 s (fails again), then 4 s later (fails again): not a moment before.
      await vi.advanceTimersByTimeAsync(1_999);
      expect(realtime.failedLoads).toBe(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(realtime.failedLoads).toBe(1);
      await vi.advanceTimersByTimeAsync(3_999);
      expect(realtime.failedLoads).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(realtime.failedLoads).toBe(0);
      expect(realtime.channels).toHaveLength(0);
      // Back online: tried at once, not after the next 8 s.
      balance = 42;
      page.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
      expect(realtime.channels).toHaveLength(1);
      const chan = realtime.channels[0]!;
      fire(chan, 'system', LIVE);
      await vi.advanceTimersByTimeAsync(0);
      expect(statuses.at(-1)).toBe('live');
      expect(shown.at(-1)).toBe(42);
      // Opened once: no timer or online event opens a second channel.
      page.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(realtime.channels).toHaveLength(1);
      stop();
      expect(chan.removed).toBe(true);
    } finally {
      realtime.failedLoads = 0;
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });

  it('a feed whose code fails to load three times while online asks for a reload, and clears it if a later load succeeds', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', new EventTarget());
    try {
      realtime.channels.length = 0;
      realtime.failedLoads = 4;
      const statuses: string[] = [];
      const stop = watchTable([{ table: 'profiles', filter: 'id=eq.u1' }], () => Promise.resolve(0), {
        onData: () => {},
        onError: () => {},
        onStatus: (s) => statuses.push(s),
      });
      // Loads fail at 0, 2 and 6 s: reconnecting after the first two, stalled from the third on.
      await vi.advanceTimersByTimeAsync(0);
      expect(statuses).toEqual(['connecting', 'reconnecting']);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(statuses).toEqual(['connecting', 'reconnecting', 'reconnecting']);
      await vi.advanceTimersByTimeAsync(3_999);
      expect(statuses.at(-1)).toBe('reconnecting');
      await vi.advanceTimersByTimeAsync(1);
      expect(statuses).toEqual(['connecting', 'reconnecting', 'reconnecting', 'stalled']);
      // A fourth failure (8 s later) keeps it stalled rather than back to "reconnecting".
      await vi.advanceTimersByTimeAsync(8_000);
      expect(realtime.failedLoads).toBe(0);
      expect(statuses.at(-1)).toBe('stalled');
      // The next try (16 s later) loads, as a browser that fetches again would: live, message gone.
      await vi.advanceTimersByTimeAsync(16_000);
      expect(realtime.channels).toHaveLength(1);
      fire(realtime.channels[0]!, 'system', LIVE);
      await vi.advanceTimersByTimeAsync(0);
      expect(statuses.at(-1)).toBe('live');
      stop();
    } finally {
      realtime.failedLoads = 0;
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });

  it('a page that is offline when its feed starts does not try to load it (a failed import stays failed) until back online', async () => {
    const page = new EventTarget();
    const connection = { onLine: false };
    vi.stubGlobal('window', page);
    vi.stubGlobal('navigator', connection);
    try {
      realtime.channels.length = 0;
      realtime.failedLoads = 1; // would fail, if it were tried
      const statuses: string[] = [];
      const stop = watchTable([{ table: 'profiles', filter: 'id=eq.u1' }], () => Promise.resolve(0), {
        onData: () => {},
        onError: () => {},
        onStatus: (s) => statuses.push(s),
      });
      await tick();
      expect(statuses).toEqual(['connecting', 'reconnecting']);
      expect(realtime.failedLoads).toBe(1);
      realtime.failedLoads = 0;
      connection.onLine = true;
      page.dispatchEvent(new Event('online'));
      await tick();
      expect(realtime.channels).toHaveLength(1);
      stop();
    } finally {
      realtime.failedLoads = 0;
      vi.unstubAllGlobals();
    }
  });

  it('a page closed while its feed waits to retry never opens a channel', async () => {
    vi.useFakeTimers();
    try {
      realtime.channels.length = 0;
      realtime.failedLoads = 1;
      const stop = watchTable([{ table: 'profiles', filter: 'id=eq.u1' }], () => Promise.resolve(0), {
        onData: () => {},
        onError: () => {},
      });
      await vi.advanceTimersByTimeAsync(0);
      stop();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(realtime.channels).toHaveLength(0);
    } finally {
      realtime.failedLoads = 0;
      vi.useRealTimers();
    }
  });
});

describe('admin feeds', () => {
  it.each([
    ['watchProfiles', watchProfiles, [{ event: '*', schema: 'public', table: 'profiles' }]],
    [
      'watchReviewQueue',
      watchReviewQueue,
      [
        { event: '*', schema: 'public', table: 'deposit_notices' },
        // A valuation's credit posted or voided moves its notice (the database keeps them in step).
        { event: '*', schema: 'public', table: 'withdrawal_requests' },
      ],
    ],
    ['watchMessages', watchMessages, [{ event: 'INSERT', schema: 'public', table: 'contact_messages' }]],
  ])(
    '%s re-reads on each change and each time changes go live, not on SUBSCRIBED',
    async (_name, watch, filters) => {
      realtime.channels.length = 0;
      const onChange = vi.fn();
      const stop = watch(onChange);
      await tick();
      const chan = realtime.channels[0]!;
      expect(chan.bindings.filter((b) => b.type === 'postgres_changes').map((b) => b.filter)).toEqual(
        filters,
      );
      chan.status?.('SUBSCRIBED');
      expect(onChange).not.toHaveBeenCalled();
      fire(chan, 'system', LIVE);
      expect(onChange).toHaveBeenCalledTimes(1);
      fire(chan, 'postgres_changes');
      expect(onChange).toHaveBeenCalledTimes(1 + filters.length);
      stop();
      expect(chan.removed).toBe(true);
    },
  );
});
