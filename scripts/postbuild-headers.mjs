#!/usr/bin/env node
// Writes <publish dir>/_headers: an exact Content-Security-Policy for every built page, then scans
// the publish dir for shipped secrets (scripts/dist-secrets.mjs) and fails the build on any.
//
// Runs after every `astro build` as an Astro integration (registered in astro.config.mjs), so the
// Netlify build, `npm run build` and the browser tests' own builds all get it. By hand:
//   node scripts/postbuild-headers.mjs [--dir dist]
//
// Why a generated file rather than a CSP in netlify.toml:
// - the Supabase origin is only known at build time (PUBLIC_SUPABASE_URL), and connect-src must name
//   that exact project, never https://*.supabase.co (any attacker's project would match; research D10);
// - Astro emits inline scripts (the astro-island bootstrap) and may inline small stylesheets; each is
//   allowed by its sha256 hash, never by 'unsafe-inline' in script-src;
// - the chat widget's hosts are allowed only on pages that embed it, and never on pages that hold a
//   session (/login, /register, password pages, member and admin pages: research D9).
//
// Rules: "/*" carries the union of every page's policy (it covers the 404 page on unknown paths), then
// each page path gets its own exact policy. Every page policy is a subset of the catch-all, so whether
// Netlify keeps the last matching value or joins both (two policies are both enforced), the page
// ends up with its own policy.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatFindings, scanDir } from './dist-secrets.mjs';

/** The Supabase CLI's local API, the same default src/lib/supabase.ts falls back to. */
const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';

/** Same rule as src/config/chat.ts: ids are path segments of the provider's URL. */
const CHAT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * tawk.to publishes no CSP host list; these are the hosts its embed is known to use (research S29):
 * the loader on embed.tawk.to, the app, sockets and assets on other *.tawk.to hosts, images on
 * *.tawkcdn.com. Provisional: verify on a staging deploy (a report-only run) before relying on it.
 */
const CHAT_SOURCES = {
  'script-src': ['https://embed.tawk.to', 'https://*.tawk.to'],
  'style-src': ['https://*.tawk.to'],
  'img-src': ['https://*.tawk.to', 'https://*.tawkcdn.com'],
  'font-src': ['https://*.tawk.to'],
  'connect-src': ['https://*.tawk.to', 'wss://*.tawk.to'],
  'frame-src': ['https://*.tawk.to'],
  'media-src': ['https://*.tawk.to'],
};

/**
 * Pages that hold (or set up) a session: no third-party origin in their policy, ever. Matched on the
 * route path; anything under /user/ or /admin/ counts.
 * @param {string} route
 */
export function isSessionRoute(route) {
  // The same pages in another language are the same kind of page (/zh-hant/login, /ar/auth/confirm).
  const path = route.replace(TRANSLATED_PREFIX, '') || '/';
  return (
    // Netlify serves each page at /login and at /login.html: both are the same page.
    /^\/(login|register|forgot-password|reset-password|user-dashboard|auth)(\/|\.html$|$)/.test(path) ||
    /^\/(user|admin)(\/|\.html$|$)/.test(path)
  );
}

/**
 * The prefixes of the languages other than English (src/i18n/locales.ts; tests/unit/dist-headers.test.ts
 * checks the two lists agree).
 */
export const TRANSLATED_PREFIX = /^\/(?:zh-hant|ar)(?=\/|$)/;

/**
 * @param {Record<string, string | undefined>} env
 * @returns {{ supabaseOrigins: string[], chatConfigured: boolean }}
 */
export function settingsFromEnv(env) {
  const raw = (env['PUBLIC_SUPABASE_URL'] ?? '').trim() || LOCAL_SUPABASE_URL;
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_SUPABASE_URL is not a URL: ${raw}`);
  }
  if (!/^https?:$/.test(url.protocol) || url.hostname.includes('*')) {
    throw new Error(`PUBLIC_SUPABASE_URL must be an exact http(s) origin: ${raw}`);
  }
  // Realtime uses a WebSocket to the same host: wss:// for https://, ws:// for local http://.
  const ws = `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
  const chatConfigured =
    CHAT_ID.test((env['PUBLIC_CHAT_PROPERTY_ID'] ?? '').trim()) &&
    CHAT_ID.test((env['PUBLIC_CHAT_WIDGET_ID'] ?? '').trim());
  return { supabaseOrigins: [url.origin, ws], chatConfigured };
}

/** @param {string} text */
function sha256(text) {
  return `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** Decodes the character references Astro and React write into attribute values. @param {string} value */
function decodeEntities(value) {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|apos|lt|gt);/gi, (whole, ref) => {
    const r = String(ref).toLowerCase();
    if (r.startsWith('#x')) return String.fromCodePoint(parseInt(r.slice(2), 16));
    if (r.startsWith('#')) return String.fromCodePoint(parseInt(r.slice(1), 10));
    return { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' }[r] ?? whole;
  });
}

/** Script types a browser executes (and CSP governs); JSON-LD and other data blocks are not run. */
const EXECUTABLE_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'text/ecmascript',
]);

/** Markers of libraries that write <style> text at run time, which no hash can allow. */
const RUNTIME_STYLE_MARKERS = [
  // goober, the CSS-in-JS engine inside react-hot-toast: fills a <style id="_goober"> element.
  '_goober',
];

/**
 * @typedef {{
 *   route: string,
 *   file: string,
 *   scriptHashes: string[],
 *   styleHashes: string[],
 *   styleAttrHashes: string[],
 *   runtimeStyles: boolean,
 *   embedsChat: boolean,
 *   problems: string[],
 *   externalScripts: string[],
 * }} PageFacts
 */

/**
 * What a page's CSP must allow, read from its HTML and the JavaScript it loads.
 * @param {string} html
 * @param {{ route: string, file: string, jsGraph: (entries: string[]) => string[] }} context
 * @returns {PageFacts}
 */
export function analysePage(html, { route, file, jsGraph }) {
  const scriptHashes = new Set();
  const styleHashes = new Set();
  const styleAttrHashes = new Set();
  /** @type {string[]} */
  const problems = [];
  /** @type {string[]} */
  const externalScripts = [];
  /** @type {string[]} */
  const jsEntries = [];

  const scriptRe = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (const match of html.matchAll(scriptRe)) {
    const attrs = match[1] ?? '';
    const body = match[2] ?? '';
    const type = (/\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attrs)?.[1] ?? '').toLowerCase();
    const src = /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1];
    if (src) {
      if (/^(https?:)?\/\//i.test(src)) externalScripts.push(src);
      else jsEntries.push(src);
      continue;
    }
    if (!EXECUTABLE_TYPES.has(type)) continue;
    scriptHashes.add(sha256(body));
  }
  // Everything below must not look inside script bodies.
  const markup = html.replace(scriptRe, '<script></script>');
  for (const match of markup.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi))
    styleHashes.add(sha256(match[1] ?? ''));
  for (const tag of markup.matchAll(/<[a-z][\w-]*\b[^>]*>/gi)) {
    const text = tag[0];
    for (const attr of text.matchAll(/\s([a-z][\w:-]*)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/gi)) {
      const name = (attr[1] ?? '').toLowerCase();
      const value = decodeEntities(attr[3] ?? attr[4] ?? attr[5] ?? '');
      if (name === 'style') styleAttrHashes.add(sha256(value));
      else if (name.startsWith('on'))
        problems.push(
          `inline event handler ${name}="…" (needs 'unsafe-hashes' for scripts; use addEventListener)`,
        );
      else if ((name === 'href' || name === 'src' || name === 'action') && /^\s*javascript:/i.test(value)) {
        problems.push(`javascript: URL in ${name} (blocked by CSP)`);
      } else if (
        name === 'component-url' ||
        name === 'renderer-url' ||
        (name === 'href' && /rel=["']?modulepreload/i.test(text))
      ) {
        jsEntries.push(value);
      }
    }
  }
  const graph = jsGraph(jsEntries);
  const runtimeStyles = graph.some((code) => RUNTIME_STYLE_MARKERS.some((marker) => code.includes(marker)));
  return {
    route,
    file,
    scriptHashes: [...scriptHashes].sort(),
    styleHashes: [...styleHashes].sort(),
    styleAttrHashes: [...styleAttrHashes].sort(),
    runtimeStyles,
    embedsChat: /\sdata-chat-src\s*=/.test(markup),
    problems,
    externalScripts,
  };
}

/**
 * @typedef {Record<string, string[]>} Policy  directive name -> source list, in output order
 */

/**
 * @param {{ scriptHashes: string[], styleHashes: string[], styleAttrHashes: string[], runtimeStyles: boolean, chat: boolean, supabaseOrigins: string[] }} input
 * @returns {Policy}
 */
export function policyFor({
  scriptHashes,
  styleHashes,
  styleAttrHashes,
  runtimeStyles,
  chat,
  supabaseOrigins,
}) {
  const chatFor = /** @param {keyof typeof CHAT_SOURCES} d */ (d) => (chat ? CHAT_SOURCES[d] : []);
  // Hashes switch 'unsafe-inline' off, so a page whose libraries write styles at run time (or that
  // embeds the chat widget, which does the same) gets 'unsafe-inline' for styles and no style hashes.
  // Styles cannot run code; script-src stays hash-only everywhere.
  const inlineStyles = runtimeStyles || chat;
  const style = inlineStyles
    ? ["'self'", "'unsafe-inline'"]
    : ["'self'", ...styleHashes, ...(styleAttrHashes.length ? ["'unsafe-hashes'", ...styleAttrHashes] : [])];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...chatFor('script-src')],
    'style-src': [...style, ...chatFor('style-src')],
    'img-src': ["'self'", 'data:', ...chatFor('img-src')],
    'font-src': ["'self'", ...chatFor('font-src')],
    'connect-src': ["'self'", ...supabaseOrigins, ...chatFor('connect-src')],
    'frame-src': chat ? CHAT_SOURCES['frame-src'] : ["'none'"],
    'media-src': ["'self'", ...chatFor('media-src')],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** @param {Policy} policy */
export function serializePolicy(policy) {
  return Object.entries(policy)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Every file name under dir, relative, with forward slashes. @param {string} dir */
function listFiles(dir) {
  /** @type {string[]} */
  const out = [];
  /** @param {string} rel */
  const walk = (rel) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) out.push(child);
    }
  };
  walk('');
  return out.sort();
}

/**
 * The request paths that serve an HTML file: "aboutus.html" -> /aboutus and /aboutus.html,
 * "index.html" -> /, "user/index.html" -> /user and /user/index.html.
 * @param {string} file
 */
export function routesForFile(file) {
  const withSlash = `/${file}`;
  if (file === 'index.html') return ['/', '/index.html'];
  if (file.endsWith('/index.html')) return [withSlash.slice(0, -'/index.html'.length), withSlash];
  return [withSlash.slice(0, -'.html'.length), withSlash];
}

/**
 * Follows a page's module graph through dist: entry URLs ("/_astro/x.js") to the code of every file
 * they import, statically or dynamically.
 * @param {string} distDir
 */
function makeJsGraph(distDir) {
  /** @type {Map<string, string>} */
  const code = new Map();
  /** @param {string} file absolute path */
  const read = (file) => {
    if (!code.has(file)) code.set(file, fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
    return code.get(file) ?? '';
  };
  return /** @param {string[]} entries */ (entries) => {
    const seen = new Set();
    const queue = entries
      .filter((u) => u.startsWith('/') && !u.startsWith('//'))
      .map((u) => path.join(distDir, u.split(/[?#]/)[0] ?? ''));
    /** @type {string[]} */
    const texts = [];
    while (queue.length) {
      const file = queue.pop() ?? '';
      if (seen.has(file)) continue;
      seen.add(file);
      const text = read(file);
      texts.push(text);
      // Static and dynamic imports alike (a style engine loaded on demand still writes <style>);
      // the bundler writes dynamic ones with backticks.
      for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'`](\.{1,2}\/[^"'`]+\.m?js)["'`]/g)) {
        queue.push(path.resolve(path.dirname(file), m[1] ?? ''));
      }
    }
    return texts;
  };
}

/**
 * Reads a built site and returns the `_headers` text plus what it decided per page.
 * @param {{ distDir: string, env: Record<string, string | undefined> }} options
 */
export function generateHeaders({ distDir, env }) {
  const settings = settingsFromEnv(env);
  const jsGraph = makeJsGraph(distDir);
  const pages = listFiles(distDir)
    .filter((f) => f.endsWith('.html'))
    .map((file) => {
      const routes = routesForFile(file);
      const facts = analysePage(fs.readFileSync(path.join(distDir, file), 'utf8'), {
        route: routes[0] ?? `/${file}`,
        file,
        jsGraph,
      });
      return { ...facts, routes };
    });

  /** @type {string[]} */
  const errors = [];
  /** @type {string[]} */
  const warnings = [];
  const withPolicy = pages.map((page) => {
    const session = isSessionRoute(page.route);
    if (session && page.embedsChat) {
      errors.push(`${page.file}: a page that holds a session embeds the chat widget (security research D9)`);
    }
    for (const src of page.externalScripts)
      errors.push(`${page.file}: third-party <script src="${src}"> is not allowed`);
    for (const problem of page.problems) warnings.push(`${page.file}: ${problem}`);
    const chat = settings.chatConfigured && page.embedsChat && !session;
    // Said at every build so the compromise stays visible: where it can, the page's own markup or
    // libraries should change rather than the policy.
    if (page.styleAttrHashes.length && !chat && !page.runtimeStyles) {
      warnings.push(
        `${page.file}: ${page.styleAttrHashes.length} inline style attribute value(s), allowed by hash ('unsafe-hashes'); prefer classes`,
      );
    }
    const policy = policyFor({ ...page, chat, supabaseOrigins: settings.supabaseOrigins });
    return { ...page, session, chat, policy };
  });

  const runtimeStyled = withPolicy.filter((p) => p.runtimeStyles).map((p) => p.route);
  if (runtimeStyled.length) {
    warnings.push(
      `style-src 'unsafe-inline' on ${runtimeStyled.length} page(s) whose code writes <style> at run time (react-hot-toast's goober): ${runtimeStyled.join(' ')}`,
    );
  }

  /** @param {(p: (typeof withPolicy)[number]) => string[]} pick */
  const union = (pick) => [...new Set(withPolicy.flatMap(pick))].sort();
  const catchAll = policyFor({
    scriptHashes: union((p) => p.scriptHashes),
    styleHashes: union((p) => p.styleHashes),
    styleAttrHashes: union((p) => p.styleAttrHashes),
    runtimeStyles: withPolicy.some((p) => p.runtimeStyles),
    chat: withPolicy.some((p) => p.chat),
    supabaseOrigins: settings.supabaseOrigins,
  });

  const lines = [
    '# Generated by scripts/postbuild-headers.mjs after `astro build`: do not edit, rebuild.',
    `# Supabase: ${settings.supabaseOrigins.join(' ')}; chat widget: ${settings.chatConfigured ? 'configured' : 'not configured'}.`,
    '# "/*" is the union of all page policies (it covers the 404 page on unknown paths); each page',
    '# then gets its exact policy, a subset of it. Other headers live in netlify.toml.',
    '/*',
    `  Content-Security-Policy: ${serializePolicy(catchAll)}`,
  ];
  for (const page of withPolicy) {
    for (const route of page.routes) {
      lines.push(route, `  Content-Security-Policy: ${serializePolicy(page.policy)}`);
    }
  }
  return { text: `${lines.join('\n')}\n`, pages: withPolicy, catchAll, settings, errors, warnings };
}

/**
 * The environment a build sees: process.env over the project's .env files, as Vite loads them.
 * @param {string} root
 * @param {string} mode
 */
export async function buildEnv(root, mode) {
  const { loadEnv } = await import('vite');
  return { ...loadEnv(mode, root, 'PUBLIC_'), ...process.env };
}

/**
 * Writes _headers into distDir and scans distDir for secrets. Throws (failing the build) on a
 * session page embedding chat, a third-party script tag, or any secret found.
 * @param {{ distDir: string, env: Record<string, string | undefined>, log?: (msg: string) => void }} options
 */
export function writeHeaders({ distDir, env, log = console.log }) {
  const result = generateHeaders({ distDir, env });
  for (const warning of result.warnings) log(`warning: ${warning}`);
  if (result.errors.length) throw new Error(`Content-Security-Policy:\n  ${result.errors.join('\n  ')}`);
  fs.writeFileSync(path.join(distDir, '_headers'), result.text);
  log(`wrote _headers: ${result.pages.length} pages, Supabase ${result.settings.supabaseOrigins.join(' ')}`);
  const findings = scanDir(distDir, { env });
  if (findings.length) throw new Error(`Secrets in the built site:\n${formatFindings(findings)}`);
  log('secret scan: no secrets in the built site');
  return result;
}

/**
 * Astro integration: runs writeHeaders after every build.
 * @returns {import('astro').AstroIntegration}
 */
export default function netlifyHeaders() {
  let root = process.cwd();
  return {
    name: 'liquid-capital:netlify-headers',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const env = await buildEnv(root, 'production');
        writeHeaders({ distDir: fileURLToPath(dir), env, log: (msg) => logger.info(msg) });
      },
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { values } = parseArgs({ options: { dir: { type: 'string', default: 'dist' } } });
  try {
    writeHeaders({ distDir: path.resolve(values.dir), env: await buildEnv(process.cwd(), 'production') });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
