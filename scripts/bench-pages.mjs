#!/usr/bin/env node
// Page weight of a built site, per route: the JavaScript a page loads (raw and gzip) and the total
// gzip transfer of its own HTML, CSS, JS and images. Builds nothing: point it at a built folder.
//
//   node scripts/bench-pages.mjs                 # reads dist/
//   node scripts/bench-pages.mjs --dir dist-e2e-4410 --json
//   node scripts/bench-pages.mjs --budget-kb 10  # exit 1 if a page without a form ships more JS
//
// A page's JS ("JS gzip") is every same-origin script it references (<script src>, inline scripts,
// island component and renderer URLs, modulepreloads) plus everything those import statically,
// counted once per page: what loads before the page can answer a first interaction. What the code
// imports on demand (`import()`: realtime, QR codes, the CSV export, the Supabase client on the
// form pages) is counted apart ("lazy JS"). Third-party scripts (the chat widget) are not ours and
// are not counted; they load after the page is interactive.
//
// The budgets in tests/budgets.json ("pageJs") are checked on every run: exit code 1 when a page
// ships more than its budget (--no-check to only measure).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

/**
 * @typedef {{ route: string, file: string, hasForm: boolean, jsFiles: number, jsRaw: number,
 *   jsGzip: number, lazyGzip: number, cssGzip: number, htmlGzip: number, imageBytes: number, totalGzip: number,
 *   jsUrls: string[] }} PageWeight
 */

const gzipSize = (/** @type {Buffer | string} */ data) => zlib.gzipSync(data, { level: 9 }).length;

/** @param {string} dir @returns {string[]} */
function htmlFiles(dir) {
  /** @type {string[]} */
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '_astro') out.push(...htmlFiles(full));
    } else if (entry.name.endsWith('.html')) out.push(full);
  }
  return out.sort();
}

/** @param {string} root @param {string} file */
function routeOf(root, file) {
  const rel = path
    .relative(root, file)
    .split(path.sep)
    .join('/')
    .replace(/\.html$/, '');
  if (rel === 'index') return '/';
  return '/' + rel.replace(/\/index$/, '');
}

/** Same-origin URL → file path in the build, or undefined for external or unknown URLs. */
function localFile(/** @type {string} */ root, /** @type {string} */ from, /** @type {string} */ url) {
  if (/^(?:[a-z]+:)?\/\//i.test(url) || url.startsWith('data:')) return undefined;
  const clean = url.split(/[?#]/)[0] ?? '';
  const full = clean.startsWith('/') ? path.join(root, clean) : path.resolve(path.dirname(from), clean);
  return full.startsWith(root) && fs.existsSync(full) && fs.statSync(full).isFile() ? full : undefined;
}

const attr = (/** @type {string} */ tag, /** @type {string} */ name) =>
  new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];

/**
 * Relative imports of a built JS chunk. `static`: `import … from "./x.js"`, `import "./x.js"`,
 * `export … from "./x.js"`: loaded before the module runs, so before the island can respond.
 * `dynamic`: `import("./x.js")` (any quotes): loaded when the code asks, on demand.
 */
function importsOf(/** @type {string} */ code) {
  /** @type {Set<string>} */
  const found = new Set();
  /** @type {Set<string>} */
  const dynamic = new Set();
  const patterns = [
    /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g,
    /\bexport\s*[\w$*{}\s,]*from\s*["']([^"']+\.m?js)["']/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) if (m[1]) found.add(m[1]);
  for (const m of code.matchAll(/\bimport\(\s*["'`]([^"'`]+\.m?js)["'`]\s*\)/g)) if (m[1]) dynamic.add(m[1]);
  return { static: [...found], dynamic: [...dynamic] };
}

/** @param {string} root @param {string} file @returns {PageWeight} */
export function measurePage(root, file) {
  const html = fs.readFileSync(file, 'utf8');
  /** @type {Set<string>} */
  const js = new Set();
  /** @type {Set<string>} */
  const css = new Set();
  /** @type {Set<string>} */
  const images = new Set();
  let inlineJs = '';

  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const tag = m[1] ?? '';
    const type = attr(tag, 'type');
    if (type && !/^(module|text\/javascript)$/i.test(type)) continue; // JSON data, not code
    const src = attr(tag, 'src');
    if (src) {
      const f = localFile(root, file, src);
      if (f) js.add(f);
    } else inlineJs += m[2] ?? '';
  }
  for (const m of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    for (const name of ['component-url', 'renderer-url']) {
      const f = localFile(root, file, attr(m[0], name) ?? '');
      if (f) js.add(f);
    }
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(m[0], 'rel') ?? '').toLowerCase();
    const f = localFile(root, file, attr(m[0], 'href') ?? '');
    if (!f) continue;
    if (rel.split(/\s+/).includes('stylesheet')) css.add(f);
    else if (rel === 'modulepreload') js.add(f);
    else if (rel.split(/\s+/).includes('icon')) images.add(f);
  }
  for (const m of html.matchAll(/<img\b[^>]*>/gi)) {
    const f = localFile(root, file, attr(m[0], 'src') ?? '');
    if (f) images.add(f);
  }

  // Follow the module graph: static imports belong to the page's first load; dynamic imports (and
  // what they pull in that the page has not loaded yet) are counted apart, as loaded on demand.
  /** @type {Set<string>} */
  const lazy = new Set();
  /** @param {Set<string>} into @param {string[]} start @param {boolean} followDynamic */
  const walk = (into, start, followDynamic) => {
    const queue = [...start];
    /** @type {string[]} */
    const dynamicFound = [];
    while (queue.length) {
      const current = /** @type {string} */ (queue.pop());
      const found = importsOf(fs.readFileSync(current, 'utf8'));
      for (const spec of found.static) {
        const f = localFile(root, current, spec);
        if (f && !js.has(f) && !into.has(f)) {
          into.add(f);
          queue.push(f);
        }
      }
      for (const spec of found.dynamic) {
        const f = localFile(root, current, spec);
        if (f) dynamicFound.push(f);
      }
      if (followDynamic) {
        for (const f of dynamicFound.splice(0)) {
          if (!js.has(f) && !into.has(f)) {
            into.add(f);
            queue.push(f);
          }
        }
      }
    }
    return dynamicFound;
  };
  const dynamicRoots = walk(js, [...js], false);
  for (const m of inlineJs.matchAll(/\bimport\s*\(?\s*["'`]([^"'`]+\.m?js)["'`]/g)) {
    const f = localFile(root, file, m[1] ?? '');
    if (f && !js.has(f)) js.add(f);
  }
  const lazyRoots = dynamicRoots.filter((f) => !js.has(f));
  for (const f of lazyRoots) lazy.add(f);
  walk(lazy, lazyRoots, true);
  for (const f of js) lazy.delete(f);

  const read = (/** @type {string} */ f) => fs.readFileSync(f);
  const jsBuffers = [...js].map(read);
  const jsRaw = jsBuffers.reduce((n, b) => n + b.length, 0) + Buffer.byteLength(inlineJs);
  const jsGzip = jsBuffers.reduce((n, b) => n + gzipSize(b), 0) + (inlineJs ? gzipSize(inlineJs) : 0);
  const lazyGzip = [...lazy].reduce((n, f) => n + gzipSize(read(f)), 0);
  const cssGzip = [...css].reduce((n, f) => n + gzipSize(read(f)), 0);
  const imageBytes = [...images].reduce(
    (n, f) => n + (/\.svg$/i.test(f) ? gzipSize(read(f)) : read(f).length),
    0,
  );
  const htmlGzip = gzipSize(html);
  return {
    route: routeOf(root, file),
    file: path.relative(root, file),
    hasForm: /<form\b/i.test(html),
    jsFiles: js.size + (inlineJs ? 1 : 0),
    jsRaw,
    jsGzip,
    lazyGzip,
    cssGzip,
    htmlGzip,
    imageBytes,
    totalGzip: htmlGzip + jsGzip + cssGzip + imageBytes,
    // The first-load modules as the page requests them (scripts/modulepreload.mjs preloads these).
    jsUrls: [...js].map((f) => `/${path.relative(root, f).split(path.sep).join('/')}`).sort(),
  };
}

/** @param {string} dir @returns {PageWeight[]} */
export function measureSite(dir) {
  const root = path.resolve(dir);
  if (!fs.existsSync(path.join(root, 'index.html')))
    throw new Error(`No built site in ${root} (run a build first)`);
  return htmlFiles(root).map((file) => measurePage(root, file));
}

/**
 * The public pages the JS budget applies to: every page in the built sitemap, plus the 404 page.
 * @param {string} dir
 */
export function publicRoutes(dir) {
  const sitemap = path.join(path.resolve(dir), 'sitemap.xml');
  const routes = new Set(['/404']);
  // Each language's own 404 page (dist/<locale>/404.html) is public too.
  for (const entry of fs.readdirSync(path.resolve(dir), { withFileTypes: true })) {
    if (entry.isDirectory() && fs.existsSync(path.join(path.resolve(dir), entry.name, '404.html'))) {
      routes.add(`/${entry.name}/404`);
    }
  }
  if (fs.existsSync(sitemap)) {
    for (const m of fs.readFileSync(sitemap, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)) {
      routes.add(new URL(m[1] ?? '/').pathname.replace(/(.)\/$/, '$1'));
    }
  }
  return routes;
}

/**
 * Public pages without a form that ship more JavaScript (gzip) than the budget. Pages with a form
 * hydrate an island and are measured but not held to this budget.
 * @param {PageWeight[]} rows @param {Set<string>} routes @param {number} budgetBytes
 */
export function overBudget(rows, routes, budgetBytes) {
  return rows.filter((r) => routes.has(r.route) && !r.hasForm && r.jsGzip > budgetBytes);
}

const kb = (/** @type {number} */ n) => (n / 1024).toFixed(1);

/**
 * A member or admin page, in any language: /user-dashboard, /user/plans, /ar/user/plans, /admin/users.
 * @param {string} route
 */
export const isSignedInRoute = (route) =>
  /^(?:\/[a-z]{2}(?:-[a-z]+)?)?\/(?:user|admin)(?:[/-]|$)/.test(route);

/**
 * The pageJs budgets of tests/budgets.json: first-load JS (gzip) per route (maxKb), every member and
 * admin page in every language at most signedInKb unless maxKb names it, and the auth form pages
 * within a margin of the login page. Returns one line per broken budget (empty when all hold).
 * @param {PageWeight[]} rows
 * @param {{ signedInKb: number, maxKb: Record<string, number>, nearLogin: { routes: string[], withinKb: number } }} budgets
 */
export function checkPageBudgets(rows, budgets) {
  const byRoute = new Map(rows.map((r) => [r.route, r]));
  /** @type {string[]} */
  const broken = [];
  for (const route of Object.keys(budgets.maxKb)) {
    if (!route.startsWith('$') && !byRoute.has(route)) broken.push(`${route}: not in the build`);
  }
  for (const row of rows) {
    const max = budgets.maxKb[row.route] ?? (isSignedInRoute(row.route) ? budgets.signedInKb : undefined);
    if (max !== undefined && row.jsGzip > max * 1024)
      broken.push(`${row.route} ships ${kb(row.jsGzip)} KB gzip of JS (budget ${max} KB)`);
  }
  const login = byRoute.get('/login');
  if (!login) broken.push('/login: not in the build');
  else {
    for (const route of budgets.nearLogin.routes) {
      const row = byRoute.get(route);
      if (!row) broken.push(`${route}: not in the build`);
      else if (row.jsGzip > login.jsGzip + budgets.nearLogin.withinKb * 1024)
        broken.push(
          `${route} ships ${kb(row.jsGzip)} KB gzip of JS, more than ${budgets.nearLogin.withinKb} KB over /login (${kb(login.jsGzip)} KB)`,
        );
    }
  }
  return broken;
}

/** @param {PageWeight[]} rows */
export function formatTable(rows) {
  const header = [
    'route',
    'form',
    'js files',
    'JS raw KB',
    'JS gzip KB',
    'lazy JS gzip KB',
    'CSS gzip KB',
    'HTML gzip KB',
    'total gzip KB',
  ];
  const body = rows.map((r) => [
    r.route,
    r.hasForm ? 'yes' : '',
    String(r.jsFiles),
    kb(r.jsRaw),
    kb(r.jsGzip),
    kb(r.lazyGzip),
    kb(r.cssGzip),
    kb(r.htmlGzip),
    kb(r.totalGzip),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (/** @type {string[]} */ cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: 'dist' },
      json: { type: 'boolean', default: false },
      'budget-kb': { type: 'string' },
      'no-check': { type: 'boolean', default: false },
    },
  });
  const rows = measureSite(values.dir);
  console.log(values.json ? JSON.stringify(rows, null, 2) : formatTable(rows));
  if (values['budget-kb']) {
    const budget = Number(values['budget-kb']) * 1024;
    const over = overBudget(rows, publicRoutes(values.dir), budget);
    for (const r of over)
      console.error(
        `over budget: ${r.route} ships ${kb(r.jsGzip)} KB gzip of JS (budget ${values['budget-kb']} KB)`,
      );
    if (over.length) process.exit(1);
  }
  if (!values['no-check']) {
    const budgets = JSON.parse(
      fs.readFileSync(new URL('../tests/budgets.json', import.meta.url), 'utf8'),
    ).pageJs;
    const broken = checkPageBudgets(rows, budgets);
    for (const b of broken) console.error(`over budget: ${b}`);
    if (broken.length) process.exit(1);
    console.log('\nEvery page within its JS budget (tests/budgets.json, pageJs).');
  }
}
