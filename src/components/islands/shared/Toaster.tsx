import { Suspense } from 'react';
import { lazyPart } from './lazyPart';

// Loaded after the page hydrates (see lib/toast.ts): nothing is shown in it before a first action.
const ToastArea = lazyPart(() => import('./ToastArea'));

/** The page's one toast area (bottom-right); see ToastArea. */
export default function Toaster() {
  return (
    <Suspense fallback={null}>
      <ToastArea />
    </Suspense>
  );
}
