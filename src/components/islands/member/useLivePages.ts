import { useCallback, useEffect, useState } from 'react';
import { errorText } from '~/lib/db-errors';
import { watchNotifications, type Page } from '~/lib/notifications';

/**
 * A newest-first list the member reads in pages by key: the first page is live (re-read whenever the
 * member's notifications change, which every account event causes), older pages are fetched on
 * demand and kept. Used by /user/notifications and /user/activity.
 */
export function useLivePages<T extends { id: string }>(
  userId: string,
  readPage: (before: string | null) => Promise<Page<T>>,
) {
  const [head, setHead] = useState<Page<T> | null>(null);
  const [older, setOlder] = useState<Page<T> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);

  useEffect(
    () =>
      watchNotifications(userId, () => readPage(null), {
        onData: (page) => {
          setHead(page);
          setError(null);
        },
        onError: (err) => setError(err.message),
      }),
    [userId, readPage],
  );

  // The head may have grown into what was fetched as older: each item shows once, head first.
  const headIds = new Set(head?.items.map((i) => i.id));
  const items = head ? [...head.items, ...(older?.items ?? []).filter((i) => !headIds.has(i.id))] : null;
  const next = older ? older.next : (head?.next ?? null);

  const loadOlder = useCallback(async () => {
    if (!next) return;
    setLoadingOlder(true);
    try {
      const page = await readPage(next);
      setOlder((previous) => ({ items: [...(previous?.items ?? []), ...page.items], next: page.next }));
    } catch (err) {
      setError(errorText(err, 'Older entries could not be loaded.'));
    } finally {
      setLoadingOlder(false);
    }
  }, [next, readPage]);

  /** Applies a local change (e.g. marked read) to every loaded item until the next read confirms it. */
  const update = useCallback((change: (item: T) => T) => {
    setHead((page) => page && { ...page, items: page.items.map(change) });
    setOlder((page) => page && { ...page, items: page.items.map(change) });
  }, []);

  return { items, error, setError, hasOlder: next !== null, loadOlder, loadingOlder, update };
}
