import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * State that starts from the page's early read (~/lib/early-read.ts): its answer if it has come, and
 * it when it comes, unless something newer (a live feed) has been shown by then. The first render
 * then draws what the early paint already put on screen.
 */
export function useEarlyAnswer<T>(
  answer: () => T | null,
  pending: () => Promise<T | null> | undefined,
): [T | null, Dispatch<SetStateAction<T | null>>] {
  const [value, setValue] = useState<T | null>(answer);
  useEffect(() => {
    let current = true;
    void pending()?.then((early) => {
      if (current && early !== null) setValue((shown) => shown ?? early);
    });
    return () => {
      current = false;
    };
    // The page's early read is started once, before the island: nothing to follow after mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [value, setValue];
}
