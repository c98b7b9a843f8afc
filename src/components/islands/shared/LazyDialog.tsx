import { Suspense } from 'react';
import { lazyPart } from './lazyPart';
import type { DialogProps } from './Dialog';

const Dialog = lazyPart(() => import('./Dialog'), 'dialog');

/**
 * `Dialog` loaded on its first opening: a page whose dialogs stay shut (a confirm, a notice) does not
 * ship the modal's code before its first interaction (issue 24, docs/performance.md). Shut, it renders
 * nothing, as `Dialog` does; unmounting on close runs the same cleanup (focus goes back to the opener).
 */
export default function LazyDialog(props: DialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
