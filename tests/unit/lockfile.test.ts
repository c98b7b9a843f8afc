import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };

/** Where npm would resolve `name` for the package installed at `from` (node_modules lookup upwards). */
function resolveFrom(from: string, name: string): LockEntry | undefined {
  let base = from;
  for (;;) {
    const hit = lock.packages[`${base ? `${base}/` : ''}node_modules/${name}`];
    if (hit) return hit;
    if (!base) return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

describe('package-lock.json', () => {
  // `npm ci` refuses a lock file that misses any platform's optional binary ("not in sync"), so a
  // clone must be installable with `npm ci` on Linux, macOS and Windows alike.
  it('lists every optional platform package of every locked package', () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolveFrom(path, name)) missing.push(`${path || '(root)'} -> ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
