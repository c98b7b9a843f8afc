import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import releaseGuard, {
  GUARDED_MODULES,
  findPlaceholders,
  isRelease,
  placeholdersLeft,
  releaseProblem,
} from '../../scripts/release-guard.mjs';
import { disclosures, isToFill } from '~/config/disclosures';
import { leadership } from '~/content/leadership';
import { SUPPORT_PHONE } from '~/config/site';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GUARD = path.join(ROOT, 'scripts/release-guard.mjs');

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A project root whose guarded modules are the real ones with every placeholder filled in. */
function filledRoot(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-release-'));
  dirs.push(dir);
  for (const file of GUARDED_MODULES) {
    const source = fs
      .readFileSync(path.join(ROOT, file), 'utf8')
      .replace(
        /\{\s*toFill:\s*('(?:[^'\\]|\\.)*')\s*,?\s*\}/g,
        (_all, text: string) => `'Filled: ${text.slice(1)}`,
      );
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  return dir;
}

describe('release guard (scripts/release-guard.mjs)', () => {
  it('treats LC_RELEASE=1 and Netlify production as releases, previews and local builds not', () => {
    expect(isRelease({ LC_RELEASE: '1' })).toBe(true);
    expect(isRelease({ CONTEXT: 'production' })).toBe(true);
    expect(isRelease({ CONTEXT: 'deploy-preview' })).toBe(false);
    expect(isRelease({ CONTEXT: 'branch-deploy', LC_RELEASE: '0' })).toBe(false);
    expect(isRelease({})).toBe(false);
  });

  it('finds every toFill value with where it sits, and nothing else', () => {
    expect(
      findPlaceholders(
        { a: 'real', b: { toFill: 'x' }, c: [{ label: 'L', value: { toFill: 'y' } }, { value: 'z' }] },
        'o',
      ),
    ).toEqual([
      { at: 'o.b', toFill: 'x' },
      { at: 'o.c[0].value', toFill: 'y' },
    ]);
    expect(findPlaceholders('plain', 'o')).toEqual([]);
  });

  it('lists what the firm has still to fill in the real disclosures and leadership', async () => {
    const left = await placeholdersLeft();
    const expected =
      [
        disclosures.entityName,
        ...Object.values(disclosures.riskWarning),
        ...disclosures.lines.map((l) => l.value),
      ].filter(isToFill).length +
      // A role and a biography in every language the site speaks.
      leadership.flatMap((l) => [l.name, ...Object.values(l.role), ...Object.values(l.bio)]).filter(isToFill)
        .length +
      (isToFill(SUPPORT_PHONE) ? 1 : 0);
    expect(left).toHaveLength(expected);
    expect(left).toContain(
      'src/config/disclosures.ts: disclosures.entityName (Registered name of the entity that provides the services)',
    );
  });

  it('refuses a release build while placeholders are left, and only a release build', async () => {
    expect(await releaseProblem({})).toBeNull();
    expect(await releaseProblem({ CONTEXT: 'deploy-preview' })).toBeNull();
    const problem = await releaseProblem({ CONTEXT: 'production' });
    expect(problem).toMatch(/^Release build refused: \d+ disclosure value\(s\) still marked toFill/);
    expect(problem).toContain('disclosures.lines[0].value');
    expect(problem).toContain('leadership[0].name');
    // Every language's copy is guarded, not only English's.
    expect(problem).toContain('disclosures.riskWarning.ar');
    expect(problem).toContain('leadership[0].bio.zh-hant');
  });

  it('lets a release through once every value is filled', async () => {
    const root = filledRoot();
    expect(await placeholdersLeft(root)).toEqual([]);
    expect(await releaseProblem({ LC_RELEASE: '1' }, root)).toBeNull();
  });

  it('fails astro build through its integration hook when LC_RELEASE=1', async () => {
    const hook = releaseGuard().hooks['astro:build:start'];
    const before = process.env['LC_RELEASE'];
    process.env['LC_RELEASE'] = '1';
    try {
      await expect(hook()).rejects.toThrow(/Release build refused/);
    } finally {
      if (before === undefined) delete process.env['LC_RELEASE'];
      else process.env['LC_RELEASE'] = before;
    }
  });

  it('runs on plain Node (as astro build does): exit 1 on a release with placeholders, 0 otherwise', () => {
    const env = { ...process.env, LC_RELEASE: '', CONTEXT: '' };
    const release = spawnSync(process.execPath, [GUARD], {
      env: { ...env, CONTEXT: 'production' },
      encoding: 'utf8',
    });
    expect(release.status).toBe(1);
    expect(release.stderr).toContain('Release build refused');
    const local = spawnSync(process.execPath, [GUARD], { env, encoding: 'utf8' });
    expect(local.status).toBe(0);
    expect(local.stdout).toMatch(/placeholder\(s\) left \(not a release build\)/);
  });
});
