#!/usr/bin/env node
// Builds the site for browser tests (pointing it at the test's local Supabase) and serves it.
// Set E2E_SKIP_BUILD=1 to serve an existing build.
import { execFileSync, spawn } from 'node:child_process';
import { sitePort, supabaseUrl, outDir, siteUrl } from './e2e-ports.mjs';

if (process.env.E2E_SKIP_BUILD !== '1') {
  execFileSync('npx', ['astro', 'build'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      ASTRO_OUT_DIR: outDir,
      PUBLIC_SUPABASE_URL: supabaseUrl,
      PUBLIC_SITE_URL: process.env.PUBLIC_SITE_URL ?? siteUrl,
    },
  });
}
const server = spawn(
  process.execPath,
  ['scripts/serve-static.mjs', '--dir', outDir, '--port', String(sitePort)],
  {
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
