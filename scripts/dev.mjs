#!/usr/bin/env node
// `npm run dev`: the embedded local Supabase on :54321 (data kept in supabase/.local/) and Astro's
// dev server on :4321, together. Ctrl-C stops both.
import concurrently from 'concurrently';

const { result } = concurrently(
  [
    { name: 'supabase', command: 'npx tsx supabase/local/cli.ts start', prefixColor: 'green' },
    { name: 'astro', command: 'npx astro dev --host 127.0.0.1 --port 4321', prefixColor: 'cyan' },
    // Waits for the local server, then ensures the dev-only admin account and prints its credentials.
    { name: 'admin', command: 'npx tsx scripts/local-admin.ts --keep-alive', prefixColor: 'magenta' },
  ],
  { killOthersOn: ['failure', 'success'], prefix: 'name' },
);
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
