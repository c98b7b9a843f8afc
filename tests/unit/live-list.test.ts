/**
 * /user/notifications and /user/activity keep every item they have shown while new ones arrive live
 * (~/lib/live-list). A stand-in server pages a newest-first list by key as my_notifications and
 * my_activity do; the member opens the page, shows older pages, and items arrive one at a time and
 * more than a page at once, at page sizes 1, 2 and the real ones.
 */
import { describe, expect, it } from 'vitest';
import { appendOlder, mergeNewest, readNewest, type LiveList } from '~/lib/live-list';
import { ACTIVITY_PAGE, NOTIFICATIONS_PAGE, type Page } from '~/lib/notification-lists';

interface Item {
  id: string;
  title: string;
}

/** A list on the "server", newest first, read a page of `size` at a time after a key. */
function server(size: number, count: number) {
  let last = 0;
  const rows: Item[] = [];
  const add = (n: number) => {
    for (let i = 0; i < n; i += 1) rows.unshift({ id: String(++last), title: `item ${last}` });
  };
  add(count);
  const reads: (string | null)[] = [];
  const readPage = async (before: string | null): Promise<Page<Item>> => {
    reads.push(before);
    const start = before === null ? 0 : rows.findIndex((r) => r.id === before) + 1;
    const items = rows.slice(start, start + size).map((r) => ({ ...r }));
    return { items, next: items.length === size ? (items[items.length - 1]?.id ?? null) : null };
  };
  return { rows, add, readPage, reads };
}

const ids = (list: LiveList<Item> | null) => list?.items.map((i) => i.id) ?? [];

describe.each([1, 2, NOTIFICATIONS_PAGE, ACTIVITY_PAGE])('a live list with pages of %i', (size) => {
  async function opened(count: number) {
    const s = server(size, count);
    const live = async (list: LiveList<Item> | null) =>
      mergeNewest(list, await readNewest(s.readPage, new Set(ids(list))));
    const older = async (list: LiveList<Item>) => appendOlder(list, await s.readPage(list.next));
    let list = await live(null);
    expect(ids(list)).toEqual(s.rows.slice(0, size).map((r) => r.id));
    list = await older(list);
    return { s, live, older, list };
  }

  it('a live item goes on top; the first page and the older pages keep all their items', async () => {
    const { s, live, older, list: start } = await opened(3 * size + 1);
    let list = start;
    const before = ids(list);
    expect(before).toEqual(s.rows.slice(0, 2 * size).map((r) => r.id));
    for (let arrival = 1; arrival <= size + 1; arrival += 1) {
      s.add(1);
      list = await live(list);
      expect(ids(list)).toEqual([...s.rows.slice(0, arrival).map((r) => r.id), ...before]);
    }
    // "Show older" goes on after the oldest item shown, to the end, each item once.
    while (list.next !== null) list = await older(list);
    expect(ids(list)).toEqual(s.rows.map((r) => r.id));
  });

  it('more new items than a page at once: read down to those shown, no gap', async () => {
    const { s, live, older, list: start } = await opened(2 * size + 1);
    s.add(2 * size + 1);
    const list = await live(start);
    expect(ids(list)).toEqual(s.rows.slice(0, 4 * size + 1).map((r) => r.id));
    expect(list.next).toBe(start.next);
    let rest = list;
    while (rest.next !== null) rest = await older(rest);
    expect(ids(rest)).toEqual(s.rows.map((r) => r.id));
  });

  it('a live read replaces the items it brings with their fresh copies', async () => {
    const { s, live, list: start } = await opened(2 * size);
    s.rows[0]!.title = 'read now';
    const list = await live(start);
    expect(list.items[0]).toEqual({ id: s.rows[0]!.id, title: 'read now' });
    expect(ids(list)).toEqual(ids(start));
  });

  it('a list read to its end says there is nothing older, after new items too', async () => {
    const s = server(size, size + 1);
    let list = mergeNewest(null, await readNewest(s.readPage, new Set()));
    while (list.next !== null) list = appendOlder(list, await s.readPage(list.next));
    expect(ids(list)).toEqual(s.rows.map((r) => r.id));
    s.add(3);
    list = mergeNewest(list, await readNewest(s.readPage, new Set(ids(list))));
    expect(ids(list)).toEqual(s.rows.map((r) => r.id));
    expect(list.next).toBeNull();
  });
});
