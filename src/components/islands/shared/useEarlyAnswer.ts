import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { EarlyRead } from '~/lib/early-read';

/**
 * State that starts from the page's early read (~/lib/early-read.ts): its answer if it has come, and
 * it when it comes, unless something newer (a live feed) has been shown by then. The first render
 * then draws what the early paint already put on screen.
 */
export function useEarlyAnswer<T>(read: EarlyRead<T>): [T | null, Dispatch<SetStateAction<T | null>>] {
  const [value, setValue] = useState<T | null>(read.answer);
  useEffect(() => {
    let current = true;
    void read.pending()?.then((early) => {
      if (current && early !== null) setValue((shown) => shown ?? early);
    });
    return () => {
      current = false;
    };
  }, [read]);
  return [value, setValue];
}
