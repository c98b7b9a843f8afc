#!/usr/bin/env node
// `npm run check`: the type check (astro check) beside the lint and format checks. Each is mostly one
// core's work, so on 2 cores they take the time of the longest (37 s) rather than the sum (65 s).
// Each one's output is printed whole when it ends; the exit code is non-zero if any failed.
import { spawn } from 'node:child_process';

const lanes = [
  [['astro', 'check']],
  [
    ['eslint', '.', '--max-warnings', '0'],
    ['prettier', '--check', '.'],
  ],
];

function run(args) {
  return new Promise((resolve) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ args, code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ args, code: code ?? 1, output }));
  });
}

async function lane(commands) {
  const results = [];
  for (const args of commands) {
    const result = await run(args);
    process.stdout.write(`\n$ ${args.join(' ')}\n${result.output}`);
    results.push(result);
    if (result.code !== 0) break;
  }
  return results;
}

const failed = (await Promise.all(lanes.map(lane))).flat().filter((r) => r.code !== 0);
for (const { args, code } of failed) console.error(`check failed: ${args.join(' ')} (exit ${code})`);
process.exit(failed.length === 0 ? 0 : 1);
