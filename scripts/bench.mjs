#!/usr/bin/env node
// `npm run bench`: every benchmark the project has, one after another (they share 2 CPU cores, so
// never in parallel), then one summary table.
//
// The list is package.json's scripts named bench:* plus lighthouse; each runs only if the file its
// script names exists (a benchmark still being written is skipped with a note, not failed).
//
// Summary convention: a benchmark may write JSON to the path in the BENCH_RESULT_FILE environment
// variable, shaped { "metrics": [ { "name": "p95 page load", "value": 123, "unit": "ms" } ] }; those
// numbers appear in the table. Otherwise the table shows its status and wall time, and its own
// numbers stay in its output above. Exit code 1 if any benchmark that ran failed (for example a
// Lighthouse budget broken), so CI can call this too.
//
// First builds the site into dist/ (npm run build) so that every benchmark measures the current
// source; the Lighthouse run serves that same build. Options: --only bench:pages,lighthouse (a
// subset), --skip-build (measure the dist/ that is there).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { values } = parseArgs({
  options: { only: { type: 'string' }, 'skip-build': { type: 'boolean', default: false } },
});

/** @type {Record<string, string>} */
const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts ?? {};
const names = Object.keys(scripts)
  .filter((name) => name.startsWith('bench:') || name === 'lighthouse')
  // Lighthouse last: it is the slowest and builds the site itself.
  .sort((a, b) => Number(a === 'lighthouse') - Number(b === 'lighthouse'));
const wanted = values.only ? values.only.split(',') : names;

/** The file a script runs: the first argument that looks like a script path. @param {string} command */
function scriptFile(command) {
  return command.split(/\s+/).find((part) => /\.(m?js|ts|mts)$/.test(part));
}

/** @typedef {{ name: string, status: 'ok' | 'failed' | 'skipped', seconds: number, note: string, metrics: Array<{ name: string, value: number | string, unit?: string }> }} Row */
/** @type {Row[]} */
const rows = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-bench-'));

if (!values['skip-build']) {
  console.log('=== build: npm run build');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('Build failed: no benchmark can run.');
    process.exit(1);
  }
}

for (const name of names.filter((n) => wanted.includes(n))) {
  const command = scripts[name] ?? '';
  const file = scriptFile(command);
  if (!file || !fs.existsSync(path.join(root, file))) {
    rows.push({
      name,
      status: 'skipped',
      seconds: 0,
      note: `${file ?? command} does not exist yet`,
      metrics: [],
    });
    continue;
  }
  const resultFile = path.join(tmp, `${name.replace(/\W/g, '_')}.json`);
  console.log(`\n=== ${name}: ${command}`);
  const started = Date.now();
  const result = spawnSync('npm', ['run', '--silent', name], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      BENCH_RESULT_FILE: resultFile,
      LIGHTHOUSE_DIR: process.env.LIGHTHOUSE_DIR ?? 'dist',
    },
  });
  const seconds = (Date.now() - started) / 1000;
  /** @type {Row['metrics']} */
  let metrics = [];
  let note = '';
  if (fs.existsSync(resultFile)) {
    try {
      metrics = JSON.parse(fs.readFileSync(resultFile, 'utf8')).metrics ?? [];
    } catch {
      note = 'unreadable BENCH_RESULT_FILE';
    }
  } else {
    note = 'numbers in its output above';
  }
  rows.push({
    name,
    status: result.status === 0 ? 'ok' : 'failed',
    seconds,
    note: result.status === 0 ? note : `exit ${result.status ?? result.signal}`,
    metrics,
  });
}
fs.rmSync(tmp, { recursive: true, force: true });

/** @type {string[][]} */
const table = [];
for (const row of rows) {
  const head = [row.name, row.status, row.status === 'skipped' ? '-' : `${row.seconds.toFixed(0)} s`];
  if (row.metrics.length === 0) table.push([...head, row.note, '']);
  row.metrics.forEach((m, i) => {
    table.push([...(i === 0 ? head : ['', '', '']), m.name, `${m.value}${m.unit ? ` ${m.unit}` : ''}`]);
  });
  if (row.metrics.length && row.note) table.push(['', '', '', row.note, '']);
}
const header = ['benchmark', 'status', 'time', 'metric', 'value'];
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => (r[i] ?? '').length)));
const line = (/** @type {string[]} */ cells) =>
  cells
    .map((c, i) => c.padEnd(widths[i] ?? 0))
    .join('  ')
    .trimEnd();
console.log('\n=== Benchmark summary');
console.log(line(header));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const r of table) console.log(line(r));

const failed = rows.filter((r) => r.status === 'failed');
if (failed.length) {
  console.log(`\nFailed: ${failed.map((r) => r.name).join(', ')}`);
  process.exitCode = 1;
}
