import { useCallback, useEffect, useState } from 'react';
import toast from '~/lib/toast';
import { needsSecondFactor } from '~/lib/admin/errors';
import { sendToSecondFactor } from '~/lib/guard';
import { errorText } from './format';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  /** Re-reads (after an action, or on a realtime hint); the current data stays shown meanwhile. */
  reload: () => void;
}

/**
 * Loads data for an admin view and re-loads on demand. Failures reach the admin as a toast and as
 * `error`; an answer that arrives after a newer request started is dropped.
 */
export function useLoad<T>(load: () => Promise<T>, failure: string): Loaded<T> {
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<{ data: T | null; error: string | null }>({ data: null, error: null });

  useEffect(() => {
    let current = true;
    load().then(
      (data) => {
        if (current) setState({ data, error: null });
      },
      (error: unknown) => {
        if (!current) return;
        if (needsSecondFactor(error)) {
          sendToSecondFactor();
          return;
        }
        const text = errorText(error, failure);
        setState((previous) => ({ data: previous.data, error: text }));
        toast.error(text);
      },
    );
    return () => {
      current = false;
    };
  }, [load, failure, version]);

  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { ...state, reload };
}
