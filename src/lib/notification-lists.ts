import { supabase } from './supabase';
import { toDbError } from './db-errors';
import type { Locale } from '~/i18n/locales';
import { columnText as text } from './column-text';

/**
 * The member's notifications and account activity. Both are written in words by the database from
 * the audit log (private.member_event_words, docs/notifications.md), in the language the page asks
 * for (English, Chinese or Arabic); the browser only lists them.
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

/**
 * A page of the signed-in member's notifications in `locale`, newest first, after `before` (a key
 * from `next`).
 */
export async function myNotifications(
  locale: Locale,
  before: string | null = null,
  size = NOTIFICATIONS_PAGE,
): Promise<Page<MemberNotification>> {
  const { data, error } = await supabase().rpc('my_notifications', {
    ...(before === null ? {} : { p_before: Number(before) }),
    p_limit: size,
    p_locale: locale,
  });
  if (error) throw toDbError(error, 'Your notifications could not be loaded.');
  return toPage(((data ?? []) as Record<string, unknown>[]).map(toNotification), size);
}

/** A page of the signed-in member's account events in `locale`, newest first. */
export async function myActivity(
  locale: Locale,
  before: string | null = null,
  size = ACTIVITY_PAGE,
): Promise<Page<ActivityEvent>> {
  const { data, error } = await supabase().rpc('my_activity', {
    ...(before === null ? {} : { p_before: Number(before) }),
    p_limit: size,
    p_locale: locale,
  });
  if (error) throw toDbError(error, 'Your account activity could not be loaded.');
  return toPage(((data ?? []) as Record<string, unknown>[]).map(toActivity), size);
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
