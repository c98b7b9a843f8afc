import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Colours are named once, as tokens in global.css; components use the Tailwind classes, var(--color-*)
// or themeColor(). A hex literal anywhere else is a copy that will drift.
const root = join(import.meta.dirname, '..');
const HEX = /#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?(?:[0-9a-fA-F]{2})?\b/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(tsx?|astro|css)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('theme colours', () => {
  it('appear as hex only in global.css', () => {
    const found = sources(root)
      .filter((file) => !file.endsWith(join('styles', 'global.css')) && !file.endsWith('database.types.ts'))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(HEX)]
          // An HTML character reference (&#123;) or a URL fragment is not a colour.
          .filter((match) => !/[&\w]/.test(readFileSync(file, 'utf8')[(match.index ?? 0) - 1] ?? ''))
          .map((match) => `${relative(root, file)}: ${match[0]}`),
      );
    expect(found).toEqual([]);
  });
});
