import { lazy, useEffect, useRef, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The stand-in's words in the page's language: layouts/Base.astro writes them into every page
 * (`#part-words`, from the catalog's `document` section), so no bundle carries them. A page without
 * them (a unit test) gets an empty message, never another language's.
 */
function partWords(): { message: string; reload: string; close: string } {
  const words = typeof document === 'undefined' ? undefined : document.getElementById('part-words')?.dataset;
  return { message: words?.message ?? '', reload: words?.reload ?? '', close: words?.close ?? '' };
}

/**
 * Where the part sits, so that its stand-in fits the same place: a block in the page, an item of a
 * list (`<li>`), or a dialog (a small modal the member can close).
 */
export type PartShape = 'block' | 'item' | 'dialog';

/**
 * `React.lazy` for a part of a page that loads after it (a dialog, a list, a notice), out of the
 * first load (tests/budgets.json). If the part's code cannot be fetched (the connection dropped after
 * the page loaded, a deploy replaced the file), a plain `lazy` rejects inside React and unmounts the
 * whole island: the member's page goes blank. Here the part is replaced by a stand-in that says so
 * and offers a reload, and the rest of the page stays.
 *
 * A failed dynamic import is remembered by the browser for the page's life, so the way back is a
 * reload, not a second try. Every `lazy` in src goes through here (src/lib/lazy-parts.test.ts).
 */
export function lazyPart<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  shape: PartShape = 'block',
  Unavailable: ComponentType<P> = standIns[shape] as ComponentType<P>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => load().catch(() => ({ default: Unavailable })));
}

function reload() {
  window.location.reload();
}

/** The message and its reload, in a paragraph (a block) or a list item. */
function StandIn({ item }: { item?: boolean }) {
  const Tag = item ? 'li' : 'p';
  const words = partWords();
  return (
    <Tag role="alert" className="text-sm text-muted">
      {words.message}{' '}
      <button type="button" onClick={reload} className="font-semibold text-ink-950 underline">
        {words.reload}
      </button>
    </Tag>
  );
}

/**
 * A dialog whose code did not arrive: the message in a native modal `<dialog>`, which keeps focus
 * inside, closes on Escape and gives focus back to the opener by itself. It does not use the shared
 * Dialog, which itself loads on demand, so the stand-in costs the first load next to nothing.
 */
function DialogStandIn({ onClose }: { onClose?: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const words = partWords();
  useEffect(() => {
    ref.current?.showModal();
    close.current?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-label={words.message}
      className="m-auto max-w-md rounded-(--radius-card) p-6 backdrop:bg-ink-950/60"
    >
      <StandIn />
      <form method="dialog" className="mt-6 text-end">
        <button ref={close} className="btn-dark">
          {words.close}
        </button>
      </form>
    </dialog>
  );
}

const standIns: Record<PartShape, ComponentType<{ onClose?: () => void }>> = {
  block: () => <StandIn />,
  item: () => <StandIn item />,
  dialog: DialogStandIn,
};
