import { test, expect, type Page, type APIResponse } from '@playwright/test';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { outDir, siteUrl, supabaseUrl } from '../../scripts/e2e-ports.mjs';
import { scanDir } from '../../scripts/dist-secrets.mjs';
import { SERVICE_ROLE_KEY } from './support/env';

// Security research tests 40–42: headers on every route class, a CSP that the pages actually live
// with (no violation anywhere), third parties only on marketing pages, and no secrets shipped.
// The site under test is the build the web server made (dist-e2e-<port>), served by
// scripts/serve-static.mjs with the netlify.toml and dist/_headers rules applied.

/** Every page in the build, as the path Netlify serves it on (read from the build, not hard-coded). */
function builtRoutes(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory() && entry.name !== '_astro') walk(child);
      else if (entry.name.endsWith('.html')) out.push(child);
    }
  };
  walk('');
  return out
    .map((f) => (f === 'index.html' ? '/' : `/${f.replace(/(\/index)?\.html$/, '')}`))
    .filter((r) => r !== '/404')
    .sort();
}

const SESSION = /^\/(login|register|forgot-password|reset-password|user-dashboard|auth|user|admin)(\/|$)/;
const supabaseOrigin = new URL(supabaseUrl).origin;
const supabaseWs = supabaseOrigin.replace(/^http/, 'ws');

type Policy = Map<string, string[]>;
/** A CSP header may carry several policies (comma-separated); the browser enforces all of them. */
function policies(header: string | undefined): Policy[] {
  return (header ?? '')
    .split(',')
    .filter((p) => p.trim())
    .map((p) => {
      const map: Policy = new Map();
      for (const d of p.split(';')) {
        const [name, ...sources] = d.trim().split(/\s+/);
        if (name) map.set(name.toLowerCase(), sources);
      }
      return map;
    });
}
const sourcesOf = (p: Policy, directive: string) => p.get(directive) ?? p.get('default-src') ?? [];
/** A source is allowed only if every enforced policy allows it (policies intersect). */
const allowedByAll = (ps: Policy[], directive: string, pred: (sources: string[]) => boolean) =>
  ps.length > 0 && ps.every((p) => pred(sourcesOf(p, directive)));
const blockedBySome = (ps: Policy[], directive: string, pred: (sources: string[]) => boolean) =>
  ps.some((p) => !pred(sourcesOf(p, directive)));

function expectSecurityHeaders(res: APIResponse, label: string) {
  const h = res.headers();
  const hsts = h['strict-transport-security'] ?? '';
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), `${label} HSTS`).toBeGreaterThanOrEqual(31_536_000);
  expect(hsts, label).toContain('includeSubDomains');
  expect(h['x-content-type-options'], label).toBe('nosniff');
  expect(h['referrer-policy'], label).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  expect(h['x-frame-options'], label).toBe('DENY');
  expect(h['cross-origin-opener-policy'], label).toBe('same-origin');
  const pp = h['permissions-policy'] ?? '';
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
    expect(pp, `${label} Permissions-Policy ${feature}`).toContain(`${feature}=()`);
  }
  // No header joined from two rules: single-valued headers carry their key token once.
  expect(hsts.match(/max-age=/g), `${label} HSTS duplicated`).toHaveLength(1);
  for (const name of [
    'referrer-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'content-type',
  ]) {
    expect(h[name] ?? '', `${label} ${name} duplicated`).not.toContain(',');
  }
  const features = pp.split(',').map((f) => f.trim().split('=')[0]);
  expect(new Set(features).size, `${label} Permissions-Policy duplicated`).toBe(features.length);
  if (h['cache-control'])
    expect(h['cache-control'].match(/max-age=/g), `${label} Cache-Control duplicated`).toHaveLength(1);

  const ps = policies(h['content-security-policy']);
  expect(ps.length, `${label} has a CSP`).toBeGreaterThan(0);
  // Each directive below must hold in the effective (intersected) policy.
  expect(
    ps.some((p) => p.get('object-src')?.join(' ') === "'none'"),
    `${label} object-src`,
  ).toBe(true);
  expect(
    ps.some((p) => ["'none'", "'self'"].includes(p.get('base-uri')?.join(' ') ?? '')),
    `${label} base-uri`,
  ).toBe(true);
  expect(
    ps.some((p) => p.get('frame-ancestors')?.join(' ') === "'none'"),
    `${label} frame-ancestors`,
  ).toBe(true);
  for (const p of ps) {
    expect([...p.values()].flat(), `${label} unsafe-eval`).not.toContain("'unsafe-eval'");
    expect(sourcesOf(p, 'script-src'), `${label} script-src unsafe-inline`).not.toContain("'unsafe-inline'");
    // connect-src pinned to the exact Supabase project: https and wss of that origin, no wildcard.
    const connect = sourcesOf(p, 'connect-src');
    expect(connect, `${label} connect-src`).toEqual(expect.arrayContaining([supabaseOrigin, supabaseWs]));
    expect(
      connect.filter((s) => /supabase|\*/.test(s) && !/tawk\.to$/.test(s)),
      `${label} connect-src wildcard`,
    ).toEqual([]);
  }
  return ps;
}

const HASH = /^'sha256-[A-Za-z0-9+/]{43}='$/;
const CHAT_HOSTS: Record<string, string[]> = {
  'script-src': ['https://embed.tawk.to', 'https://*.tawk.to'],
  'style-src': ['https://*.tawk.to'],
  'img-src': ['https://*.tawk.to', 'https://*.tawkcdn.com'],
  'font-src': ['https://*.tawk.to'],
  'connect-src': ['https://*.tawk.to', 'wss://*.tawk.to'],
  'frame-src': ['https://*.tawk.to'],
  'media-src': ['https://*.tawk.to'],
};

/**
 * Every directive of a page's own policy, exactly: what each kind of page (marketing, legal, auth,
 * member, admin) may load, with chat hosts only where the page embeds the chat widget. `html` is the
 * built page, so the expected inline hashes are read from what the page really carries.
 */
function expectWholePolicy(ps: Policy[], route: string, html: string, options: { chat: boolean }) {
  // Netlify sends the catch-all ("/*", the union) and then the page's own, stricter policy.
  expect(ps.length, `${route}: catch-all + own policy`).toBe(2);
  const own = ps[1] ?? new Map<string, string[]>();
  const chatHere = options.chat && html.includes('data-chat-src');
  expect(!SESSION.test(route) || !chatHere, `${route}: no chat on session pages`).toBe(true);
  const chat = (d: string) => (chatHere ? (CHAT_HOSTS[d] ?? []) : []);
  expect([...own.keys()].sort(), `${route} directives`).toEqual(
    [
      'default-src',
      'script-src',
      'style-src',
      'img-src',
      'font-src',
      'connect-src',
      'frame-src',
      'media-src',
      'worker-src',
      'manifest-src',
      'object-src',
      'base-uri',
      'form-action',
      'frame-ancestors',
    ].sort(),
  );
  expect(own.get('default-src'), `${route} default-src`).toEqual(["'self'"]);
  const script = own.get('script-src') ?? [];
  expect(script.slice(0, 1), `${route} script-src`).toEqual(["'self'"]);
  const scriptRest = script.slice(1).filter((s) => !chat('script-src').includes(s));
  expect(
    scriptRest.every((s) => HASH.test(s)),
    `${route} script-src: only hashes (${scriptRest.join(' ')})`,
  ).toBe(true);
  const inlineScripts = (
    html.match(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>/g) ?? []
  ).length;
  expect(scriptRest.length > 0, `${route} script-src hashes iff inline scripts`).toBe(inlineScripts > 0);
  const style = own.get('style-src') ?? [];
  const styleOwn = style.filter((s) => !chat('style-src').includes(s));
  if (styleOwn.includes("'unsafe-inline'")) {
    // Only pages whose code writes <style> at run time (toasts) or that embed the chat widget.
    expect(styleOwn, `${route} style-src`).toEqual(["'self'", "'unsafe-inline'"]);
    expect(
      html.includes('<astro-island') || chatHere,
      `${route}: unsafe-inline styles without an island`,
    ).toBe(true);
  } else {
    expect(styleOwn[0], `${route} style-src`).toBe("'self'");
    expect(
      styleOwn.slice(1).every((s) => HASH.test(s) || s === "'unsafe-hashes'"),
      `${route} style-src: only hashes (${styleOwn.join(' ')})`,
    ).toBe(true);
  }
  expect(own.get('img-src'), `${route} img-src`).toEqual(["'self'", 'data:', ...chat('img-src')]);
  expect(own.get('font-src'), `${route} font-src`).toEqual(["'self'", ...chat('font-src')]);
  expect(own.get('connect-src'), `${route} connect-src`).toEqual([
    "'self'",
    supabaseOrigin,
    supabaseWs,
    ...chat('connect-src'),
  ]);
  expect(own.get('frame-src'), `${route} frame-src`).toEqual(chatHere ? chat('frame-src') : ["'none'"]);
  expect(own.get('media-src'), `${route} media-src`).toEqual(["'self'", ...chat('media-src')]);
  expect(own.get('worker-src'), `${route} worker-src`).toEqual(["'self'"]);
  expect(own.get('manifest-src'), `${route} manifest-src`).toEqual(["'self'"]);
  expect(own.get('object-src'), `${route} object-src`).toEqual(["'none'"]);
  expect(own.get('base-uri'), `${route} base-uri`).toEqual(["'none'"]);
  expect(own.get('form-action'), `${route} form-action`).toEqual(["'self'"]);
  expect(own.get('frame-ancestors'), `${route} frame-ancestors`).toEqual(["'none'"]);
}

const builtHtml = (dir: string, route: string) =>
  fs.readFileSync(path.join(dir, route === '/' ? 'index.html' : `${route.slice(1)}.html`), 'utf8');

/** Records CSP violations (from the first byte) and console errors that mention the policy. */
async function watchCsp(page: Page) {
  // Reported through a binding rather than read back at the end, so reports survive the redirects
  // that member and admin pages make when nobody is signed in.
  const reported: string[] = [];
  await page.exposeBinding('__reportCsp', (_source, text: string) => {
    reported.push(text);
  });
  await page.addInitScript(() => {
    const report = (window as unknown as { __reportCsp: (t: string) => void }).__reportCsp;
    document.addEventListener('securitypolicyviolation', (e) => {
      void report(
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  const consoleCsp: string[] = [];
  page.on('console', (msg) => {
    if (/Content[- ]Security[- ]Policy/i.test(msg.text())) consoleCsp.push(msg.text());
  });
  const origins = new Set<string>();
  page.on('request', (req) => origins.add(new URL(req.url()).origin));
  return {
    origins,
    async violations() {
      // Reports are delivered asynchronously: let any in flight arrive.
      await page.waitForTimeout(100).catch(() => undefined);
      return [...reported, ...consoleCsp];
    },
  };
}

test.describe('security headers and CSP on the built site', () => {
  const routes = builtRoutes(outDir);

  test('the build has the public pages', () => {
    expect(routes).toEqual(expect.arrayContaining(['/', '/login', '/register']));
  });

  test('every route class gets every header; hashed assets are immutable', async ({ request }) => {
    const asset = fs.readdirSync(path.join(outDir, '_astro')).find((f) => /\.(js|css)$/.test(f));
    expect(asset, 'a hashed asset in the build').toBeTruthy();
    const targets = [...routes, '/404', `/_astro/${asset}`, '/favicon.svg', '/robots.txt', '/no-such-page'];
    for (const target of targets) {
      const res = await request.get(target);
      expect(res.status(), target).toBe(target === '/no-such-page' ? 404 : 200);
      expectSecurityHeaders(res, target);
      const h = res.headers();
      if (target.startsWith('/_astro/'))
        expect(h['cache-control']).toBe('public, max-age=31536000, immutable');
      else expect(h['cache-control'] ?? '', target).not.toContain('immutable');
      if (/^text\/html/.test(h['content-type'] ?? ''))
        expect(h['content-type'], target).toContain('charset=utf-8');
    }
    // Nothing from the repository or its environment is published.
    for (const leak of ['/.git/HEAD', '/.env', '/.env.production']) {
      expect((await request.get(leak)).status(), leak).toBe(404);
    }
  });

  test('every kind of page (marketing, legal, auth, member, admin) carries every directive of its policy', async ({
    request,
  }) => {
    const kinds = {
      marketing: '/',
      legal: '/privacy-policy',
      auth: '/login',
      member: '/user/deposit',
      admin: '/admin/users',
    };
    expect(routes).toEqual(expect.arrayContaining(Object.values(kinds)));
    for (const route of routes) {
      const ps = expectSecurityHeaders(await request.get(route), route);
      expectWholePolicy(ps, route, builtHtml(outDir, route), { chat: false });
    }
  });

  test('no page reports a CSP violation, and session pages talk only to the site and Supabase', async ({
    browser,
  }) => {
    // About 40 routes, each a fresh context, a load and network idle: 15 s each on a busy machine.
    test.setTimeout(30_000 + routes.length * 15_000);
    const failures: string[] = [];
    // Three routes at a time: each waits half a second of network quiet, which is idle time.
    const queue = [...routes];
    const crawler = async () => {
      for (let route = queue.shift(); route !== undefined; route = queue.shift()) await visit(route);
    };
    const visit = async (route: string) => {
      // A context per route: closing a page that is redirecting itself (client-side guards) once left
      // a shared context unable to open the next page.
      const context = await browser.newContext({ baseURL: siteUrl });
      const page = await context.newPage();
      const watch = await watchCsp(page);
      try {
        await page.goto(route, { waitUntil: 'load', timeout: 15_000 });
        // Islands hydrate and client-only pages redirect after load: wait until the network is quiet.
        await page.waitForLoadState('networkidle', { timeout: 15_000 });
      } catch (error) {
        failures.push(
          `${route}: did not load (${error instanceof Error ? error.message.split('\n')[0] : error})`,
        );
      }
      failures.push(...(await watch.violations()).map((v) => `${route}: ${v}`));
      if (SESSION.test(route)) {
        const foreign = [...watch.origins].filter(
          (o) => o !== siteUrl && o !== supabaseOrigin && o !== 'null' && !o.startsWith('data:'),
        );
        failures.push(...foreign.map((o) => `${route}: request to third-party origin ${o}`));
      }
      await context.close();
    };
    await Promise.all([crawler(), crawler(), crawler()]);
    expect(failures.sort()).toEqual([]);
  });

  test('the policy is enforced: an injected inline script is blocked and reported', async ({ page }) => {
    const watch = await watchCsp(page);
    await page.goto('/');
    const ran = await page.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.body.append(s);
      await new Promise((r) => setTimeout(r, 100));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    expect((await watch.violations()).join('\n')).toMatch(/script-src/);
  });

  test('the served build ships no secrets, and the scan catches one planted in a copy', () => {
    expect(scanDir(outDir)).toEqual([]);
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-dist-copy-'));
    try {
      fs.cpSync(outDir, copy, { recursive: true });
      const chunk = fs.readdirSync(path.join(copy, '_astro')).find((f) => f.endsWith('.js')) ?? 'planted.js';
      fs.appendFileSync(path.join(copy, '_astro', chunk), `\nconst k="${SERVICE_ROLE_KEY}";`);
      expect(scanDir(copy).map((f) => `${f.file}: ${f.kind}`)).toEqual([
        `_astro/${chunk}: JWT with role service_role`,
      ]);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});

test.describe('with the chat widget configured at build time', () => {
  const chatDir = path.join(os.tmpdir(), `lc-chat-build-${process.pid}`);
  let server: ChildProcess | undefined;
  let base = '';

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    execFileSync('npx', ['astro', 'build'], {
      stdio: 'pipe',
      env: {
        ...process.env,
        ASTRO_OUT_DIR: chatDir,
        PUBLIC_SUPABASE_URL: supabaseUrl,
        PUBLIC_SITE_URL: siteUrl,
        PUBLIC_CHAT_PROPERTY_ID: 'testproperty01',
        PUBLIC_CHAT_WIDGET_ID: 'default',
      },
    });
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['scripts/serve-static.mjs', '--dir', chatDir, '--port', String(port)], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i += 1) {
      const up = await fetch(`${base}/`).then(
        () => true,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  test.afterAll(() => {
    server?.kill();
    fs.rmSync(chatDir, { recursive: true, force: true });
  });

  test('marketing pages allow the chat hosts; sign-in, sign-up, member and admin pages do not', async ({
    request,
  }) => {
    const routes = builtRoutes(chatDir);
    const marketing = routes.filter((r) => !SESSION.test(r));
    const session = routes.filter((r) => SESSION.test(r));
    expect(session).toEqual(expect.arrayContaining(['/login', '/register']));
    const tawk = (sources: string[]) => sources.some((s) => s.includes('tawk.to'));
    for (const route of marketing) {
      const html = fs.readFileSync(
        path.join(chatDir, route === '/' ? 'index.html' : `${route.slice(1)}.html`),
        'utf8',
      );
      if (!html.includes('data-chat-src')) continue; // a marketing page without the widget needs no chat host
      const ps = expectSecurityHeaders(await request.get(`${base}${route}`), route);
      expectWholePolicy(ps, route, html, { chat: true });
      for (const directive of ['script-src', 'connect-src', 'frame-src']) {
        expect(allowedByAll(ps, directive, tawk), `${route} ${directive}`).toBe(true);
      }
    }
    expect(
      marketing.some((r) =>
        fs
          .readFileSync(path.join(chatDir, r === '/' ? 'index.html' : `${r.slice(1)}.html`), 'utf8')
          .includes('data-chat-src'),
      ),
    ).toBe(true);
    for (const route of session) {
      const html = fs.readFileSync(path.join(chatDir, `${route.slice(1)}.html`), 'utf8');
      // No embed (the widget's script). A plain link to the chat page, opened in a new tab, is
      // allowed: /user/withdraw offers one, written into the page at build time.
      expect(html, `${route} embeds no chat`).not.toContain('embed.tawk.to');
      const ps = expectSecurityHeaders(await request.get(`${base}${route}`), route);
      expectWholePolicy(ps, route, html, { chat: true });
      for (const directive of ['script-src', 'connect-src', 'frame-src', 'style-src', 'img-src']) {
        expect(blockedBySome(ps, directive, tawk), `${route} ${directive}`).toBe(true);
      }
    }
  });

  test('the chat script loads on a marketing page only when the visitor clicks Chat, without a violation, and never on /login', async ({
    page,
    context,
  }) => {
    // The provider is offline here: answer its script URL with a stub that records it ran.
    const asked: string[] = [];
    await page.route('https://embed.tawk.to/**', (route) => {
      asked.push(route.request().url());
      return route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        body: 'window.__chatStub = true;',
      });
    });
    const watch = await watchCsp(page);
    await page.goto(`${base}/`);
    // A facade: nothing of the provider before the visitor asks (no consent, no third-party code).
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_500);
    expect(asked).toEqual([]);
    expect([...watch.origins].filter((o) => o.includes('tawk'))).toEqual([]);
    await expect(page.locator('script[data-chat-embed]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Chat with us' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __chatStub?: boolean }).__chatStub === true), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(await watch.violations()).toEqual([]);

    const login = await context.newPage();
    const loginWatch = await watchCsp(login);
    await login.goto(`${base}/login`);
    await login.waitForLoadState('networkidle');
    expect([...loginWatch.origins].filter((o) => o.includes('tawk'))).toEqual([]);
    expect(await loginWatch.violations()).toEqual([]);
  });
});
