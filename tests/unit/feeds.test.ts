import { describe, expect, it, vi } from 'vitest';

type StatusCallback = (status: string) => void;
interface FakeChannel {
  topic: string;
  handlers: (() => void)[];
  filters: unknown[];
  status?: StatusCallback;
  removed: boolean;
}
const realtime = vi.hoisted(() => ({ channels: [] as FakeChannel[] }));

vi.mock('~/lib/supabase', () => ({
  supabase: () => ({
    channel(topic: string) {
      const chan: FakeChannel = { topic, handlers: [], filters: [], removed: false };
      realtime.channels.push(chan);
      const api = {
        on(_type: string, filter: unknown, handler: () => void) {
          chan.filters.push(filter);
          chan.handlers.push(handler);
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
  }),
}));

const { watchTable } = await import('~/lib/profile');

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('watchTable', () => {
  it('re-reads on start, on SUBSCRIBED (also after a reconnect) and on each change; stale reads never win', async () => {
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
    const chan = realtime.channels[0]!;
    expect(chan.filters).toEqual([{ event: '*', schema: 'public', table: 'profiles', filter: 'id=eq.u1' }]);
    expect(reads).toHaveLength(1);
    chan.status?.('SUBSCRIBED');
    chan.handlers[0]?.();
    expect(reads).toHaveLength(3);
    // The newest read answers first; the two older answers arrive late and must be ignored.
    reads[2]!.resolve(3);
    await Promise.resolve();
    reads[0]!.resolve(1);
    reads[1]!.resolve(2);
    await new Promise((r) => setTimeout(r, 0));
    expect(shown).toEqual([3]);
    chan.status?.('CHANNEL_ERROR');
    chan.status?.('SUBSCRIBED');
    expect(reads).toHaveLength(4);
    expect(statuses).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    stop();
    expect(chan.removed).toBe(true);
  });

  it('gives every mount its own channel, so a StrictMode remount keeps one live subscription', () => {
    realtime.channels.length = 0;
    const handlers = { onData: () => {}, onError: () => {} };
    const read = () => Promise.resolve(0);
    const first = watchTable([{ table: 'profiles', filter: 'id=eq.u1' }], read, handlers);
    first();
    const second = watchTable([{ table: 'profiles', filter: 'id=eq.u1' }], read, handlers);
    const [a, b] = realtime.channels;
    expect(a!.topic).not.toBe(b!.topic);
    expect(a!.removed).toBe(true);
    expect(b!.removed).toBe(false);
    second();
  });
});
