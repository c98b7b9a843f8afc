import type { LedgerEntry } from '~/lib/ledger-entry';
import { periodCaption, presetPeriod, summarizePeriod } from '~/lib/statement-period';

/*
 * The statement chart's caption, shared by the React chart (TotalValueChart.tsx) and the early paint
 * (early-statement-paint.ts), which fills the server-rendered placeholder before React has loaded.
 * Both show the page's first period: this month.
 */

export const CHART_CAPTION_CLASS = 'mt-2 text-sm text-muted';

/** Writes the caption the chart will show for `entries` (oldest first) into every caption placeholder under `root`. */
export function fillCaptionSlots(root: ParentNode, entries: LedgerEntry[], now = Date.now()): void {
  const period = presetPeriod('this_month', now);
  const caption = periodCaption(summarizePeriod(entries, period), period, now);
  for (const slot of root.querySelectorAll<HTMLElement>('[data-caption-slot]')) {
    slot.removeAttribute('data-caption-slot');
    slot.textContent = caption;
  }
}
