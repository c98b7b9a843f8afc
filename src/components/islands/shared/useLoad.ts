import { startTransition, useCallback, useEffect, useState } from 'react';
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

export interface Answer<T> {
  /** The read this answers: the `load` it came from and the reload count at the time. */
  load: (() => Promise<T>) | null;
  key: string;
  version: number;
  data: T | null;
  error: string | null;
}

export type ReadOutcome<T> = { data: T } | { error: string };

/**
 * The core of one read, apart from React so it can be tested without a DOM: runs `load` and hands
 * its outcome to `deliver`, unless the returned cancel ran first (useLoad cancels a read as soon as
 * a newer one starts, so a slow stale answer never overwrites a newer one). An admin whose session
 * fell back to aal1 is sent to the code prompt and nothing is delivered; any other failure becomes
 * the error's own text (or `failure`), also shown as a toast when `showToast`.
 */
export function startRead<T>(
  load: () => Promise<T>,
  failure: string,
  showToast: boolean,
  deliver: (outcome: ReadOutcome<T>) => void,
): () => void {
  let current = true;
  load().then(
    (data) => {
      if (current) deliver({ data });
    },
    (error: unknown) => {
      if (!current) return;
      if (needsSecondFactor(error)) {
        sendToSecondFactor();
        return;
      }
      const text = errorText(error, failure);
      deliver({ error: text });
      if (showToast) toast.error(text);
    },
  );
  return () => {
    current = false;
  };
}

/** Whether the shown answer is the one for this read (otherwise the read is still loading). */
export function answers<T>(answer: Answer<T>, load: () => Promise<T>, key: string, version: number): boolean {
  return answer.load === load && answer.key === key && answer.version === version;
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
    return startRead(load, failure, showToast, (outcome) =>
      // An answer is drawn as a transition: React renders it in slices of a few milliseconds and
      // lets the browser handle input between them, instead of one long task per answer (a phone
      // stayed unresponsive for 100-200 ms while a page's reads arrived; docs/performance.md).
      startTransition(() =>
        setAnswer((previous) =>
          'data' in outcome
            ? { load, key, version, data: outcome.data, error: null }
            : { load, key, version, data: previous.data, error: outcome.error },
        ),
      ),
    );
  }, [load, key, failure, version, showToast]);

  const reload = useCallback(() => setVersion((n) => n + 1), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setAnswer((previous) =>
        previous.data === null ? previous : { ...previous, data: change(previous.data) },
      ),
    [],
  );
  const loading = load !== null && !answers(answer, load, key, version);
  return { data: answer.data, error: answer.error, loading, reload, update };
}
