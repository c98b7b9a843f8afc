import { useSyncExternalStore } from 'react';

/** What a server-rendered form's button says until its island has hydrated. */
export const FORM_NOT_READY = 'Form loading…';

const neverChanges = () => () => undefined;

interface SubmitButtonProps {
  label: string;
  busyLabel: string;
  busy: boolean;
  className: string;
  /** Also disabled when there is nothing to submit yet (e.g. no asset to choose). */
  disabled?: boolean;
  /** The label before hydration in the page's language; English's is FORM_NOT_READY. */
  notReadyLabel?: string;
}

/**
 * The submit button of a form that is rendered in the page's HTML (client:load). Until the island
 * has hydrated it is disabled and says so: a disabled default button also stops Enter in a field
 * from submitting (HTML's implicit submission), so nothing typed can leave the page in a native
 * POST or GET before our handler exists, and the typed values stay where they are.
 */
export default function SubmitButton({
  label,
  busyLabel,
  busy,
  className,
  disabled = false,
  notReadyLabel = FORM_NOT_READY,
}: SubmitButtonProps) {
  // false in the server's HTML and while hydrating (React uses the server snapshot), true after.
  const ready = useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
  return (
    <button type="submit" className={className} disabled={!ready || busy || disabled} data-ready={ready}>
      {!ready ? notReadyLabel : busy ? busyLabel : label}
    </button>
  );
}
