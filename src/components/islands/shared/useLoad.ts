import { useCallback, useEffect, useState } from 'react';
import toast from '~/lib/toast';
import { errorText, needsSecondFactor } from '~/lib/db-errors';
import { sendToSecondFactor } from '~/lib/guard';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  /** The newest read has not answered yet (the previous data, if any, stays in `data`). */
  loading: boolean;
  /** Re-reads (after an action, or on a realtime hint); the current data stays shown meanwhile. */
  reload: () => void;
  /** Changes the shown data in place (a saved row) without a round trip. */
  update: (change: (data: T) => T) => void;
}

export interface LoadOptions {
  /** Also show failures as a toast (default). Pages that print `error` in place turn it off. */
  toast?: boolean;
  /** Read again whenever this changes, for a `load` that stays the same function (a module export). */
  key?: string;
}

interface Answer<T> {
  /** The read this answers: the `load` it came from and the reload count at the time. */
  load: (() => Promise<T>) | null;
  key: string;
  version: number;
  data: T | null;
  error: string | null;
}

/**
 * The one race-guarded loader for islands: reads whenever `load` changes (memoise it on its inputs)
 * or `reload` is called, and drops an answer that arrives after a newer read started. An admin
 * whose session fell back to aal1 is sent to the code prompt instead of seeing an error. `load`
 * null means there is nothing to read yet.
 */
export function useLoad<T>(
  load: (() => Promise<T>) | null,
  failure: string,
  options: LoadOptions = {},
): Loaded<T> {
  const showToast = options.toast ?? true;
  const key = options.key ?? '';
  const [version, setVersion] = useState(0);
  const [answer, setAnswer] = useState<Answer<T>>({
    load: null,
    key: '',
    version: 0,
    data: null,
    error: null,
  });

  useEffect(() => {
    if (!load) return;
    let current = true;
    load().then(
      (data) => {
        if (current) setAnswer({ load, key, version, data, error: null });
      },
      (error: unknown) => {
        if (!current) return;
        if (needsSecondFactor(error)) {
          sendToSecondFactor();
          return;
        }
        const text = errorText(error, failure);
        setAnswer((previous) => ({ load, key, version, data: previous.data, error: text }));
        if (showToast) toast.error(text);
      },
    );
    return () => {
      current = false;
    };
  }, [load, key, failure, version, showToast]);

  const reload = useCallback(() => setVersion((n) => n + 1), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setAnswer((previous) =>
        previous.data === null ? previous : { ...previous, data: change(previous.data) },
      ),
    [],
  );
  const loading = load !== null && (answer.load !== load || answer.key !== key || answer.version !== version);
  return { data: answer.data, error: answer.error, loading, reload, update };
}
