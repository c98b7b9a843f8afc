import type { ToastOptions } from 'react-hot-toast';

/**
 * The site's toasts, with react-hot-toast (and its style engine, about 6 KB gzip) loaded after the
 * page has hydrated rather than before: the toast area mounts with every page and imports it, and a
 * toast raised before it arrives is shown as soon as it has. Same calls as react-hot-toast's.
 */
export function loadToasts(): Promise<typeof import('react-hot-toast')> {
  return import('react-hot-toast');
}

function show(kind: 'success' | 'error', message: string, options?: ToastOptions): void {
  void loadToasts().then(({ default: toast }) => toast[kind](message, options));
}

const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
};

export default toast;
