import { chartCaption, defaultChartAccount, latestBalance, type LedgerEntry } from '~/lib/ledger-entry';

/*
 * The statement chart's caption, shared by the React chart (BalanceChart.tsx) and the early paint
 * (early-statement-paint.ts), which fills the server-rendered placeholder before React has loaded.
 */

export const CHART_CAPTION_CLASS = 'mt-2 text-sm text-muted';

/**
 * Writes the caption the chart will show for `entries` (oldest first) into every caption placeholder
 * under `root`; nothing when the default account has no entry (the chart then says so itself).
 */
export function fillCaptionSlots(root: ParentNode, entries: LedgerEntry[]): void {
  const account = defaultChartAccount(entries);
  const balance = latestBalance(entries, account);
  if (balance === undefined) return;
  for (const slot of root.querySelectorAll<HTMLElement>('[data-caption-slot]')) {
    slot.removeAttribute('data-caption-slot');
    slot.textContent = chartCaption(account, balance);
  }
}
