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
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/realtime/v1/websocket')) return;
    socket.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        return; // binary broadcast frames: not database changes
      }
      if (!Array.isArray(message) || message[3] !== 'postgres_changes') return;
      const data = (message[4] as { data?: { table?: string; type?: string } } | undefined)?.data;
      if (data?.table && data.type) heard.push({ table: data.table, type: data.type });
    });
  });
  return {
    /**
     * Resolves once the page hears a change to `table` that arrives after this call; fails if none
     * comes (the feed is broken). Call it before making the change.
     */
    nextChange(table: string, type?: HeardChange['type']): Promise<void> {
      const from = heard.length;
      return expect
        .poll(() => heard.slice(from).some((c) => c.table === table && (!type || c.type === type)), {
          message: `a realtime ${type ?? ''} change to ${table} reaches the page`,
          timeout: 20_000,
        })
        .toBe(true);
    },
  };
}
