import { ToastBar, Toaster as HotToaster } from 'react-hot-toast';

/** How long a toast stays (spec: 5 s); react-hot-toast pauses the timer while hovered. */
export const TOAST_DURATION_MS = 5000;

/**
 * The page's one toast area, bottom-right: at the top it covered the header's bell and menu
 * (issue 35). Error toasts are announced assertively (role="alert") and
 * carry a red edge so that a failure never looks like a success.
 */
export default function ToastArea() {
  return (
    <HotToaster
      position="bottom-right"
      toastOptions={{
        duration: TOAST_DURATION_MS,
        className: 'toast',
        style: {
          borderLeft: '4px solid var(--color-success-600)',
          color: 'var(--color-ink-900)',
          maxWidth: '26rem',
        },
        success: { className: 'toast toast-success' },
        error: {
          className: 'toast toast-error',
          style: {
            borderLeft: '4px solid var(--color-danger-600)',
            color: 'var(--color-ink-900)',
            background: 'var(--color-danger-50)',
            maxWidth: '26rem',
          },
        },
      }}
    >
      {(t) => (
        // Each toast carries its own aria props (role="status" by default); failures are alerts.
        <ToastBar
          toast={t.type === 'error' ? { ...t, ariaProps: { role: 'alert', 'aria-live': 'assertive' } } : t}
        />
      )}
    </HotToaster>
  );
}
