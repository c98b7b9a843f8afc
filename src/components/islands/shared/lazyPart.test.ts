// Every part of a page loaded after it goes through lazyPart, so that a chunk the browser cannot
// fetch leaves the page standing (tests/e2e/lazy-parts.spec.ts shows the stand-ins in a browser).
// A plain React.lazy would unmount the whole island when its import rejects.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..', '..', '..');
const HELPER = join(__dirname, 'lazyPart.tsx');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(tsx?|astro)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Calls of React's lazy other than through lazyPart: `lazy(`, `React.lazy(`, an aliased import. */
function plainLazyCalls(text: string): string[] {
  const found = [...text.matchAll(/(?<![\w.])(?:React\.)?lazy\s*\(/g)].map((m) => m[0]);
  const aliased = [...text.matchAll(/import\s*\{[^}]*\blazy\s+as\s+(\w+)/g)].map((m) => `lazy as ${m[1]}`);
  return [...found, ...aliased];
}

describe('parts loaded after the page', () => {
  it('the scan sees a plain lazy, an aliased one and React.lazy, and not lazyPart', () => {
    expect(plainLazyCalls("const A = lazy(() => import('./A'));")).toHaveLength(1);
    expect(plainLazyCalls("const A = React.lazy(() => import('./A'));")).toHaveLength(1);
    expect(plainLazyCalls("import { lazy as later } from 'react';")).toHaveLength(1);
    expect(plainLazyCalls("const A = lazyPart(() => import('./A'), 'dialog');")).toHaveLength(0);
  });

  it('no island uses React.lazy directly: each goes through lazyPart and its stand-in', () => {
    const offenders = sources(SRC)
      .filter((path) => path !== HELPER)
      .flatMap((path) =>
        plainLazyCalls(readFileSync(path, 'utf8')).map((call) => `${relative(SRC, path)}: ${call}`),
      );
    expect(offenders).toEqual([]);
  });
});
