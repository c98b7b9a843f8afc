import type { ToastOptions } from 'react-hot-toast';

/**
 * The site's toasts, with react-hot-toast (and its style engine, about 6 KB gzip) loaded only when a
 * page raises its first toast: most visits to a form never see one, and the sign-in page's first load
 * stays within its budget (tests/budgets.json). The page's toast area (components/islands/shared/
 * Toaster.tsx) mounts at that moment; react-hot-toast keeps its toasts in one store, so a toast raised
 * before the area has mounted is shown as soon as it has. Same calls as react-hot-toast's.
 */
export function loadToasts(): Promise<typeof import('react-hot-toast')> {
  return import('react-hot-toast');
}

let raised = false;
const waiting = new Set<() => void>();

/**
 * Calls `listener` once, when the page raises its first toast (at once if it already has).
 * Returns the unsubscribe function, for an effect's cleanup.
 */
export function onFirstToast(listener: () => void): () => void {
  if (raised) {
    listener();
    return () => {};
  }
  waiting.add(listener);
  return () => waiting.delete(listener);
}

function show(kind: 'success' | 'error', message: string, options?: ToastOptions): void {
  if (!raised) {
    raised = true;
    for (const listener of waiting) listener();
    waiting.clear();
  }
  void loadToasts().then(({ default: toast }) => toast[kind](message, options));
}

const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
};

export default toast;
