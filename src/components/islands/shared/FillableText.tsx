import { isToFill, type Fillable } from '~/config/disclosures';

/**
 * A value from the firm's settings that may still be a placeholder: shown marked "To fill", as the
 * public pages do (components/site/Fillable.astro); a release build refuses placeholders.
 */
export default function FillableText({ value }: { value: Fillable }) {
  return isToFill(value) ? (
    <mark data-to-fill className="rounded-sm bg-accent-300 px-1 text-ink-950">
      To fill: {value.toFill}
    </mark>
  ) : (
    <>{value}</>
  );
}
