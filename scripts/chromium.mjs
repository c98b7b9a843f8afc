// Debian's Chromium, never a downloaded browser: shared by the browser tests, Lighthouse and the
// benchmarks so they all run the same release with the same flags.
import { existsSync } from 'node:fs';

/** The full browser: Lighthouse, the statement job's PDFs and the benchmarks. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests' Chromium: Debian's `chromium-headless-shell` when installed (the same
 * release as `chromium`, built without the desktop browser's user interface; it is what Playwright
 * itself runs headless), else the full browser. On 2 cores it halved the renderer's CPU time and
 * took a third off the same 28 tests (212 s → 143 s). CHROMIUM_PATH overrides both.
 */
const headlessShellPath = '/usr/bin/chromium-headless-shell';
export const testChromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShellPath) ? headlessShellPath : chromiumPath);

// These keep it quiet on a closed network (no update checks, sync or QUIC probes).
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
