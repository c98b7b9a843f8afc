import type { subscribeToChanges } from '~/lib/realtime';
import type { supabase } from '~/lib/supabase';
import { navBadges, WORK_QUEUE_REFRESH, type WorkQueue, type WorkQueueView } from './work-queue-items';

/*
 * The admin work queue (public.admin_work_queue): what waits for staff, counted by the database for
 * the caller's role. Loaded on demand: the admin shell imports this after it has painted, so no admin
 * page's first load carries it. The client and the change feed come from the shell
 * (QueueLinks), which has them loaded already: imported here, they would make the shell list every
 * file behind them for preloading this module, about 0.2 KB of the admin pages' 120 KB budget.
 */
export interface QueueLinks {
  supabase: typeof supabase;
  subscribeToChanges: typeof subscribeToChanges;
}

export async function readWorkQueue({ supabase }: QueueLinks): Promise<WorkQueue> {
  const { data, error } = await supabase().rpc('admin_work_queue').single();
  // Only the watch below reads it, and it keeps the last counts on a failure: no words needed.
  if (error) throw new Error(error.message);
  return data;
}

/** Every table a count is read from (the money engine's pending transfers among them). */
const QUEUE_TABLES = [
  'transfers',
  'staff_proposals',
  'withdrawal_requests',
  'deposit_notices',
  'contact_messages',
  'withdrawal_freezes',
] as const;

/**
 * Reads the queue now, and again on any change to a table it counts, each time the feed (re)joins and
 * when a page says it changed a count the feed cannot see (WORK_QUEUE_REFRESH: messages read); a failed
 * read keeps the last counts (they are a hint: each page reads its own list). Returns the cleanup.
 */
export function watchWorkQueue(links: QueueLinks, onView: (view: WorkQueueView) => void): () => void {
  let stopped = false;
  let latest = 0;
  const read = () => {
    const mine = (latest += 1);
    readWorkQueue(links).then(
      (queue) => {
        // Only the newest read answers: an older one may finish after it.
        if (!stopped && mine === latest) onView({ counts: queue, badges: navBadges(queue) });
      },
      () => undefined,
    );
  };
  read();
  document.addEventListener(WORK_QUEUE_REFRESH, read);
  const unsubscribe = links.subscribeToChanges(
    'admin-work-queue',
    QUEUE_TABLES.map((table) => ({ table })),
    { onChange: read, onLive: read },
  );
  return () => {
    stopped = true;
    document.removeEventListener(WORK_QUEUE_REFRESH, read);
    unsubscribe();
  };
}
