import type { LedgerEntry } from '~/lib/ledger-entry';
import { periodCaption, presetPeriod, summarizePeriod, type PeriodLanguage } from '~/lib/statement-period';

/*
 * The statement chart's caption, shared by the React chart (TotalValueChart.tsx) and the early paint
 * (early-statement-paint.ts), which fills the server-rendered placeholder before React has loaded.
 * Both show the page's first period, this month, in the page's language: the placeholder carries the
 * language it is to be written in (the few sentences it needs), so the early script holds no words.
 */

export const CHART_CAPTION_CLASS = 'mt-2 text-sm text-muted';

/** The attribute that marks a caption placeholder, holding the language to write it in. */
export function captionLanguageData(language: PeriodLanguage): { 'data-caption-slot': string } {
  const { locale, words } = language;
  const needed: PeriodLanguage = {
    locale,
    words: {
      period: { quarter: words.period.quarter, range: words.period.range },
      chart: { captionOpen: words.chart.captionOpen, captionClosed: words.chart.captionClosed },
    },
  };
  return { 'data-caption-slot': JSON.stringify(needed) };
}

/** Writes the caption the chart will show for `entries` (oldest first) into every caption placeholder under `root`. */
export function fillCaptionSlots(root: ParentNode, entries: LedgerEntry[], now = Date.now()): void {
  for (const slot of root.querySelectorAll<HTMLElement>('[data-caption-slot]')) {
    const language = JSON.parse(slot.dataset['captionSlot'] ?? '') as PeriodLanguage;
    const period = presetPeriod('this_month', now, language);
    slot.removeAttribute('data-caption-slot');
    slot.textContent = periodCaption(summarizePeriod(entries, period), period, now, language);
  }
}
