import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { errorTextIn } from '~/lib/db-errors';
import { watchNotifications } from '~/lib/notifications';
import type { Page } from '~/lib/notification-lists';
import { appendOlder, mergeNewest, readNewest, type LiveList } from '~/lib/live-list';
import { useMemberLanguage } from './member-language';

/**
 * A newest-first list the member reads in pages by key: the newest end is live (re-read whenever the
 * member's notifications change, which every account event causes), older pages are fetched on
 * demand. Nothing shown disappears until a reload: new items go on top (~/lib/live-list). Used by
 * /user/notifications and /user/activity. A failed read shows the server's sentence on an English
 * page and `failed` (the page's words) in another language, where the server's English would not do.
 */
export function useLivePages<T extends { id: string }>(
  userId: string,
  readPage: (before: string | null) => Promise<Page<T>>,
  failed: string,
) {
  const { locale, words } = useMemberLanguage();
  const [list, setList] = useState<LiveList<T> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  // What is on screen, for the live read to know where the new items meet it.
  const shown = useRef<LiveList<T> | null>(null);
  useEffect(() => {
    shown.current = list;
  }, [list]);

  useEffect(
    () =>
      watchNotifications(userId, () => readNewest(readPage, new Set(shown.current?.items.map((i) => i.id))), {
        onData: (page) => {
          setList((previous) => mergeNewest(previous, page));
          setError(null);
        },
        onError: (err) => setError(errorTextIn(locale, err, failed)),
      }),
    [userId, readPage, locale, failed],
  );

  const next = list?.next ?? null;
  const loadOlder = useCallback(async () => {
    if (!next) return;
    setLoadingOlder(true);
    try {
      const page = await readPage(next);
      setList((previous) => previous && appendOlder(previous, page));
    } catch (err) {
      setError(errorTextIn(locale, err, words.shell.olderFailed));
    } finally {
      setLoadingOlder(false);
    }
  }, [next, readPage, locale, words]);

  /** Applies a local change (e.g. marked read) to every loaded item until the next read confirms it. */
  const update = useCallback((change: (item: T) => T) => {
    setList((previous) => previous && { ...previous, items: previous.items.map(change) });
  }, []);

  return { items: list?.items ?? null, error, hasOlder: next !== null, loadOlder, loadingOlder, update };
}

/**
 * What both lists show around their items: the error, a placeholder until the first read, the empty
 * text, and "Show older" while there is more.
 */
export function LivePagesFrame<T extends { id: string }>({
  pages,
  empty,
  children,
}: {
  pages: ReturnType<typeof useLivePages<T>>;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  const { items, error, hasOlder, loadOlder, loadingOlder } = pages;
  const { shell } = useMemberLanguage().words;
  return (
    <>
      {error && (
        <p role="alert" className="mt-4 text-sm font-medium text-danger-600">
          {error}
        </p>
      )}
      {items === null ? (
        <div className="mt-4 h-32 animate-pulse rounded bg-mist-100" aria-hidden="true" />
      ) : items.length === 0 ? (
        <p className="mt-4 text-sm text-muted">{empty}</p>
      ) : (
        children(items)
      )}
      {hasOlder && (
        <button
          type="button"
          className="btn-outline-dark mt-4"
          disabled={loadingOlder}
          onClick={() => void loadOlder()}
        >
          {loadingOlder ? shell.loadingOlder : shell.showOlder}
        </button>
      )}
    </>
  );
}
