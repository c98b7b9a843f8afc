#!/usr/bin/env node
// `node scripts/run-ts.mjs <script.ts> [args]`: runs a TypeScript command (the admin:* scripts) with
// tsx on Node 24, bringing Node 24 first on an older Node as `npm run dev` does. supabase-js needs it:
// on Node 20 its client refuses to start (no native WebSocket).
import { spawnSync } from 'node:child_process';
import { runUnderSupportedNode } from './node-runtime.mjs';

await runUnderSupportedNode(import.meta.url);

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('Usage: node scripts/run-ts.mjs <script.ts> [args]');
  process.exit(2);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
