import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import type { AppShellWords } from './AppShell';

export interface AppDrawerProps {
  id: string;
  /** Area name, e.g. "Member area": the drawer is named "<title> menu". */
  title: string;
  onClose: () => void;
  /** The Menu button that opened it: focus goes back there when it closes. */
  opener: RefObject<HTMLButtonElement | null>;
  /** The navigation list (the same as the sidebar's). */
  children: ReactNode;
  /** The area's words (AppShell's); English without them. */
  words?: AppShellWords | undefined;
}

/**
 * The navigation drawer below 1024 px, opened by the shell's "Menu" button. Loaded on the first
 * open, out of every member and admin page's first load (tests/budgets.json). It covers the page
 * like a modal: focus moves in, Tab stays inside, Escape or Close shuts it and focus returns.
 */
export default function AppDrawer({ id, title, onClose, opener, children, words }: AppDrawerProps) {
  const drawer = useRef<HTMLDivElement>(null);

  useEffect(() => {
    drawer.current?.querySelector<HTMLElement>('a, button')?.focus();
    const button = opener.current;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        onClose();
      } else if (event.key === 'Tab' && drawer.current) {
        const items = Array.from(drawer.current.querySelectorAll<HTMLElement>('a, button'));
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      // Back to the Menu button only if focus was still in the drawer (not moved into a dialog).
      if (button && (!document.activeElement || document.activeElement === document.body)) button.focus();
    };
  }, [onClose, opener]);

  return (
    <div className="fixed inset-0 z-40 lg:hidden">
      <div className="absolute inset-0 bg-ink-950/60" aria-hidden="true" onClick={onClose} />
      <div
        ref={drawer}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label={words?.menuLabel ?? `${title} menu`}
        className="absolute inset-y-0 inset-s-0 flex w-72 max-w-[85vw] flex-col bg-ink-900 px-4 py-6"
      >
        <div className="flex items-center justify-between px-3">
          <p className="text-xs tracking-widest text-mist-300 uppercase">{title}</p>
          <button
            type="button"
            className="min-h-11 rounded-lg px-3 text-sm font-semibold text-white hover:bg-white/10"
            onClick={onClose}
          >
            {words?.close ?? 'Close'}
          </button>
        </div>
        <nav className="mt-6" aria-label={words?.navigationLabel ?? `${title} navigation`}>
          {children}
        </nav>
      </div>
    </div>
  );
}
