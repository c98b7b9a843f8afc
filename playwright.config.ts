import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { chromiumArgs, testChromiumPath } from './scripts/chromium.mjs';
import { supabasePort, siteUrl, supabaseUrl } from './scripts/e2e-ports.mjs';

const TRACE_MODES = ['off', 'on', 'retain-on-failure', 'on-first-retry', 'retain-on-first-failure'] as const;
function traceMode(wanted: string | undefined): (typeof TRACE_MODES)[number] {
  if (wanted === undefined || wanted === '') return 'off';
  const mode = TRACE_MODES.find((m) => m === wanted);
  if (!mode) throw new Error(`E2E_TRACE must be one of ${TRACE_MODES.join(', ')}; got "${wanted}"`);
  return mode;
}

// E2E_NO_SUPABASE=1 runs the public-site tests without starting the local Supabase.
const hasLocalSupabase = existsSync('supabase/local/cli.ts') && process.env.E2E_NO_SUPABASE !== '1';

export default defineConfig({
  testDir: 'tests/e2e',
  // After the web servers start: opens the test deposit wallets (the seed keeps them closed).
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: siteUrl,
    // Recording a trace of every test (to keep the failures' ones) took ~40% of the browser step's
    // time (admin-users + member-dashboard: 337 s with, 194 s without). A failure still leaves its
    // screenshot and page snapshot; E2E_TRACE=retain-on-failure records traces when chasing one.
    trace: traceMode(process.env.E2E_TRACE),
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: testChromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /security-headers\.spec\.ts|pages-stay-open\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    {
      // Pages kept open across token refreshes: alone, because it shortens the server's token lifetime.
      name: 'long-open',
      testMatch: /pages-stay-open\.spec\.ts/,
      dependencies: ['desktop'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    {
      // The whole-site CSP crawl runs after the others in a fresh worker and browser (after serving
      // the other specs, a reused Chromium has hung closing a page mid-redirect), beside the
      // long-open project: it signs nobody in, so the short token lifetime there does not touch it.
      name: 'security',
      testMatch: /security-headers\.spec\.ts/,
      dependencies: ['desktop'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: [
    ...(hasLocalSupabase
      ? [
          {
            // A fresh in-memory database per run: migrations and seed applied at start.
            command: `npx tsx supabase/local/cli.ts start --port ${supabasePort} --memory --relax-rate-limits`,
            url: `${supabaseUrl}/rest/v1/`,
            reuseExistingServer: false,
            timeout: 120_000,
            stdout: 'pipe' as const,
          },
        ]
      : []),
    {
      command: 'node scripts/e2e-site.mjs',
      url: `${siteUrl}/`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'pipe' as const,
    },
  ],
});
