/**
 * Pictures of a statement for people to look at (docs/screenshots/statements/, reviews): a page of
 * the PDF itself, header and footer included, and the HTML at a screen width. Development tooling:
 * it needs pdfjs-dist, a dev dependency, and is never part of the monthly job.
 *
 * Headless Chromium shows no PDF viewer, so the PDF page is drawn by pdf.js inside Chromium: a
 * made-up origin (http://statement.invalid) is answered from memory and node_modules by a route,
 * nothing leaves the machine.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, normalize } from 'node:path';
import type { Browser } from 'playwright-core';

const ORIGIN = 'http://statement.invalid';
const PDFJS_ROOT = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

const VIEWER = `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;background:#fff}canvas{display:block}</style></head>
<body><canvas id="page"></canvas><script type="module">
import * as pdfjs from '/pdfjs/build/pdf.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = '/pdfjs/build/pdf.worker.mjs';
const params = new URLSearchParams(location.search);
try {
  const doc = await pdfjs.getDocument({ url: '/document.pdf', wasmUrl: '/pdfjs/wasm/', standardFontDataUrl: '/pdfjs/standard_fonts/' }).promise;
  const page = await doc.getPage(Number(params.get('page')));
  const viewport = page.getViewport({ scale: Number(params.get('scale')) });
  const canvas = document.getElementById('page');
  canvas.width = Math.round(viewport.width);
  canvas.height = Math.round(viewport.height);
  await page.render({ canvas, viewport }).promise;
  document.body.dataset.pages = String(doc.numPages);
  document.body.dataset.state = 'done';
} catch (error) {
  document.body.dataset.state = 'failed: ' + error;
}
</script></body></html>`;

const TYPES: Record<string, string> = { '.mjs': 'text/javascript', '.wasm': 'application/wasm' };

/**
 * Page `pageNumber` (from 1) of a PDF as PNG. `scale` 1 is 72 dpi (an A4 page is 595 px wide);
 * 2 gives a sharp 1191 px.
 */
export async function pdfPageToPng(
  browser: Browser,
  pdf: Uint8Array,
  options: { page?: number; scale?: number } = {},
): Promise<Buffer> {
  const context = await browser.newContext();
  try {
    await context.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.origin !== ORIGIN) return route.abort();
      if (url.pathname === '/viewer.html') return route.fulfill({ contentType: 'text/html', body: VIEWER });
      if (url.pathname === '/document.pdf')
        return route.fulfill({ contentType: 'application/pdf', body: Buffer.from(pdf) });
      if (url.pathname.startsWith('/pdfjs/')) {
        const file = normalize(join(PDFJS_ROOT, url.pathname.slice('/pdfjs/'.length)));
        if (!file.startsWith(PDFJS_ROOT)) return route.abort();
        const body = await readFile(file).catch(() => null);
        if (body === null) return route.fulfill({ status: 404 });
        const type = TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream';
        return route.fulfill({ contentType: type, body });
      }
      return route.fulfill({ status: 404 });
    });
    const page = await context.newPage();
    await page.goto(`${ORIGIN}/viewer.html?page=${options.page ?? 1}&scale=${options.scale ?? 2}`);
    await page.waitForFunction(() => document.body.dataset['state'] !== undefined, undefined, {
      timeout: 60_000,
    });
    const state = await page.evaluate(() => document.body.dataset['state']);
    if (state !== 'done') throw new Error(`pdf.js could not draw the page: ${state}`);
    return await page.locator('#page').screenshot({ type: 'png' });
  } finally {
    await context.close();
  }
}

/** The statement's HTML as a screen of `width` px shows it (the top `height` px, or the whole page). */
export async function htmlToPng(
  browser: Browser,
  html: string,
  options: { width: number; height: number; fullPage?: boolean },
): Promise<Buffer> {
  const context = await browser.newContext({
    viewport: { width: options.width, height: options.height },
    javaScriptEnabled: false,
    offline: true,
  });
  try {
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    return await page.screenshot({ type: 'png', fullPage: options.fullPage ?? false });
  } finally {
    await context.close();
  }
}
