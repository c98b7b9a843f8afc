import { supabase } from './supabase';
import { toDbError } from './db-errors';
import { watchTable, type FeedHandlers } from './realtime';

/**
 * The member's notifications and account activity. Both are written in words by the database from
 * the audit log (private.member_event_words, docs/notifications.md); the browser only lists them.
 */
export interface MemberNotification {
  id: string;
  kind: string;
  title: string;
  body: string;
  /** When it became visible (an address's "ready" notice is written early and shown from then). */
  available_at: string;
  read_at: string | null;
}

export interface ActivityEvent {
  id: string;
  occurred_at: string;
  kind: string;
  /** "You", "An administrator", "Our finance team", …: never a staff member's name or e-mail. */
  actor: string;
  title: string;
  body: string;
}

/** One page of a newest-first list; `next` is the key for the following page (null: no more). */
export interface Page<T> {
  items: T[];
  next: string | null;
}

export const NOTIFICATIONS_PAGE = 20;
export const ACTIVITY_PAGE = 25;

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

function toNotification(r: Record<string, unknown>): MemberNotification {
  return {
    id: text(r.id),
    kind: text(r.kind),
    title: text(r.title),
    body: text(r.body),
    available_at: text(r.available_at),
    read_at: r.read_at === null || r.read_at === undefined ? null : text(r.read_at),
  };
}

function toActivity(r: Record<string, unknown>): ActivityEvent {
  return {
    id: text(r.id),
    occurred_at: text(r.occurred_at),
    kind: text(r.kind),
    actor: text(r.actor),
    title: text(r.title),
    body: text(r.body),
  };
}

/** A full page may be followed by more (the next read says); a short page is the last. */
function toPage<T extends { id: string }>(items: T[], size: number): Page<T> {
  return { items, next: items.length === size ? (items[items.length - 1]?.id ?? null) : null };
}

/** A page of the signed-in member's notifications, newest first, after `before` (a key from `next`). */
export async function myNotifications(
  before: string | null = null,
  size = NOTIFICATIONS_PAGE,
): Promise<Page<MemberNotification>> {
  const { data, error } = await supabase().rpc('my_notifications', {
    ...(before === null ? {} : { p_before: Number(before) }),
    p_limit: size,
  });
  if (error) throw toDbError(error, 'Your notifications could not be loaded.');
  return toPage(((data ?? []) as Record<string, unknown>[]).map(toNotification), size);
}

/** A page of the signed-in member's account events, newest first. */
export async function myActivity(
  before: string | null = null,
  size = ACTIVITY_PAGE,
): Promise<Page<ActivityEvent>> {
  const { data, error } = await supabase().rpc('my_activity', {
    ...(before === null ? {} : { p_before: Number(before) }),
    p_limit: size,
  });
  if (error) throw toDbError(error, 'Your account activity could not be loaded.');
  return toPage(((data ?? []) as Record<string, unknown>[]).map(toActivity), size);
}

export async function unreadCount(): Promise<number> {
  const { data, error } = await supabase().rpc('unread_notification_count');
  if (error) throw toDbError(error, 'Your notifications could not be counted.');
  return Number(data ?? 0);
}

/** Marks the given notifications read, or all of them when `ids` is omitted. Returns how many changed. */
export async function markRead(ids?: string[]): Promise<number> {
  const { data, error } = await supabase().rpc(
    'mark_notifications_read',
    ids ? { p_ids: ids.map(Number) } : {},
  );
  if (error) throw toDbError(error, 'Your notifications could not be marked as read.');
  return Number(data ?? 0);
}

/** The bell's accessible name, e.g. "Notifications, 3 unread". */
export function bellLabel(unread: number | null): string {
  return unread === null ? 'Notifications' : `Notifications, ${unread} unread`;
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
