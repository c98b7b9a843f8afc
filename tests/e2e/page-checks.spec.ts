import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, watchPage } from './support/page-checks';

// The page watcher every browser test ends with: what it forgives must be only the browser's own
// cancellation of a page the test has left, never a failure the page itself met.

let server: Server;
let origin: string;
let closedPort: number;
const hanging = new Set<import('node:http').ServerResponse>();

const pages: Record<string, string> = {
  '/leaves-a-read-open': `<script>fetch('/hang');</script><p>open</p>`,
  '/aborts-its-own-read': `<script>
      const control = new AbortController();
      fetch('/hang', { signal: control.signal }).catch(() => {});
      setTimeout(() => control.abort(), 100);
    </script><p>aborts</p>`,
  '/next': '<p>next</p>',
  // A live page: it reads again every 20 ms, so reads start while the next page is still loading.
  '/keeps-reading': `<script>setInterval(() => fetch('/hang').catch(() => {}), 20);</script><p>live</p>`,
  // Two WCAG AA failures (grey on white at 1.6:1, an input with no name) and, beside them, a
  // best-practice rule's miss (no <main> landmark) that is outside the tags we hold pages to.
  '/breaks-wcag': `<!doctype html><html lang="en"><title>t</title>
      <p style="color:#ccc;background:#fff">faint text</p><input type="text">`,
  '/meets-wcag': `<!doctype html><html lang="en"><title>t</title>
      <p style="color:#222;background:#fff">clear text</p><label>Name <input type="text"></label>`,
  '/favicon.ico': '',
};

test.beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/hang') {
      hanging.add(res);
      return;
    }
    if (req.url === '/slow-next') {
      // The next page takes a while to answer: the old one keeps running (and reading) meanwhile.
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<p>next</p>');
      }, 400);
      return;
    }
    if (req.url === '/meets-a-refused-connection') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<script>fetch('http://127.0.0.1:${closedPort}/refused').catch(() => {});</script><p>refused</p>`,
      );
      return;
    }
    const body = pages[req.url ?? ''];
    // As our pages: a CSP that allows no inline script (axe runs from the test, not the page).
    const csp = req.url?.includes('wcag') ? { 'content-security-policy': "script-src 'none'" } : {};
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html', ...csp });
    res.end(body ?? 'missing');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port nothing listens on: taken, then released.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});

test.afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise((resolve) => server.close(resolve));
});

test('a read still open when the test navigates away is not a problem', async ({ page }) => {
  const watch = watchPage(page);
  const opened = page.waitForRequest((req) => req.url().endsWith('/hang'));
  await page.goto(`${origin}/leaves-a-read-open`);
  await opened;
  await page.goto(`${origin}/next`);
  await expect(page.getByText('next')).toBeVisible();
  watch.assertClean();
});

test('reads a live page starts while the next page loads, cancelled as it commits, are not problems', async ({
  page,
}) => {
  const watch = watchPage(page);
  await page.goto(`${origin}/keeps-reading`);
  await page.waitForRequest((req) => req.url().endsWith('/hang'));
  let startedWhileLoading = 0;
  page.on('request', (req) => {
    if (req.url().endsWith('/hang')) startedWhileLoading += 1;
  });
  await page.goto(`${origin}/slow-next`);
  await expect(page.getByText('next')).toBeVisible();
  // Let every cancellation arrive before reading what the watcher kept.
  await page.waitForTimeout(200);
  expect(startedWhileLoading).toBeGreaterThan(3);
  watch.assertClean();
});

test('a read the page aborts itself, and a refused connection, are problems', async ({ page }) => {
  const watch = watchPage(page);
  const aborted = page.waitForEvent('requestfailed', (req) => req.url().endsWith('/hang'));
  await page.goto(`${origin}/aborts-its-own-read`);
  await aborted;
  const refused = page.waitForEvent('requestfailed', (req) => req.url().endsWith('/refused'));
  // Chromium reports the refusal twice, as a failed request and as a console line, in no fixed
  // order and not always in the same task: wait for both before reading what the watcher kept.
  const refusedLine = page.waitForEvent('console', (msg) => msg.text().includes('ERR_CONNECTION_REFUSED'));
  await page.goto(`${origin}/meets-a-refused-connection`);
  await Promise.all([refused, refusedLine]);
  // Sorted: the console line and the request event may arrive in either order.
  expect([...watch.problems].sort()).toEqual(
    [
      `request failed: ${origin}/hang net::ERR_ABORTED`,
      `request failed: http://127.0.0.1:${closedPort}/refused net::ERR_CONNECTION_REFUSED`,
      'console: Failed to load resource: net::ERR_CONNECTION_REFUSED',
    ].sort(),
  );
});

test('the axe check fails on WCAG AA violations and only on those', async ({ page }) => {
  await page.goto(`${origin}/breaks-wcag`);
  const failure = await expectNoAxeViolations(page).then(
    () => '',
    (error: Error) => error.message,
  );
  expect(failure).toContain('color-contrast');
  expect(failure).toContain('label');
  expect(failure).not.toContain('landmark-one-main');
  await page.goto(`${origin}/meets-wcag`);
  await expectNoAxeViolations(page);
});
