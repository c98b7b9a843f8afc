import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCAL_JWT_SECRET, scanDir } from '../../scripts/dist-secrets.mjs';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../e2e/support/env';

/** A JWT-shaped token with the given payload (signature content does not matter to the scanner). */
function jwt(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`;
}

const dirs: string[] = [];
/** A small built-site look-alike: HTML, a JS chunk that carries the public anon key, an image. */
function cleanSite(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-secrets-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, '_astro'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>x</title><script src="/_astro/app.js"></script>',
  );
  fs.writeFileSync(
    path.join(dir, '_astro/app.js'),
    `const url="https://abc.supabase.co",key="${ANON_KEY}";const other="${jwt({ role: 'authenticated' })}";const isKey=k=>k.startsWith(\`sb_secret_\`);`,
  );
  fs.writeFileSync(path.join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]));
  return dir;
}

function plant(dir: string, file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.appendFileSync(path.join(dir, file), text);
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('secret scan of the built site', () => {
  it('passes a site that only carries the public anon key and user-level tokens', () => {
    expect(scanDir(cleanSite(), { env: {} })).toEqual([]);
  });

  const planted: Array<[string, string, string, RegExp]> = [
    ['the local service-role key', '_astro/app.js', `const k="${SERVICE_ROLE_KEY}";`, /role service_role/],
    [
      'any JWT whose payload role is service_role',
      'index.html',
      `<meta content="${jwt({ role: 'service_role', iss: 'x' })}">`,
      /role service_role/,
    ],
    ['the local JWT secret', '_astro/app.js', `const s="${LOCAL_JWT_SECRET}";`, /local JWT secret/],
    [
      'an sb_secret_ key',
      '_astro/chunk.js',
      'fetch(u,{headers:{apikey:"sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz"}})',
      /sb_secret_/,
    ],
    [
      'a postgres:// URL',
      '_astro/app.js',
      '"postgres://postgres:pw@db.abc.supabase.co:5432/postgres"',
      /database URL/,
    ],
    ['a postgresql:// URL', 'data.json', '{"db":"postgresql://u:p@localhost/db"}', /database URL/],
    ['a secret inside a binary file', 'logo.png', SERVICE_ROLE_KEY, /role service_role/],
    ['a published .env file', '.env', 'PUBLIC_X=1\n', /must not be published/],
    ['the local admin password', 'index.html', '<p>admin-password-local</p>', /admin password/],
  ];
  for (const [name, file, text, kind] of planted) {
    it(`fails on ${name}`, () => {
      const dir = cleanSite();
      plant(dir, file, text);
      const findings = scanDir(dir, { env: {} });
      expect(findings.map((f) => `${f.file}: ${f.kind}`).join('\n')).toMatch(kind);
      expect(findings.every((f) => f.file === file)).toBe(true);
    });
  }

  it('fails on the value of a secret set in the build environment, whatever its shape', () => {
    const secret = 'my-hosted-service-key-0123456789';
    const dir = cleanSite();
    expect(scanDir(dir, { env: { SUPABASE_SERVICE_ROLE_KEY: secret } })).toEqual([]);
    plant(dir, '_astro/app.js', `x="${secret}"`);
    const findings = scanDir(dir, { env: { SUPABASE_SERVICE_ROLE_KEY: secret } });
    expect(findings.map((f) => f.kind)).toEqual(['value of SUPABASE_SERVICE_ROLE_KEY']);
    // The report names the secret without printing it in full.
    expect(findings[0]?.excerpt).not.toContain(secret);
  });
});
