import { afterEach, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  applyRules,
  createHeaderResolver,
  parseHeadersFile,
  parseNetlifyToml,
  pathPattern,
} from '../../scripts/netlify-headers.mjs';
import { generateHeaders, isSessionRoute, routesForFile } from '../../scripts/postbuild-headers.mjs';
import { defaultLocale, localePath, locales } from '../../src/i18n/locales';

const hash = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

/** Directive -> sources, for one serialized policy. */
function parsePolicy(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

/** Every source the first policy allows for a directive is also allowed by the second. */
function isSubset(inner: Map<string, string[]>, outer: Map<string, string[]>) {
  for (const [name, sources] of inner) {
    const wider = outer.get(name) ?? outer.get('default-src') ?? [];
    // 'unsafe-inline' in the outer policy (no hashes) allows any inline style a hash would.
    const allows = (s: string) =>
      wider.includes(s) ||
      (s.startsWith("'sha256-") &&
        wider.includes("'unsafe-inline'") &&
        !wider.some((w) => w.startsWith("'sha256-")));
    if (
      !sources.every(
        (s) => s === "'none'" || allows(s) || (s === "'unsafe-hashes'" && wider.includes("'unsafe-inline'")),
      )
    )
      return false;
  }
  return true;
}

describe('Netlify header rules, as Netlify applies them', () => {
  it('matches paths like Netlify: splat, placeholder, optional trailing slash, any case', () => {
    expect(pathPattern('/*').test('/')).toBe(true);
    expect(pathPattern('/*').test('/user/deposit')).toBe(true);
    expect(pathPattern('/_astro/*').test('/_astro/a.B1.js')).toBe(true);
    expect(pathPattern('/_astro/*').test('/_astrox/a.js')).toBe(false);
    expect(pathPattern('/_astro/*').test('/aboutus')).toBe(false);
    expect(pathPattern('/login').test('/login')).toBe(true);
    expect(pathPattern('/login').test('/login/')).toBe(true);
    expect(pathPattern('/login').test('/LOGIN')).toBe(true);
    expect(pathPattern('/login').test('/login2')).toBe(false);
    expect(pathPattern('/login').test('/login/x')).toBe(false);
    expect(pathPattern('/user/:page').test('/user/deposit')).toBe(true);
    expect(pathPattern('/user/:page').test('/user/a/b')).toBe(false);
    expect(pathPattern('/').test('/')).toBe(true);
    expect(pathPattern('/').test('/x')).toBe(false);
  });

  it('applies every matching rule and joins a header set twice, so overlaps are visible', () => {
    const rules = parseHeadersFile('/*\n  X-A: 1\n  X-Multi: a\n  X-Multi: b\n/login\n  x-a: 2\n  X-B: 3\n');
    expect(applyRules(rules, '/login')).toEqual({ 'X-A': '1, 2', 'X-Multi': 'a, b', 'X-B': '3' });
    expect(applyRules(rules, '/')).toEqual({ 'X-A': '1', 'X-Multi': 'a, b' });
  });

  it('reads _headers before netlify.toml, and collapses multi-line toml values', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-rules-'));
    try {
      fs.writeFileSync(path.join(dir, '_headers'), '/a\n  X-Order: file\n');
      fs.writeFileSync(
        path.join(dir, 'netlify.toml'),
        '[[headers]]\nfor = "/a"\n[headers.values]\nX-Order = "toml"\nX-Long = """\n  one;\n  two"""\n',
      );
      const resolver = createHeaderResolver({ distDir: dir, tomlPath: path.join(dir, 'netlify.toml') });
      expect(resolver.headersForPath('/a')).toEqual({ 'X-Order': 'file, toml', 'X-Long': 'one; two' });
      // A rebuild rewrites _headers while a server runs: the next request sees it.
      fs.writeFileSync(path.join(dir, '_headers'), '/a\n  X-Order: rebuilt-file\n');
      expect(resolver.headersForPath('/a')['X-Order']).toBe('rebuilt-file, toml');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects malformed _headers lines instead of silently dropping headers', () => {
    expect(() => parseHeadersFile('login\n  X-A: 1\n')).toThrow(/must start with/);
    expect(() => parseHeadersFile('  X-A: 1\n')).toThrow(/before any path/);
    expect(() => parseHeadersFile('/a\n  no colon here\n')).toThrow(/Name: value/);
  });
});

describe('netlify.toml', () => {
  const toml = fs.readFileSync(new URL('../../netlify.toml', import.meta.url), 'utf8');
  const rules = parseNetlifyToml(toml);

  it('sets the security headers on every path, HSTS for at least a year', () => {
    for (const p of ['/', '/login', '/admin/users', '/_astro/x.js', '/no-such-page']) {
      const h = applyRules(rules, p);
      const maxAge = Number(/max-age=(\d+)/.exec(h['Strict-Transport-Security'] ?? '')?.[1]);
      expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
      expect(h['Strict-Transport-Security']).toContain('includeSubDomains');
      expect(h['X-Content-Type-Options']).toBe('nosniff');
      expect(h['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
      expect(h['Permissions-Policy']).toMatch(
        /camera=\(\).*microphone=\(\).*geolocation=\(\).*payment=\(\).*usb=\(\)/,
      );
      expect(h['X-Frame-Options']).toBe('DENY');
      expect(h['Cross-Origin-Opener-Policy']).toBe('same-origin');
    }
  });

  it('caches hashed assets for a year, immutable, and nothing else', () => {
    expect(applyRules(rules, '/_astro/index.QOxpA2FP.css')['Cache-Control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(applyRules(rules, '/')['Cache-Control']).toBeUndefined();
    expect(applyRules(rules, '/favicon.svg')['Cache-Control']).toBeUndefined();
  });

  it('builds with npm run build into dist, and leaves the CSP to the generated _headers', () => {
    expect(toml).toMatch(/command\s*=\s*"npm run build"/);
    expect(toml).toMatch(/publish\s*=\s*"dist"/);
    expect(
      rules.every((r) => !Object.keys(r.values).some((k) => k.toLowerCase() === 'content-security-policy')),
    ).toBe(true);
  });
});

describe('per-page Content-Security-Policy generated from the build', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  const islandBoot = '(()=>{var e=async t=>{await(await t())()};})();';
  const styleBlock = 'astro-island,astro-slot{display:contents}';

  /** A miniature build: marketing page with chat holder and island, sign-in page, member page with toasts. */
  function site(files: Record<string, string>): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-csp-'));
    dirs.push(dir);
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    return dir;
  }
  const baseFiles = {
    'index.html': `<html><head><style>${styleBlock}</style><script type="application/ld+json">{"@type":"Organization"}</script></head><body><script>${islandBoot}</script><astro-island component-url="/_astro/Menu.js"></astro-island><div hidden data-chat-src="https://embed.tawk.to/p/w"></div><script type="module" src="/_astro/chat.js"></script></body></html>`,
    'login.html': `<html><body><script type="module">console.log(1)</script><p style="color: red">x</p></body></html>`,
    'user/deposit.html': `<html><body><astro-island component-url="/_astro/Deposit.js" renderer-url="/_astro/client.js"></astro-island></body></html>`,
    '404.html': '<html><body>Not found</body></html>',
    '_astro/Menu.js': 'export default 1',
    '_astro/Deposit.js': 'import{t}from"./toast.js";export default t',
    '_astro/toast.js': 'let e=document.querySelector("#_goober");export const t=e',
    '_astro/client.js': 'export {}',
    '_astro/chat.js': 'export {}',
  };
  const env = { PUBLIC_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co' };
  const chatEnv = { ...env, PUBLIC_CHAT_PROPERTY_ID: 'prop123', PUBLIC_CHAT_WIDGET_ID: 'default' };

  function policies(dir: string, environment: Record<string, string>) {
    const result = generateHeaders({ distDir: dir, env: environment });
    const rules = parseHeadersFile(result.text);
    const csp = (p: string) => {
      const matching = rules
        .filter((r) => pathPattern(r.for).test(p))
        .map((r) => r.values['Content-Security-Policy'] ?? '');
      return matching.map(parsePolicy);
    };
    return { result, csp };
  }

  it('maps built files to the paths Netlify serves them on', () => {
    expect(routesForFile('index.html')).toEqual(['/', '/index.html']);
    expect(routesForFile('aboutus.html')).toEqual(['/aboutus', '/aboutus.html']);
    expect(routesForFile('user/deposit.html')).toEqual(['/user/deposit', '/user/deposit.html']);
    expect(routesForFile('admin/index.html')).toEqual(['/admin', '/admin/index.html']);
  });

  it('classes sign-in, password, member and admin pages as session pages', () => {
    for (const r of [
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password',
      '/auth/confirm',
      '/user-dashboard',
      '/user/deposit',
      '/user/security',
      '/admin/login',
      '/admin/users',
      '/admin',
      '/login.html',
      '/user-dashboard.html',
      '/admin.html',
    ]) {
      expect(isSessionRoute(r), r).toBe(true);
    }
    for (const r of ['/', '/aboutus', '/loan', '/getintouch', '/privacy-policy', '/404', '/users-guide']) {
      expect(isSessionRoute(r), r).toBe(false);
    }
    // In every language: the sign-in and link pages of /zh-hant and /ar hold sessions too.
    for (const locale of locales.filter((l) => l !== defaultLocale)) {
      for (const r of ['/login', '/register', '/forgot-password', '/reset-password', '/auth/confirm']) {
        expect(isSessionRoute(localePath(locale, r)), localePath(locale, r)).toBe(true);
        expect(isSessionRoute(`${localePath(locale, r)}.html`), r).toBe(true);
      }
      for (const r of ['/', '/loan', '/privacy-policy', '/404']) {
        expect(isSessionRoute(localePath(locale, r)), localePath(locale, r)).toBe(false);
      }
    }
    expect(isSessionRoute('/ar-login')).toBe(false);
  });

  it('allows exactly the inline scripts and styles each page has, by hash, and pins Supabase', () => {
    const { csp } = policies(site(baseFiles), env);
    const [catchAll, home] = csp('/');
    expect(home?.get('script-src')).toEqual(["'self'", hash(islandBoot)]);
    expect(home?.get('style-src')).toEqual(["'self'", hash(styleBlock)]);
    const login = csp('/login')[1];
    expect(login?.get('script-src')).toEqual(["'self'", hash('console.log(1)')]);
    // The style attribute value, hashed as the browser sees it.
    expect(login?.get('style-src')).toEqual(["'self'", "'unsafe-hashes'", hash('color: red')]);
    for (const policy of [catchAll, home, login]) {
      expect(policy?.get('connect-src')).toEqual([
        "'self'",
        'https://abcdefghijklmnop.supabase.co',
        'wss://abcdefghijklmnop.supabase.co',
      ]);
      expect(policy?.get('object-src')).toEqual(["'none'"]);
      expect(policy?.get('base-uri')).toEqual(["'none'"]);
      expect(policy?.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy?.get('script-src')).not.toContain("'unsafe-inline'");
      expect([...(policy?.values() ?? [])].flat()).not.toContain("'unsafe-eval'");
    }
  });

  it('gives inline styles only to pages whose code writes <style> at run time (react-hot-toast)', () => {
    const { csp } = policies(site(baseFiles), env);
    expect(csp('/user/deposit')[1]?.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp('/')[1]?.get('style-src')).not.toContain("'unsafe-inline'");
  });

  it('names no chat host anywhere while chat is not configured', () => {
    const { result } = policies(site(baseFiles), env);
    expect(result.text).not.toContain('tawk');
  });

  it('with chat configured, allows its hosts on the marketing page that embeds it, never on session pages', () => {
    const { csp } = policies(site(baseFiles), chatEnv);
    const home = csp('/')[1];
    expect(home?.get('script-src')).toEqual(expect.arrayContaining(['https://embed.tawk.to']));
    expect(home?.get('connect-src')).toEqual(expect.arrayContaining(['wss://*.tawk.to']));
    for (const p of ['/login', '/user/deposit', '/404']) {
      const own = csp(p)[1];
      expect(
        [...(own?.values() ?? [])].flat().some((s) => s.includes('tawk')),
        p,
      ).toBe(false);
    }
  });

  it('makes every page policy a subset of the catch-all, so either way Netlify combines them the page gets its own', () => {
    for (const environment of [env, chatEnv]) {
      const { result, csp } = policies(site(baseFiles), environment);
      for (const page of result.pages) {
        for (const route of page.routes) {
          const [catchAll, own, ...rest] = csp(route);
          expect(rest).toEqual([]);
          expect(own && catchAll && isSubset(own, catchAll), route).toBe(true);
        }
      }
      // Unknown paths (served the 404 page) get the catch-all only.
      expect(csp('/no-such-page')).toHaveLength(1);
    }
  });

  it('fails the build when a session page embeds the chat widget or any page loads a third-party script', () => {
    const withChatOnLogin = {
      ...baseFiles,
      'login.html': '<div data-chat-src="https://embed.tawk.to/p/w"></div>',
    };
    expect(generateHeaders({ distDir: site(withChatOnLogin), env: chatEnv }).errors.join('\n')).toMatch(
      /login\.html: a page that holds a session embeds the chat/,
    );
    const thirdParty = {
      ...baseFiles,
      'aboutus.html': '<script src="https://cdn.example.com/x.js"></script>',
    };
    expect(generateHeaders({ distDir: site(thirdParty), env }).errors.join('\n')).toMatch(
      /aboutus\.html: third-party <script/,
    );
  });

  it('refuses a Supabase URL that is not one exact origin', () => {
    expect(() =>
      generateHeaders({ distDir: site(baseFiles), env: { PUBLIC_SUPABASE_URL: 'https://*.supabase.co' } }),
    ).toThrow(/exact/);
    expect(() =>
      generateHeaders({ distDir: site(baseFiles), env: { PUBLIC_SUPABASE_URL: 'not a url' } }),
    ).toThrow(/not a URL/);
  });

  it('uses ws:// for a local http Supabase', () => {
    const { csp } = policies(site(baseFiles), { PUBLIC_SUPABASE_URL: 'http://127.0.0.1:54321/' });
    expect(csp('/')[1]?.get('connect-src')).toEqual([
      "'self'",
      'http://127.0.0.1:54321',
      'ws://127.0.0.1:54321',
    ]);
  });
});
