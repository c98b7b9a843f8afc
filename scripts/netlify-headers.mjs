// Applies Netlify's custom-header rules to a request path, so local servers (scripts/serve-static.mjs,
// used by every browser test and benchmark) answer with the headers production sends.
//
// Sources, in Netlify's order: `<publish dir>/_headers` first, then `[[headers]]` in netlify.toml.
// Matching follows Netlify's documented rules: a rule's `for` path matches the whole request path,
// `*` matches the rest of the path (any depth), `:name` matches one segment, a trailing slash is
// optional and case does not matter.
//
// When several matching rules set the same header, Netlify's local CLI keeps the last value while its
// CDN has been reported to join them with ", ". We join (the stricter model): a header set twice then
// shows up as a comma-joined value, which tests/e2e/security-headers.spec.ts rejects for every header
// but Content-Security-Policy. For CSP the join is deliberate and harmless: two policies are both
// enforced, and scripts/postbuild-headers.mjs makes every page policy a subset of the catch-all one,
// so a page gets exactly its own policy whichever way Netlify combines them.
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';

/** @typedef {{ for: string, values: Record<string, string>, source: string }} HeaderRule */

const projectRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/**
 * Parses the `_headers` file format: a path line starting with "/", then indented "Name: value" lines.
 * @param {string} text
 * @param {string} [source]
 * @returns {HeaderRule[]}
 */
export function parseHeadersFile(text, source = '_headers') {
  /** @type {HeaderRule[]} */
  const rules = [];
  /** @type {HeaderRule | undefined} */
  let current;
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      if (!line.startsWith('/'))
        throw new Error(`${source}:${index + 1}: a path must start with "/": ${line}`);
      current = { for: line, values: {}, source };
      rules.push(current);
      continue;
    }
    if (!current) throw new Error(`${source}:${index + 1}: header line before any path`);
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`${source}:${index + 1}: expected "Name: value": ${line}`);
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    // Repeating a name inside one rule is Netlify's way of writing a multi-value header.
    current.values[name] = current.values[name] === undefined ? value : `${current.values[name]}, ${value}`;
  }
  return rules;
}

/**
 * Reads `[[headers]]` from netlify.toml. Multi-line values collapse to one line, as Netlify does.
 * @param {string} text
 * @param {string} [source]
 * @returns {HeaderRule[]}
 */
export function parseNetlifyToml(text, source = 'netlify.toml') {
  const config = /** @type {{ headers?: Array<{ for?: unknown, values?: Record<string, unknown> }> }} */ (
    parseToml(text)
  );
  return (config.headers ?? []).map((rule, index) => {
    if (typeof rule.for !== 'string' || !rule.for.startsWith('/')) {
      throw new Error(`${source}: [[headers]] #${index + 1} needs a "for" path starting with "/"`);
    }
    /** @type {Record<string, string>} */
    const values = {};
    for (const [name, value] of Object.entries(rule.values ?? {})) {
      const list = Array.isArray(value) ? value.map(String) : [String(value)];
      values[name] = list
        .map((v) => v.replace(/\s*\n\s*/g, ' ').trim())
        .filter(Boolean)
        .join(', ');
    }
    return { for: rule.for, values, source };
  });
}

/**
 * @param {string} forPath
 * @returns {RegExp}
 */
export function pathPattern(forPath) {
  const parts = forPath
    .split('/')
    .filter(Boolean)
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    });
  // "/*" must also match "/" itself, so the splat may swallow the slash before it.
  const body = parts.length === 0 ? '' : `/${parts.join('/')}`.replace(/\/\.\*$/, '(?:/.*)?');
  return new RegExp(`^${body}/?$`, 'i');
}

/**
 * @param {HeaderRule[]} rules
 * @param {string} pathname
 * @returns {Record<string, string>}
 */
export function applyRules(rules, pathname) {
  /** @type {Map<string, { name: string, value: string }>} */
  const merged = new Map();
  for (const rule of rules) {
    if (!pathPattern(rule.for).test(pathname)) continue;
    for (const [name, value] of Object.entries(rule.values)) {
      const key = name.toLowerCase();
      const prior = merged.get(key);
      merged.set(key, prior ? { name: prior.name, value: `${prior.value}, ${value}` } : { name, value });
    }
  }
  return Object.fromEntries([...merged.values()].map(({ name, value }) => [name, value]));
}

/**
 * Loads the rules from a publish directory and a netlify.toml, re-reading either file when it changes
 * (a rebuild while a server runs must not serve stale policies).
 * @param {{ distDir: string, tomlPath?: string }} options
 */
export function createHeaderResolver({ distDir, tomlPath = path.join(projectRoot, 'netlify.toml') }) {
  const headersPath = path.join(distDir, '_headers');
  /** @type {{ key: string, rules: HeaderRule[] } | undefined} */
  let cache;
  /** @param {string} file */
  const stamp = (file) => {
    try {
      const stat = fs.statSync(file);
      return `${stat.mtimeMs}:${stat.size}`;
    } catch {
      return 'absent';
    }
  };
  function rules() {
    const key = `${stamp(headersPath)}|${stamp(tomlPath)}`;
    if (cache?.key !== key) {
      const fromFile = fs.existsSync(headersPath)
        ? parseHeadersFile(fs.readFileSync(headersPath, 'utf8'), headersPath)
        : [];
      const fromToml = fs.existsSync(tomlPath)
        ? parseNetlifyToml(fs.readFileSync(tomlPath, 'utf8'), tomlPath)
        : [];
      cache = { key, rules: [...fromFile, ...fromToml] };
    }
    return cache.rules;
  }
  return {
    rules,
    /** @param {string} pathname */
    headersForPath: (pathname) => applyRules(rules(), pathname),
  };
}

// serve-static.mjs calls headersForPath(pathname) without saying which folder it serves, so read its
// own --dir argument (same default) from the command line of the process that imported us.
function servedDir() {
  const args = process.argv;
  const at = args.findIndex((a) => a === '--dir' || a.startsWith('--dir='));
  if (at === -1) return path.resolve('dist');
  const arg = args[at] ?? '';
  return path.resolve(arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (args[at + 1] ?? 'dist'));
}

/** @type {ReturnType<typeof createHeaderResolver> | undefined} */
let defaultResolver;

/**
 * Headers Netlify would add to a response for `pathname`, from netlify.toml and `<served dir>/_headers`.
 * @param {string} pathname
 * @returns {Record<string, string>}
 */
export function headersForPath(pathname) {
  defaultResolver ??= createHeaderResolver({ distDir: servedDir() });
  return defaultResolver.headersForPath(pathname);
}
