import type { Page } from './notification-lists';

/**
 * A newest-first list read in pages by key whose newest end is live (/user/notifications and
 * /user/activity): what the member has on screen, and the key of the page after its oldest item.
 *
 * The live read is a fixed-size newest page, so a new item pushes the page's last item out of it.
 * Replacing the first page with each read lost that item: it was no longer in the first page, and
 * the older pages began after it. Items are therefore never dropped here: a read's items go on top
 * and everything shown before stays below them, until the page is reloaded.
 */
export interface LiveList<T> {
  items: T[];
  /** The key for "Show older" (the oldest item's), or null when the oldest item is the last. */
  next: string | null;
}

/**
 * The newest items: the first page and, when more items arrived than a page holds since the last
 * read, the pages after it until one reaches an item already shown (or the end), so no gap opens
 * between the new items and those on screen. `shown` is empty on the first read.
 */
export async function readNewest<T extends { id: string }>(
  readPage: (before: string | null) => Promise<Page<T>>,
  shown: ReadonlySet<string>,
): Promise<Page<T>> {
  let page = await readPage(null);
  const items = [...page.items];
  while (shown.size > 0 && page.next !== null && !page.items.some((item) => shown.has(item.id))) {
    page = await readPage(page.next);
    items.push(...page.items);
  }
  return { items, next: page.next };
}

/** The list after a live read: the read's items first (fresher copies of those shown), then the rest. */
export function mergeNewest<T extends { id: string }>(
  list: LiveList<T> | null,
  newest: Page<T>,
): LiveList<T> {
  if (list === null || list.items.length === 0) return { items: newest.items, next: newest.next };
  const fresh = new Set(newest.items.map((item) => item.id));
  return {
    items: [...newest.items, ...list.items.filter((item) => !fresh.has(item.id))],
    // Read to the end: nothing is older than what is shown. Otherwise older pages still start
    // after the oldest item shown.
    next: newest.next === null ? null : list.next,
  };
}

/** The list after "Show older": the page (read after the oldest item shown) below those shown. */
export function appendOlder<T extends { id: string }>(list: LiveList<T>, older: Page<T>): LiveList<T> {
  return { items: [...list.items, ...older.items], next: older.next };
}
