import { Suspense, useEffect, useState } from 'react';
import { lazyPart } from './lazyPart';
import { onFirstToast } from '~/lib/toast';

// Loaded with the page's first toast (see lib/toast.ts): until then there is nothing to show.
const ToastArea = lazyPart(() => import('./ToastArea'));

/** The page's one toast area (bottom-right), mounted when the first toast is raised; see ToastArea. */
export default function Toaster() {
  const [raised, setRaised] = useState(false);
  useEffect(() => onFirstToast(() => setRaised(true)), []);
  if (!raised) return null;
  return (
    <Suspense fallback={null}>
      <ToastArea />
    </Suspense>
  );
}
