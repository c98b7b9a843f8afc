import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';

/**
 * Screenshots kept for people to look at (every route at 360, 768 and 1440 px, dialogs, cards).
 * They check nothing themselves, and a full-page capture costs a few hundred milliseconds a page on
 * 2 cores, so `npm test` skips them: `E2E_SCREENS=1 npx playwright test <spec>` takes them, into
 * test-results/screens/ (or E2E_SCREENSHOT_DIR). The checks beside them run either way.
 */
const screensWanted = process.env.E2E_SCREENS === '1';
const SCREENS_DIR = process.env.E2E_SCREENSHOT_DIR ?? 'test-results/screens';

/** Saves `target` as `name` (a path under SCREENS_DIR) when screenshots are wanted. */
export async function saveScreen(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!screensWanted) return;
  const path = join(SCREENS_DIR, name);
  // Playwright makes the folders. A locator's capture is its own box: fullPage is a page's option.
  if ('goto' in target) await target.screenshot({ path, fullPage: options.fullPage ?? false });
  else await target.screenshot({ path });
}
