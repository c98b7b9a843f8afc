#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (mobile preset: emulated phone, simulated slow 4G and 4x CPU
// slowdown) on every public route, with Debian's Chromium and no network beyond 127.0.0.1.
//
// Builds the site into .lighthouse/dist (set LIGHTHOUSE_SKIP_BUILD=1 to reuse it, or LIGHTHOUSE_DIR /
// --dir to serve an existing build such as dist/, as npm run bench does), serves it with
// scripts/serve-static.mjs (so the real netlify.toml and _headers rules apply, CSP included), runs
// every route RUNS times (default 3, rounds interleaved so a burst of load on this shared machine hits
// all routes alike rather than one), takes the median of each number, prints one table and checks
// it against tests/budgets.json. Exit code 1 when a median breaks a budget beyond its margin.
//
// The site is served over HTTP/2 with TLS (a throwaway certificate for 127.0.0.1, scripts/local-tls.mjs),
// as Netlify's CDN serves it in production: the pages' module scripts share one connection and their
// repeated response headers (the CSP, HSTS and the rest: about 1.3 KB each over HTTP/1.1) are
// compressed. Over HTTP/1.1 a signed-in page's 30-odd chunks queued on six connections and carried
// about 45 KB of headers that production never sends. --http1 measures that way instead.
//
// Options: --runs N, --routes /,/login (a subset), --json FILE (full medians), --dir DIR (serve an
// existing build instead of building), --http1, --traces DIR (every run's trace and artifacts, for
// reading where the main thread's time went). BENCH_RESULT_FILE (set by scripts/bench.mjs) receives a
// summary.
// This is a benchmark, not part of `npm test`: 18 routes, 3 runs each (5 signed in), take about 12 minutes.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { defaultConfig } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { freeLowPort } from './free-port.mjs';
import { sessionInjector, signIn, startLocalSupabase } from './lighthouse-signed-in.mjs';
import { localCertificate } from './local-tls.mjs';
import { mainThreadCpuShare } from './trace-cpu-share.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const budgets = JSON.parse(fs.readFileSync(path.join(root, 'tests/budgets.json'), 'utf8'));

const { values } = parseArgs({
  options: {
    // Runs per route; without it, budgets.json's `runs`, and `signedInRuns` for signed-in routes.
    runs: { type: 'string' },
    routes: { type: 'string' },
    json: { type: 'string' },
    // A folder for every run's full Lighthouse report (JSON: the trace-derived audits, the LCP element).
    reports: { type: 'string' },
    dir: { type: 'string' },
    http1: { type: 'boolean', default: false },
    traces: { type: 'string' },
  },
});
/** @type {string[]} */
const routes = values.routes ? values.routes.split(',') : budgets.routes;
/** Routes measured signed in, and as whom ('member' or 'admin'). @type {Record<string, string>} */
const signedInAs = Object.fromEntries(
  Object.entries(budgets.signedIn ?? {}).filter(([route]) => !route.startsWith('$')),
);
const roles = new Set(routes.map((r) => signedInAs[r]).filter((r) => r !== undefined));
/**
 * How many runs a route gets: signed-in pages spend about two seconds in React after the first paint,
 * so their blocking time varies several-fold between runs on a shared machine (docs/performance.md);
 * a median of more runs steadies it. `--runs` sets every route.
 * @param {string} route
 */
function runsFor(route) {
  const wanted = values.runs ?? (signedInAs[route] ? (budgets.signedInRuns ?? budgets.runs) : budgets.runs);
  return Math.max(1, Number(wanted ?? 3));
}
const runs = Math.max(...routes.map(runsFor));

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

// The mobile preset's network and CPU throttling, as Lighthouse's default config sets it.
const MOBILE_THROTTLING = defaultConfig.settings?.throttling ?? {};
const DEFAULT_CPU = MOBILE_THROTTLING.cpuSlowdownMultiplier ?? 4;

// CPU calibration. Lighthouse's 4x slowdown assumes a host whose benchmark index (its own CPU probe,
// run at the start of every page load) is at least 1000: below that it warns that scores will
// suffer (SLOW_CPU_BENCHMARK_INDEX_THRESHOLD in core/gather/driver/environment.js; docs/throttling.md,
// "calibrating multipliers"). This machine is 2 cores shared by several people, so its index swings
// with their load (we saw 150 to 1700 within minutes). Each run is therefore gathered first, then
// audited with a multiplier scaled to that run's own index: 4 x index / 1000, at most 4. With
// simulated throttling (the mobile preset) the multiplier is used only by the audits, never while
// the page loads, so the gathered trace is the same whatever multiplier the audits apply.
// Below an index of 250 the host is so starved that even no slowdown (x1) overstates the page's
// cost; such a run is not a measurement and is gathered again (twice at most).
// LIGHTHOUSE_CPU_MULTIPLIER pins the multiplier instead.
const REFERENCE_INDEX = 1000;
// Below this share of CPU over its long tasks, the page's main thread spent most of their time
// waiting for a core (scripts/trace-cpu-share.mjs): the run measured the host as much as the page.
const BUSY_SHARE = 0.6;
const STARVED_INDEX = 250;
/** @param {number} index */
function cpuMultiplier(index) {
  const pinned = Number(process.env.LIGHTHOUSE_CPU_MULTIPLIER);
  if (pinned > 0) return pinned;
  if (!(index > 0)) return DEFAULT_CPU;
  return Math.round(Math.min(DEFAULT_CPU, Math.max(1, (DEFAULT_CPU * index) / REFERENCE_INDEX)) * 100) / 100;
}

/** @param {number[]} list */
function median(list) {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

/**
 * The element of the largest contentful paint: its text, else its markup (Lighthouse 13 reports it in
 * the LCP breakdown insight; earlier versions in largest-contentful-paint-element).
 * @param {any} lhr
 */
function lcpElementOf(lhr) {
  const details = (lhr.audits['lcp-breakdown-insight'] ?? lhr.audits['largest-contentful-paint-element'])
    ?.details;
  /** @type {any[]} */
  const items = details?.items ?? [];
  const node =
    items.find((i) => i?.type === 'node') ?? items.flatMap((i) => i?.items ?? []).find((i) => i?.node)?.node;
  // Lighthouse names the node only if it is still in the page at the end: a signed-in page's
  // skeleton, replaced by the island's own markup, is not.
  return node
    ? `${node.selector ?? ''} "${String(node.nodeLabel ?? '').slice(0, 50)}"`
    : '? (no longer in the page when the run ended)';
}

/**
 * The numbers we track from one Lighthouse result.
 * @param {any} lhr  Lighthouse's result object (typed loosely: we read a handful of documented fields)
 * @param {number} cpuShare  the share of its long tasks the page's main thread ran on a CPU (trace-cpu-share.mjs)
 */
function numbers(lhr, cpuShare) {
  /** @param {string} id */
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  /** @type {Array<{ resourceType: string, transferSize: number }>} */
  const summary = lhr.audits['resource-summary']?.details?.items ?? [];
  const bytes = (/** @type {string} */ type) =>
    summary.find((i) => i.resourceType === type)?.transferSize ?? 0;
  const failed = Object.values(lhr.audits)
    .filter(
      (a) =>
        /** @type {any} */ (a).score !== null &&
        /** @type {any} */ (a).score < 1 &&
        /** @type {any} */ (a).scoreDisplayMode === 'binary',
    )
    .map((a) => /** @type {any} */ (a).id);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    'best-practices': Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    totalBytes: audit('total-byte-weight'),
    jsBytes: bytes('script'),
    // Lighthouse's own CPU speed probe for this run: low values mean a slow or busy machine.
    benchmarkIndex: Number(lhr.environment?.benchmarkIndex ?? NaN),
    cpuMultiplier: Number(lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? NaN),
    // How much of its long tasks' wall time the main thread ran: low values mean it waited for a
    // core, time Lighthouse still counts (x the multiplier) as the page's blocking time.
    cpuShare,
    // The element Chromium reported as the largest contentful paint (the first node of the audit).
    lcpElement: lcpElementOf(lhr),
    failed,
  };
}

/**
 * Budget for a route: defaults overridden by the route's own entry (with its reason).
 * @param {string} route
 */
function budgetFor(route) {
  const own = budgets.perRoute?.[route] ?? {};
  return { ...budgets.defaults, ...own };
}

/**
 * @param {string} route
 * @param {ReturnType<typeof numbers>} m  medians
 * @returns {string[]} broken budgets
 */
function check(route, m) {
  const b = budgetFor(route);
  const margins = budgets.margins;
  /** @type {string[]} */
  const broken = [];
  for (const cat of CATEGORIES) {
    const floor = b[cat] - margins[cat];
    if (m[/** @type {'seo'} */ (cat)] < floor)
      broken.push(`${cat} ${m[/** @type {'seo'} */ (cat)]} < ${b[cat]} (margin ${margins[cat]})`);
  }
  /** @type {Array<[keyof typeof m, string, number]>} */
  const caps = [
    ['lcpMs', 'maxLcpMs', margins.timingFraction],
    ['tbtMs', 'maxTbtMs', margins.timingFraction],
    ['cls', 'maxCls', 0],
    ['totalBytes', 'maxTotalBytes', margins.bytesFraction],
    ['jsBytes', 'maxJsBytes', margins.bytesFraction],
  ];
  for (const [metric, key, fraction] of caps) {
    const cap = b[key] * (1 + fraction);
    if (/** @type {number} */ (m[metric]) > cap)
      broken.push(`${metric} ${fmt(Number(m[metric]))} > ${fmt(b[key])} (+${fraction * 100}%)`);
  }
  return broken;
}

/** @param {number} n */
function fmt(n) {
  return Number.isInteger(n) ? String(n) : n.toFixed(3);
}

/**
 * One Lighthouse run: gather (load the page, record the trace), then audit with the CPU multiplier
 * calibrated to the index measured in that same run. A trace that failed to record (NO_NAVSTART and
 * the like happen when the machine is starved) or a starved run is gathered again, twice at most:
 * that is a failed measurement, not a slow page.
 * @param {string} url
 * @param {number} port
 * @param {boolean} [signedIn]
 */
async function audit(url, port, signedIn = false) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-lighthouse-'));
  const flags = {
    output: /** @type {'json'} */ ('json'),
    logLevel: /** @type {'error'} */ ('error'),
    onlyCategories: CATEGORIES,
    // Signed in: keep the origin's storage (the session). The HTTP cache is emptied separately.
    disableStorageReset: signedIn,
  };
  let last = '';
  try {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await lighthouse(url, { ...flags, port, gatherMode: work, throttling: { ...MOBILE_THROTTLING } });
      const artifactsFile = path.join(work, 'artifacts.json');
      const artifacts = JSON.parse(fs.readFileSync(artifactsFile, 'utf8'));
      const index = Number(artifacts.BenchmarkIndex);
      const pinned = Number(process.env.LIGHTHOUSE_CPU_MULTIPLIER) > 0;
      if (!pinned && index > 0 && index < STARVED_INDEX && attempt < 3) {
        console.log(`  ${url}: host starved (CPU index ${Math.round(index)}); measuring again`);
        continue;
      }
      const throttling = { ...MOBILE_THROTTLING, cpuSlowdownMultiplier: cpuMultiplier(index) };
      // The audits refuse settings that differ from the gathered ones; only the multiplier changes.
      artifacts.settings = { ...artifacts.settings, throttling };
      fs.writeFileSync(artifactsFile, JSON.stringify(artifacts));
      const result = await lighthouse(url, { ...flags, auditMode: work, throttling });
      const trace = JSON.parse(fs.readFileSync(path.join(work, 'trace.json'), 'utf8'));
      const cpuShare = mainThreadCpuShare(trace.traceEvents ?? trace);
      if (values.traces) {
        const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}`;
        fs.cpSync(work, path.join(values.traces, name), { recursive: true });
      }
      if (result?.lhr && !result.lhr.runtimeError) return { lhr: result.lhr, cpuShare };
      last = result?.lhr?.runtimeError?.message ?? 'no result';
      console.log(`  ${url}: ${last}; measuring again`);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  throw new Error(`${url}: ${last}`);
}

async function main() {
  const given = values.dir ?? process.env.LIGHTHOUSE_DIR;
  let distDir = given ? path.resolve(given) : path.join(root, '.lighthouse/dist');
  const port = await freeLowPort();
  const tls = values.http1 ? undefined : localCertificate();
  const origin = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  // Signed-in routes need a Supabase beside the site: the local server on a fixed port (so that
  // LIGHTHOUSE_SKIP_BUILD can reuse a build made against it), fresh and seeded for every run.
  const supabase = roles.size
    ? await startLocalSupabase(root, Number(process.env.LIGHTHOUSE_SUPABASE_PORT ?? 24391))
    : undefined;
  if (!given && process.env.LIGHTHOUSE_SKIP_BUILD !== '1') {
    console.log(`Building into ${path.relative(root, distDir)} ...`);
    execFileSync('npx', ['astro', 'build'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      // The production build as is (same env as npm run build), only in its own folder.
      // With signed-in routes, the site talks to the local server started above.
      env: {
        ...process.env,
        ASTRO_OUT_DIR: distDir,
        ...(supabase ? { PUBLIC_SUPABASE_URL: supabase.url } : {}),
      },
    });
  }
  if (!fs.existsSync(path.join(distDir, 'index.html'))) throw new Error(`No build in ${distDir}`);
  distDir = path.resolve(distDir);

  const server = spawn(
    process.execPath,
    [
      path.join(root, 'scripts/serve-static.mjs'),
      '--dir',
      distDir,
      '--port',
      String(port),
      ...(tls ? ['--tls-key', tls.key, '--tls-cert', tls.cert] : []),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // Ready when it says it listens.
  await new Promise((resolve, reject) => {
    server.stdout?.on('data', (chunk) => String(chunk).includes('Serving') && resolve(undefined));
    server.on('exit', (code) => reject(new Error(`serve-static exited (${code})`)));
  });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    // Trust this run's certificate and no other.
    chromeFlags: [...chromiumArgs, ...(tls ? [`--ignore-certificate-errors-spki-list=${tls.spki}`] : [])],
    logLevel: 'silent',
  });
  /** @type {Map<string, Array<ReturnType<typeof numbers>>>} */
  const results = new Map(routes.map((r) => [r, []]));
  const started = Date.now();
  /** @type {Awaited<ReturnType<typeof sessionInjector>> | undefined} */
  let injector;
  try {
    const sessions = supabase ? await signIn(supabase.url, roles) : new Map();
    if (supabase) injector = await sessionInjector(chrome.port, origin, supabase.url);
    // One unmeasured run warms Chromium and the server.
    await audit(`${origin}/`, chrome.port);
    for (let run = 1; run <= runs; run += 1) {
      for (const route of routes) {
        if (run > runsFor(route)) continue;
        const role = signedInAs[route];
        if (role) await injector?.put(sessions.get(role));
        const { lhr, cpuShare } = await audit(`${origin}${route}`, chrome.port, Boolean(role));
        if (values.reports) {
          fs.mkdirSync(values.reports, { recursive: true });
          const name = `${route.replace(/\W+/g, '_') || 'root'}-${run}.json`;
          fs.writeFileSync(path.join(values.reports, name), JSON.stringify(lhr));
        }
        // A signed-in route that sent us to a sign-in page measured the wrong page.
        const landed = new URL(lhr.finalDisplayedUrl ?? lhr.finalUrl ?? origin).pathname;
        if (role && landed !== route)
          throw new Error(`${route} (as ${role}) ended on ${landed}: not signed in?`);
        if (role) {
          // The page may have refreshed the session, retiring the refresh token we hold.
          sessions.set(role, (await injector?.take()) ?? sessions.get(role));
          await injector?.clear();
        }
        const n = numbers(lhr, cpuShare);
        results.get(route)?.push(n);
        process.stdout.write(
          `run ${run}/${runsFor(route)} ${route}: perf ${n.performance} a11y ${n.accessibility} bp ${n['best-practices']} seo ${n.seo} LCP ${Math.round(n.lcpMs)} TBT ${Math.round(n.tbtMs)} CPU index ${Math.round(n.benchmarkIndex)} x${n.cpuMultiplier} main CPU ${Math.round(n.cpuShare * 100)}%\n`,
        );
      }
    }
  } finally {
    await injector?.close();
    await chrome.kill();
    server.kill();
    supabase?.stop();
    tls?.dispose();
  }

  /** @type {Array<{ route: string } & Omit<ReturnType<typeof numbers>, 'failed' | 'lcpElement'> & { lcpElement?: string, failed: string[], broken: string[] }>} */
  const rows = [];
  for (const [route, list] of results) {
    const m = {
      performance: median(list.map((n) => n.performance)),
      accessibility: median(list.map((n) => n.accessibility)),
      'best-practices': median(list.map((n) => n['best-practices'])),
      seo: median(list.map((n) => n.seo)),
      lcpMs: Math.round(median(list.map((n) => n.lcpMs))),
      tbtMs: Math.round(median(list.map((n) => n.tbtMs))),
      cls: Number(median(list.map((n) => n.cls)).toFixed(3)),
      totalBytes: median(list.map((n) => n.totalBytes)),
      jsBytes: median(list.map((n) => n.jsBytes)),
      benchmarkIndex: Math.round(median(list.map((n) => n.benchmarkIndex))),
      cpuMultiplier: median(list.map((n) => n.cpuMultiplier)),
      cpuShare: median(list.map((n) => n.cpuShare)),
    };
    // Audits that failed in every run: what to fix to reach 100.
    const failed = [...new Set(list.flatMap((n) => n.failed))].filter((id) =>
      list.every((n) => n.failed.includes(id)),
    );
    // The element that was largest in most runs.
    const elements = list.map((n) => n.lcpElement);
    const lcpElement = elements.sort(
      (a, b) => elements.filter((e) => e === b).length - elements.filter((e) => e === a).length,
    )[0];
    rows.push({ route, ...m, lcpElement, failed, broken: check(route, { ...m, failed }) });
  }

  const kb = (/** @type {number} */ b) => (b / 1024).toFixed(1);
  const header = [
    'route',
    'perf',
    'a11y',
    'best-pr',
    'seo',
    'LCP ms',
    'TBT ms',
    'CLS',
    'total KB',
    'JS KB',
    'CPU idx',
    'CPU x',
    'main CPU',
    'budget',
  ];
  const table = rows.map((r) => [
    r.route,
    String(r.performance),
    String(r.accessibility),
    String(r['best-practices']),
    String(r.seo),
    String(r.lcpMs),
    String(r.tbtMs),
    fmt(r.cls),
    kb(r.totalBytes),
    kb(r.jsBytes),
    String(r.benchmarkIndex),
    String(r.cpuMultiplier),
    Number.isFinite(r.cpuShare) ? `${Math.round(r.cpuShare * 100)}%` : '?',
    r.broken.length ? 'FAIL' : 'ok',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => (row[i] ?? '').length)));
  const line = (/** @type {string[]} */ cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(
    `\nLighthouse ${[...new Set(routes.map(runsFor))].join(' or ')} run(s) per route, medians, mobile preset (${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
  );
  console.log(line(header));
  for (const row of table) console.log(line(row));
  for (const r of rows) {
    console.log(`  ${r.route}: LCP element ${r.lcpElement?.slice(0, 140)}`);
    if (r.failed.length) console.log(`  ${r.route}: failing audits: ${r.failed.join(', ')}`);
    for (const b of r.broken) console.log(`  ${r.route}: BUDGET ${b}`);
  }
  // A budget is a budget: a busy host does not pass a route. It does say what the number measured.
  const waited = rows.filter((r) => r.broken.some((b) => b.startsWith('tbtMs')) && r.cpuShare < BUSY_SHARE);
  if (waited.length)
    console.log(
      `\n  Blocking time over budget where the page's main thread ran under ${BUSY_SHARE * 100}% of its long tasks' wall time (${waited.map((r) => `${r.route} ${Math.round(r.cpuShare * 100)}%`).join(', ')}): it waited for a core for the rest, which Lighthouse counts as the page's own work. Measure again on a quieter machine before changing the page (docs/performance.md, "Signed in").`,
    );

  const out = { runs: Object.fromEntries(routes.map((r) => [r, runsFor(r)])), routes: rows };
  fs.mkdirSync(path.join(root, '.lighthouse'), { recursive: true });
  fs.writeFileSync(values.json ?? path.join(root, '.lighthouse/summary.json'), JSON.stringify(out, null, 2));
  if (process.env.BENCH_RESULT_FILE) {
    const worst = (/** @type {'performance'} */ k) => Math.min(...rows.map((r) => r[k]));
    fs.writeFileSync(
      process.env.BENCH_RESULT_FILE,
      JSON.stringify({
        metrics: [
          { name: 'lowest performance score', value: worst('performance'), unit: '' },
          {
            name: 'lowest accessibility score',
            value: Math.min(...rows.map((r) => r.accessibility)),
            unit: '',
          },
          {
            name: 'lowest best-practices score',
            value: Math.min(...rows.map((r) => r['best-practices'])),
            unit: '',
          },
          { name: 'lowest SEO score', value: Math.min(...rows.map((r) => r.seo)), unit: '' },
          { name: 'worst LCP', value: Math.max(...rows.map((r) => r.lcpMs)), unit: 'ms' },
          { name: 'worst TBT', value: Math.max(...rows.map((r) => r.tbtMs)), unit: 'ms' },
          { name: 'routes over budget', value: rows.filter((r) => r.broken.length).length, unit: '' },
        ],
      }),
    );
  }
  const over = rows.filter((r) => r.broken.length);
  if (over.length) {
    console.log(`\n${over.length} route(s) over budget (tests/budgets.json).`);
    process.exitCode = 1;
  } else {
    console.log('\nAll routes within budget (tests/budgets.json).');
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
