import { defineConfig } from '@playwright/test';
import { chromiumArgs, testChromiumPath } from './scripts/chromium.mjs';

// The newcomer walk (tests/newcomer): a fresh clone started with the README's commands on the
// README's ports. Kept apart from the main browser suite, which builds its own site and server.
export default defineConfig({
  testDir: 'tests/newcomer',
  // Its own folder: Playwright empties outputDir at start, and test-results/screens holds the
  // browser suite's screenshots from the step before.
  outputDir: 'test-results/newcomer',
  timeout: 12 * 60_000,
  expect: { timeout: 30_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    viewport: { width: 1440, height: 900 },
    launchOptions: { executablePath: testChromiumPath, args: chromiumArgs },
  },
});
