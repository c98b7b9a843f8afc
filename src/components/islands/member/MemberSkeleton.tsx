import type { ReactNode } from 'react';
import { useMemberLanguage } from './member-language';

interface MemberSkeletonProps {
  /**
   * The page's own first view with no member data (the balance cards, the statement's frame), drawn
   * where the page will draw it; else six grey cards.
   */
  children?: ReactNode;
  /** Rendered into the page's HTML at build time: the one copy an early paint may fill. */
  prerendered?: boolean;
}

/**
 * What a member page shows until the session is known: the shell's shape with no member data (at
 * most what the member's own stored session has just read, early-read.ts), so nothing jumps when the
 * real page appears and a visitor never sees member content.
 */
export default function MemberSkeleton({ children, prerendered = false }: MemberSkeletonProps) {
  const { words } = useMemberLanguage();
  return (
    <div
      className="min-h-dvh bg-mist-50 lg:flex"
      role="status"
      aria-label={words.shell.loading}
      data-prerendered={prerendered || undefined}
    >
      <div className="hidden w-64 shrink-0 bg-ink-900 lg:block" />
      <div className="h-[68px] bg-ink-900 lg:hidden" />
      <div className="min-w-0 flex-1">
        {/* MemberShell's header, line for line: the heading (text-2xl, sm:text-3xl) and the greeting
            (mt-1, text-base), so the page below starts where it will stay. */}
        <div className="border-b border-mist-200 bg-white px-5 py-5 sm:px-8">
          <div className="h-8 w-48 animate-pulse rounded bg-mist-200 sm:h-9" />
          <div className="mt-1 h-6 w-32 animate-pulse rounded bg-mist-100" />
        </div>
        {children ? (
          // AppShell's <main> padding: the content sits where the page will draw it. Inert: its cards
          // look like the page's buttons but do nothing until the page has taken over, so they take no
          // click or focus meanwhile (a click waits for the real button instead of being lost).
          <div className="px-5 py-6 sm:px-8 sm:py-8" inert>
            {children}
          </div>
        ) : (
          <div className="grid grid-cols-2 gap-3 px-5 py-6 sm:gap-4 sm:px-8 sm:py-8 xl:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className="card h-28 animate-pulse" />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
