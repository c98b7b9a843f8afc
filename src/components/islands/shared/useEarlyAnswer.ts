import { startTransition, useEffect, useState, type Dispatch, type SetStateAction } from 'react';

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
  // The page's early read is started once, before the island: nothing to follow after mount. Its
  // answer is drawn as a transition, in slices (see useLoad).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => followEarly(pending(), (update) => startTransition(() => setValue(update))), []);
  return [value, setValue];
}

/**
 * Shows the early read's answer when it comes, only if nothing has been shown yet: an early read
 * can answer after the live feed's first value (a slow request, the island released by its cap),
 * and its older value must never replace the newer one. Returns the stop for the effect's cleanup,
 * after which a late answer is dropped.
 */
export function followEarly<T>(
  pending: Promise<T | null> | undefined,
  set: (update: (shown: T | null) => T | null) => void,
): () => void {
  let current = true;
  void pending?.then((early) => {
    if (current && early !== null) set((shown) => shown ?? early);
  });
  return () => {
    current = false;
  };
}
