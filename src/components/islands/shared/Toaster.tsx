import { lazy, Suspense } from 'react';

// Loaded after the page hydrates (see lib/toast.ts): nothing is shown in it before a first action.
const ToastArea = lazy(() => import('./ToastArea'));

/** The page's one toast area (top-right); see ToastArea. */
export default function Toaster() {
  return (
    <Suspense fallback={null}>
      <ToastArea />
    </Suspense>
  );
}
