/**
 * The summary `npm test` ends with (scripts/test-report.mjs): counts and the names of failed tests,
 * read from reports that real Vitest and Playwright runs write, so a change in either tool's report
 * shape fails here rather than hiding a failure from the end of a CI log.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPlaywrightReport, readVitestReport } from '../../scripts/test-report.mjs';

const root = process.cwd();
let dir: string;

beforeAll(() => {
  // Inside the repository, so the sample spec resolves @playwright/test from our node_modules.
  dir = mkdtempSync(path.join(root, '.report-sample-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runTool(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(path.join(root, 'node_modules/.bin', args[0]!), args.slice(1), {
    cwd: dir,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  // Both tools exit 1 when a test fails, which these reports are about.
  expect(result.status, result.stderr + result.stdout).toBe(1);
}

describe('npm test summary', () => {
  it('reads a Vitest report: counts and each failed test by file and full name', () => {
    writeFileSync(
      path.join(dir, 'sample.test.ts'),
      `import { describe, expect, it } from 'vitest';
describe('money', () => {
  it('adds', () => expect(1 + 1).toBe(2));
  it('rounds', () => expect(0.1 + 0.2).toBe(0.3));
  it.skip('later', () => {});
});
`,
    );
    writeFileSync(path.join(dir, 'broken.test.ts'), `throw new Error('cannot import');\n`);
    writeFileSync(
      path.join(dir, 'vitest.config.mjs'),
      `export default { test: { include: ['*.test.ts'] } };\n`,
    );
    runTool(['vitest', 'run', '--reporter=json', '--outputFile.json=vitest.json']);
    const read = readVitestReport(JSON.parse(readFileSync(path.join(dir, 'vitest.json'), 'utf8')), dir);
    expect(read).toEqual({
      passed: 1,
      failed: 1,
      skipped: 1,
      failedTests: expect.arrayContaining([
        'vitest  sample.test.ts › money rounds',
        expect.stringMatching(/^vitest {2}broken\.test\.ts \(the file failed: .*cannot import/),
      ]),
    });
    expect(read.failedTests).toHaveLength(2);
  }, 60_000);

  it('reads a Playwright report: counts and each failed test by file, line, project and titles', () => {
    writeFileSync(
      path.join(dir, 'sample.spec.ts'),
      `import { expect, test } from '@playwright/test';
test('passes', () => expect(1).toBe(1));
test.describe('sign in', () => {
  test('fails', () => expect(1).toBe(2));
  test.skip('skipped', () => {});
});
`,
    );
    writeFileSync(
      path.join(dir, 'playwright.config.mjs'),
      `export default { testDir: '.', testMatch: /\\.spec\\.ts$/, projects: [{ name: 'desktop' }] };\n`,
    );
    runTool(['playwright', 'test', '-c', 'playwright.config.mjs', '--reporter=json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(dir, 'pw.json'),
    });
    const read = readPlaywrightReport(JSON.parse(readFileSync(path.join(dir, 'pw.json'), 'utf8')), 'browser');
    expect(read).toEqual({
      passed: 1,
      failed: 1,
      skipped: 1,
      failedTests: ['browser  sample.spec.ts:4 › [desktop] sign in › fails'],
    });
  }, 60_000);
});
