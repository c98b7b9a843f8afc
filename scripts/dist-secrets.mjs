#!/usr/bin/env node
// Scans a built site for secrets that must never reach a browser (security research test 40):
// - any JWT whose payload says role "service_role" (every eyJ… token found is decoded), including the
//   Supabase CLI's well-known local service-role key;
// - the local JWT secret, and the values of SUPABASE_SERVICE_ROLE_KEY / SUPABASE_JWT_SECRET /
//   JWT_SECRET / LOCAL_ADMIN_PASSWORD when they are set in the build environment;
// - Supabase secret API keys (sb_secret_ followed by a key body);
// - database URLs (postgres://, postgresql://);
// - files that must not be published at all (.env*, .git/).
// Run: node scripts/dist-secrets.mjs [--dir dist]. scripts/postbuild-headers.mjs runs it after every build.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The Supabase CLI's JWT secret for local stacks: signs tokens that the local server trusts. */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** The seeded local admin's default password (README: Set up and run): development only, never shipped. */
export const LOCAL_ADMIN_PASSWORD = 'admin-password-local';

/** Environment variables whose values are secret whenever they are set. */
const SECRET_ENV = [
  'SUPABASE_SERVICE_ROLE_KEY',
  'SERVICE_ROLE_KEY',
  'SUPABASE_JWT_SECRET',
  'JWT_SECRET',
  'LOCAL_ADMIN_PASSWORD',
  'DATABASE_URL',
];

/** @typedef {{ file: string, kind: string, excerpt: string }} Finding */

/** @param {string} segment */
function decodeSegment(segment) {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Keeps a finding readable without printing the whole secret again. @param {string} value */
function redact(value) {
  return value.length <= 16 ? `${value.slice(0, 4)}…` : `${value.slice(0, 12)}…${value.slice(-4)}`;
}

/**
 * @param {string} text
 * @param {string} file
 * @param {{ literals: Array<{ kind: string, value: string }> }} options
 * @returns {Finding[]}
 */
export function scanText(text, file, { literals }) {
  /** @type {Finding[]} */
  const findings = [];
  for (const match of text.matchAll(/eyJ[A-Za-z0-9_-]{5,}\.(eyJ[A-Za-z0-9_-]+)\.[A-Za-z0-9_-]*/g)) {
    const payload = decodeSegment(match[1] ?? '');
    const role = payload && typeof payload === 'object' ? payload.role : undefined;
    if (role === 'service_role' || role === 'supabase_admin') {
      findings.push({ file, kind: `JWT with role ${role}`, excerpt: redact(match[0]) });
    }
  }
  // The prefix alone is no secret: supabase-js itself tests keys with startsWith('sb_secret_').
  // A key has a body after it (Supabase's are 30+ characters); 16 is a safe floor.
  for (const match of text.matchAll(/sb_secret_[A-Za-z0-9_-]{16,}/g)) {
    findings.push({ file, kind: 'Supabase secret key (sb_secret_)', excerpt: redact(match[0]) });
  }
  for (const match of text.matchAll(/postgres(?:ql)?:\/\/[^\s"'`<>)]*/gi)) {
    findings.push({ file, kind: 'database URL', excerpt: redact(match[0]) });
  }
  for (const { kind, value } of literals) {
    if (value && text.includes(value)) findings.push({ file, kind, excerpt: redact(value) });
  }
  return findings;
}

/**
 * @param {string} dir
 * @param {{ env?: Record<string, string | undefined> }} [options]
 * @returns {Finding[]}
 */
export function scanDir(dir, { env = process.env } = {}) {
  const literals = [
    { kind: 'the local JWT secret', value: LOCAL_JWT_SECRET },
    { kind: 'the local admin password', value: LOCAL_ADMIN_PASSWORD },
    // Short values would match by chance; a real secret is long.
    ...SECRET_ENV.map((name) => ({ kind: `value of ${name}`, value: (env[name] ?? '').trim() })).filter(
      (l) => l.value.length >= 12,
    ),
  ];
  /** @type {Finding[]} */
  const findings = [];
  /** @param {string} rel */
  const walk = (rel) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.name === '.git' || /^\.env(\.|$)/.test(entry.name)) {
        findings.push({ file: child, kind: 'file that must not be published', excerpt: entry.name });
      }
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) {
        // latin1 keeps every byte, so binary files are scanned too without decoding errors.
        findings.push(
          ...scanText(fs.readFileSync(path.join(dir, child)).toString('latin1'), child, { literals }),
        );
      }
    }
  };
  walk('');
  return findings;
}

/** @param {Finding[]} findings */
export function formatFindings(findings) {
  return findings.map((f) => `  ${f.file}: ${f.kind} (${f.excerpt})`).join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { values } = parseArgs({ options: { dir: { type: 'string', default: 'dist' } } });
  const findings = scanDir(path.resolve(values.dir));
  if (findings.length) {
    console.error(`Secrets in ${values.dir}:\n${formatFindings(findings)}`);
    process.exit(1);
  }
  console.log(`No secrets in ${values.dir}.`);
}
