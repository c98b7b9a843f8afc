import { isToFill, type Fillable } from '~/config/disclosures';

/**
 * A value from the firm's settings that may still be a placeholder: shown marked "To fill", as the
 * public pages do (components/site/Fillable.astro); a release build refuses placeholders.
 */
/** The mark is for the firm's staff before launch, never a client: it stays English. */
const TO_FILL = 'To fill: ';

export default function FillableText({ value }: { value: Fillable }) {
  return isToFill(value) ? (
    <mark data-to-fill className="rounded-sm bg-accent-300 px-1 text-ink-950">
      {TO_FILL}
      {value.toFill}
    </mark>
  ) : (
    <>{value}</>
  );
}
