#!/usr/bin/env node
// `npm test`: every test the project has, in order of cost: static checks, unit and database
// suites (Vitest), then browser tests (Playwright against the built site and the embedded Supabase).
// Ends with one plain summary line, "N passed, N failed, N skipped", that CI reads.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runUnderSupportedNode } from './node-runtime.mjs';
import { readPlaywrightReport, readVitestReport } from './test-report.mjs';

await runUnderSupportedNode(import.meta.url);

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];
const failedTests = [];

function count(read) {
  totals.passed += read.passed;
  totals.failed += read.failed;
  totals.skipped += read.skipped;
  failedTests.push(...read.failedTests);
}

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${name}: exit ${result.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

const only = process.argv.slice(2);
const want = (step) => only.length === 0 || only.includes(step);

if (want('check')) {
  if (!run('check', 'npm', ['run', '--silent', 'check'])) totals.failed += 1;
  else totals.passed += 1;
}

if (want('unit')) {
  const vitestJson = path.join(reportDir, 'vitest.json');
  run('unit+db', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ]);
  if (fs.existsSync(vitestJson)) {
    count(readVitestReport(JSON.parse(fs.readFileSync(vitestJson, 'utf8'))));
  } else {
    totals.failed += 1;
  }
}

/** A Playwright run whose JSON report feeds the totals. */
function playwrightStep(name, args) {
  const pwJson = path.join(reportDir, `${name}.json`);
  run(name, 'npx', ['playwright', 'test', ...args, '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
  });
  if (fs.existsSync(pwJson)) {
    count(readPlaywrightReport(JSON.parse(fs.readFileSync(pwJson, 'utf8')), name));
  } else {
    totals.failed += 1;
  }
}

if (want('e2e')) playwrightStep('browser', []);

// The README's front door in a throwaway clone (tests/newcomer): needs ports 4321 and 54321 free.
if (want('newcomer')) playwrightStep('newcomer', ['-c', 'playwright.newcomer.config.ts']);

// Named again at the very end: a CI log is often read from its tail.
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}`);
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
if (failedSteps.length && totals.failed === 0) totals.failed = failedSteps.length;
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed === 0 && failedSteps.length === 0 ? 0 : 1);
