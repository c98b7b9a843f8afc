#!/usr/bin/env node
// `npm run dev`: the embedded local Supabase on :54321 (data kept in supabase/.local/) and Astro's
// dev server on :4321, together. Ctrl-C stops every process it started.
import { runUnderSupportedNode } from './node-runtime.mjs';

await runUnderSupportedNode(import.meta.url);

const { default: concurrently } = await import('concurrently');

// The children run on this very Node binary (not whatever `npx` finds first on PATH).
const node = JSON.stringify(process.execPath);
const tsx = `${node} --import tsx`;

const { result } = concurrently(
  [
    { name: 'supabase', command: `${tsx} supabase/local/cli.ts start`, prefixColor: 'green' },
    {
      name: 'astro',
      command: `${node} node_modules/astro/bin/astro.mjs dev --host 127.0.0.1 --port 4321`,
      prefixColor: 'cyan',
    },
    // Waits for the local server, then ensures the dev-only admin account and prints its credentials.
    { name: 'admin', command: `${tsx} scripts/local-admin.ts --keep-alive`, prefixColor: 'magenta' },
  ],
  { killOthersOn: ['failure', 'success'], prefix: 'name' },
);
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
