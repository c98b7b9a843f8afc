import { useSyncExternalStore } from 'react';

/** From this width (Tailwind's lg) the users show as a table; narrower, as one card per user. */
const WIDE_QUERY = '(min-width: 64rem)';

function subscribeWide(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** One layout is rendered at a time (not both hidden by CSS): half the DOM, one set of labels. */
export function useWideLayout(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE_QUERY).matches,
    () => true,
  );
}
