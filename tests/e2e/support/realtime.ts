import { expect, type Page } from '@playwright/test';

interface HeardChange {
  table: string;
  type: string;
}

/**
 * Records the database changes a page hears over Supabase Realtime (postgres_changes frames on its
 * websocket). Call it before the page opens its socket (before navigating). Tests then wait for the
 * change to arrive, an event, instead of giving the page a fixed time window, and only then look for
 * it on screen: a loaded machine is slower, not wrong.
 */
export function watchRealtime(page: Page) {
  const heard: HeardChange[] = [];
  /** Per open socket: the tables of the channels the server has accepted (phx_reply ok to a join). */
  const joined = new Map<object, Set<string>>();
  const parse = (payload: string | Buffer): unknown => {
    try {
      return JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
    } catch {
      return undefined; // binary broadcast frames: not database changes
    }
  };
  // A new document's channels are its own: the old page's socket may report its close later.
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) joined.clear();
  });
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/realtime/v1/websocket')) return;
    const tables = new Set<string>();
    const pendingJoins = new Map<string, string[]>();
    joined.set(socket, tables);
    socket.on('close', () => joined.delete(socket));
    socket.on('framesent', ({ payload }) => {
      const message = parse(payload);
      if (!Array.isArray(message) || message[3] !== 'phx_join') return;
      const config = (message[4] as { config?: { postgres_changes?: { table?: string }[] } } | undefined)
        ?.config;
      const wanted = (config?.postgres_changes ?? []).map((c) => c.table).filter((t): t is string => !!t);
      pendingJoins.set(String(message[1]), wanted);
    });
    socket.on('framereceived', ({ payload }) => {
      const message = parse(payload);
      if (!Array.isArray(message)) return;
      if (message[3] === 'phx_reply') {
        const wanted = pendingJoins.get(String(message[1]));
        if (wanted && (message[4] as { status?: string } | undefined)?.status === 'ok')
          for (const table of wanted) tables.add(table);
        return;
      }
      if (message[3] !== 'postgres_changes') return;
      const data = (message[4] as { data?: { table?: string; type?: string } } | undefined)?.data;
      if (data?.table && data.type) heard.push({ table: data.table, type: data.type });
    });
  });
  return {
    /**
     * Resolves once the page's open realtime socket has a channel on `table` the server accepted: a
     * change made after that reaches the page (one made before it is caught up by the page's read,
     * but never heard as a change). Balances show before the channel is joined (early paint), so
     * seeing them is not enough.
     */
    joinedTo(table: string): Promise<void> {
      return expect
        .poll(() => [...joined.values()].some((tables) => tables.has(table)), {
          message: `the page's realtime channel on ${table} is joined`,
          timeout: 20_000,
        })
        .toBe(true);
    },
    /**
     * Starts listening for a change to `table`: first waits until the page's channel on it is
     * joined (a change made before that would be lost, not heard), then returns a function whose
     * promise resolves once such a change arrives, failing if none comes (the feed is broken).
     * Await this before making the change; await what it returns after.
     */
    async nextChange(table: string, type?: HeardChange['type']): Promise<() => Promise<void>> {
      await this.joinedTo(table);
      const from = heard.length;
      return () =>
        expect
          .poll(() => heard.slice(from).some((c) => c.table === table && (!type || c.type === type)), {
            message: `a realtime ${type ?? ''} change to ${table} reaches the page`,
            timeout: 20_000,
          })
          .toBe(true);
    },
  };
}
