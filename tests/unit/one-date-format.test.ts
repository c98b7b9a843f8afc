import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 35: every date and time the site shows goes through src/lib/date-time.ts, or for another
// language src/lib/date-time-in-language.ts (Hong Kong time, zone written). The browser's own formatting ("11/27/2026, 12:40:36 PM": US order, no zone, the
// reader's clock) crept back into the member portal once; this keeps it out of every page.
const FORMATTERS = /\.toLocale(?:Date|Time)String\(|Intl\.DateTimeFormat|new Date\([^)]*\)\.toLocaleString\(/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(tsx?|astro)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('dates on the site', () => {
  it('are formatted by the two date-time modules alone', () => {
    const formatters = [join('src', 'lib', 'date-time.ts'), join('src', 'lib', 'date-time-in-language.ts')];
    const offenders = sources('src')
      .filter((file) => !formatters.includes(file))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (FORMATTERS.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });
});
