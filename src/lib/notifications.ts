import { supabase } from './supabase';
import { toDbError } from './db-errors';
import { watchTable, type FeedHandlers } from './realtime';
import { fill } from '~/i18n/fill';

/**
 * The bell and the live feed every member page starts at once (MemberShell): the unread count and the
 * watcher. The lists themselves (notification-lists.ts) load only on the pages that show them, so the
 * other member pages do not load them before their first interaction (issue 24).
 */

export async function unreadCount(): Promise<number> {
  const { data, error } = await supabase().rpc('unread_notification_count');
  if (error) throw toDbError(error, 'Your notifications could not be counted.');
  return Number(data ?? 0);
}

/** The bell's accessible name, e.g. "Notifications, 3 unread". */
export function bellLabel(
  unread: number | null,
  words: { notifications: string; notificationsUnread: string },
): string {
  return unread === null ? words.notifications : fill(words.notificationsUnread, { count: unread });
}

/** Seconds until the member's next notice comes due (an address becoming usable), or null. */
export async function secondsToNextNotification(): Promise<number | null> {
  const { data, error } = await supabase().rpc('next_notification_in');
  if (error) throw toDbError(error, 'Your notifications could not be loaded.');
  return data === null || data === undefined ? null : Number(data);
}

/** setTimeout's longest wait (about 24.8 days); a later notice is looked for again after that. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Calls `read` now, after every change to the member's notifications (a new one, one marked read),
 * on every (re)join of the live feed, and when a notice written for later comes due (no row changes
 * then, so Realtime is silent: the feed is restarted at that moment, which re-reads). Activity listens
 * here too: each event that concerns the member writes a notification, and members cannot subscribe
 * to the audit log itself.
 */
export function watchNotifications<T>(
  userId: string,
  read: () => Promise<T>,
  handlers: FeedHandlers<T>,
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopFeed = () => {};

  const schedule = (seconds: number | null) => {
    clearTimeout(timer);
    if (stopped || seconds === null) return;
    // Half a second late rather than early: the database decides what is due.
    const wait = Math.min(Math.max(seconds * 1000 + 500, 1000), LONGEST_TIMER_MS);
    timer = setTimeout(() => {
      stopFeed();
      start();
    }, wait);
  };
  const readAndSchedule = async () => {
    const [value, seconds] = await Promise.all([read(), secondsToNextNotification()]);
    schedule(seconds);
    return value;
  };
  const start = () => {
    stopFeed = watchTable(
      [{ table: 'notifications', filter: `user_id=eq.${userId}` }],
      readAndSchedule,
      handlers,
    );
  };

  start();
  return () => {
    stopped = true;
    clearTimeout(timer);
    stopFeed();
  };
}
