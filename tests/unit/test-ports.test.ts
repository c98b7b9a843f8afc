import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freeLowPort } from '../../scripts/free-port.mjs';

// Linux hands out 32768-60999 as client source ports: a test server on a fixed port there can find
// it held by somebody's outgoing connection. Only `npm run dev` keeps Supabase's 4321/54321.
const EPHEMERAL_START = 32768;
const DEV_PORTS = new Set([4321, 54321, 54322]);

const testFiles = execFileSync('git', ['ls-files', 'tests', 'scripts', 'playwright*.ts', 'supabase/tests'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && existsSync(f) && /\.(ts|mjs|js)$/.test(f))
  .filter((f) => f !== 'tests/unit/test-ports.test.ts');

describe('test servers listen below the ephemeral port range', () => {
  it('defaults the browser-test ports below 32768', () => {
    const env = { ...process.env };
    delete env['E2E_SITE_PORT'];
    delete env['E2E_SUPABASE_PORT'];
    const printed = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const p = await import('./scripts/e2e-ports.mjs'); console.log(JSON.stringify([p.sitePort, p.supabasePort]));",
      ],
      { encoding: 'utf8', env },
    );
    const ports = JSON.parse(printed) as number[];
    expect(ports).toHaveLength(2);
    for (const port of ports) expect(port).toBeLessThan(EPHEMERAL_START);
  });

  it('writes no fixed port of 32768 or above into a test, script or Playwright config', () => {
    // A port is a number after "port", "PORT", "--port" or "127.0.0.1:" / "localhost:"; not after
    // "support" (a staff role, as in the RLS matrix's `support: '42501'`).
    const portLiteral =
      /(?:(?<!sup)port\w*['"]?\s*(?:[:=,]|\?\?)\s*['"]?|--port['"]?,?\s*['"]?|(?:127\.0\.0\.1|localhost):)(\d{4,5})\b/gi;
    const offenders: string[] = [];
    for (const file of testFiles) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const [, digits] of line.matchAll(portLiteral)) {
            const port = Number(digits);
            if (port >= EPHEMERAL_START && !DEV_PORTS.has(port))
              offenders.push(`${file}:${i + 1}: ${line.trim()}`);
          }
        });
    }
    expect(offenders).toEqual([]);
  });

  it('picks ports for servers started later (PostgreSQL, Lighthouse) below 32768', async () => {
    for (let i = 0; i < 20; i++) expect(await freeLowPort()).toBeLessThan(EPHEMERAL_START);
  });
});
