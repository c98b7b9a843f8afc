// Debian's Chromium, never a downloaded browser: shared by the browser tests, Lighthouse and the
// benchmarks so they all run the same binary with the same flags.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
