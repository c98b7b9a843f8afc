import type { RealtimeClient } from '@supabase/realtime-js';
import type { ChangeBinding, ChangeFeedHandlers } from './realtime';

/**
 * Opens one channel for `subscribeToChanges` (lib/realtime.ts) and returns what removes exactly it.
 * Loaded with realtime-js on the first subscription, so pages carry none of it in their first load.
 */

/** The `system` message that follows a join with postgres_changes bindings. */
interface SystemMessage {
  extension?: string;
  status?: string;
}

export function openChannel(
  realtime: RealtimeClient,
  name: string,
  bindings: ChangeBinding[],
  handlers: ChangeFeedHandlers,
  stopped: () => boolean,
): () => void {
  // Unique topic: realtime-js hands back an existing channel for a reused name, and StrictMode's
  // second mount must not share the first mount's channel that is being removed.
  let channel = realtime.channel(`${name}:${crypto.randomUUID()}`);
  for (const { table, filter, event = '*' } of bindings) {
    channel = channel.on(
      'postgres_changes',
      { event: event as '*', schema: 'public', table, ...(filter ? { filter } : {}) },
      () => {
        if (!stopped()) handlers.onChange();
      },
    );
  }
  channel = channel.on('system', {}, (message: SystemMessage) => {
    if (stopped() || message.extension !== 'postgres_changes') return;
    if (message.status === 'ok') handlers.onLive();
    else handlers.onDown?.();
  });
  channel.subscribe((status) => {
    if (stopped()) return;
    if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT' || status === 'CLOSED') {
      handlers.onDown?.();
    }
  });
  return () => void realtime.removeChannel(channel);
}
