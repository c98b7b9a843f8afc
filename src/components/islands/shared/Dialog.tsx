import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface DialogProps {
  open: boolean;
  /** Visible heading; also the dialog's accessible name. */
  title: string;
  onClose: () => void;
  children?: ReactNode;
  /** Buttons for the footer (e.g. an "Okay" button that calls onClose). */
  actions?: ReactNode;
  /** Wider panel for dialogs that hold a form. */
  size?: 'sm' | 'md';
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * Accessible modal: role="dialog" + aria-modal, named by its title, Tab/Shift+Tab stay inside,
 * Escape closes, and focus goes back to whatever opened it. Rendered in a portal so that a
 * dialog opened from inside a card or sidebar is never clipped or stacked under it.
 */
export default function Dialog({ open, title, onClose, children, actions, size = 'sm' }: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // The latest onClose without re-running the open/close effect when a parent re-renders.
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  // A layout effect, not a passive one: the key handler and the focus are in place in the same task
  // that draws the dialog. A passive effect can run a task later (always, for a dialog whose code
  // arrived after the click), and an Escape pressed in between was lost.
  useLayoutEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    if (panel) {
      // A field marked data-autofocus wins (forms); otherwise the first control, else the panel.
      const preferred = panel.querySelector<HTMLElement>('[data-autofocus]');
      (preferred ?? focusables(panel)[0] ?? panel).focus();
    }
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panelRef.current) return;
      const items = focusables(panelRef.current);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panelRef.current.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panelRef.current.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.body.style.overflow = previousOverflow;
      // The opener may have been removed (e.g. a drawer that closed); then there is nowhere to return.
      if (opener && opener.isConnected) opener.focus();
    };
  }, [open]);

  if (!open || typeof document === 'undefined') return null;

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div
        className="absolute inset-0 bg-ink-950/60"
        aria-hidden="true"
        onClick={() => onCloseRef.current()}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`relative max-h-[90dvh] w-full overflow-y-auto rounded-(--radius-card) bg-white p-6 shadow-2xl focus:outline-none sm:p-8 ${
          size === 'md' ? 'max-w-lg' : 'max-w-md'
        }`}
      >
        <h2 id={titleId} className="text-2xl text-ink-950">
          {title}
        </h2>
        {children !== undefined && <div className="mt-3 text-base text-ink-800">{children}</div>}
        {actions !== undefined && <div className="mt-6 flex flex-wrap justify-end gap-3">{actions}</div>}
      </div>
    </div>,
    document.body,
  );
}
