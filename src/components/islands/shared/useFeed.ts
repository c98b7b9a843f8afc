import { useEffect, useState } from 'react';
import toast from '~/lib/toast';
import type { FeedHandlers } from '~/lib/realtime';

/**
 * One of the member's live feeds (a `watch…` of src/lib): the newest data, null until the first
 * read. A failure shows as a toast under `toastId`, so a feed that keeps failing shows one toast.
 */
export function useFeed<T>(
  watch: (userId: string, handlers: FeedHandlers<T>) => () => void,
  userId: string,
  toastId: string,
): T | null {
  const [data, setData] = useState<T | null>(null);
  useEffect(
    () =>
      watch(userId, {
        onData: setData,
        onError: (error) => toast.error(error.message, { id: toastId }),
      }),
    [watch, userId, toastId],
  );
  return data;
}
