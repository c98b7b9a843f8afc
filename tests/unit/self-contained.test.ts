import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

// A clone of this repository alone must be complete: nothing it ships may send a reader to files
// outside it (a sibling folder, a machine path), and every relative link in its markdown must resolve.
const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && existsSync(f) && !/\.(png|jpe?g|gif|ico|webp|woff2?|ttf|otf|zip)$/.test(f))
  .filter((f) => f !== 'package-lock.json');

describe('the repository is self-contained', () => {
  it('points nowhere outside itself', () => {
    // Sibling folders and machine paths; also the names of the design notes that live outside.
    const outside =
      /\.\.\/shared\/(?:[\w.-]+\/)*[\w.-]+\.md\b|\.\.\/shared\/(?:spec|research|hooks)\b|\/work\/|\bDESIGN\.md\b|\bCONVENTIONS\.md\b|\bproduct-spec\.md\b/;
    const offenders: string[] = [];
    for (const file of tracked) {
      if (file === 'tests/unit/self-contained.test.ts') continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (outside.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  it('has every file its markdown links to', () => {
    const broken: string[] = [];
    for (const file of tracked.filter((f) => f.endsWith('.md'))) {
      const text = readFileSync(file, 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        // Site routes (legal texts link to /privacy-policy) and external links are not files.
        if (!target || /^(https?:|mailto:|#|\/)/.test(target)) continue;
        const path = normalize(join(dirname(file), target.split('#')[0] ?? ''));
        if (!existsSync(path)) broken.push(`${file} -> ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
