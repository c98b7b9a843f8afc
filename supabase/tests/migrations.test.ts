/**
 * The migration chain's shape: each function is written in one migration, so the rule in force is
 * read in one place (a later migration that changes a function rewrites it where it is defined).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_DIR } from './helpers/db';

const MIGRATIONS = join(PROJECT_DIR, 'migrations');

/** Each migration's SQL without its line comments (a comment may name a function it does not define). */
function migrations(): Array<{ file: string; sql: string }> {
  return readdirSync(MIGRATIONS)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({ file, sql: withoutComments(readFileSync(join(MIGRATIONS, file), 'utf8')) }));
}

function withoutComments(sql: string): string {
  return sql.replace(/--[^\n]*/g, '');
}

/** Where each function (schema.name; overloads together) is created, in migration order. */
function functionHomes(files: Array<{ file: string; sql: string }>): Map<string, string[]> {
  const homes = new Map<string, string[]>();
  for (const { file, sql } of files) {
    for (const match of sql.matchAll(
      /\bcreate\s+(?:or\s+replace\s+)?function\s+([a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*)\s*\(/gi,
    )) {
      const name = match[1]!.toLowerCase();
      const files = homes.get(name) ?? [];
      if (!files.includes(file)) files.push(file);
      homes.set(name, files);
    }
  }
  return homes;
}

describe('migrations', () => {
  it('define each function in one migration', () => {
    const homes = functionHomes(migrations());
    expect(homes.size).toBeGreaterThan(100);
    const redefined = [...homes]
      .filter(([, files]) => files.length > 1)
      .map(([name, files]) => `${name}: ${files.join(', ')}`);
    expect(redefined).toEqual([]);
  });

  it('name a redefinition in another migration, and not a comment that mentions one', () => {
    const homes = functionHomes([
      { file: 'a.sql', sql: 'create function private.f(p int) returns int language sql as $$ select p $$;' },
      {
        file: 'b.sql',
        sql: 'create or replace function private.f(p int) returns int language sql as $$ select 1 $$;',
      },
      { file: 'c.sql', sql: 'create function private.g() returns void language sql as $$ $$;' },
      {
        file: 'd.sql',
        sql: withoutComments('-- create or replace function private.g() was here\nselect 1;'),
      },
    ]);
    expect(homes.get('private.f')).toEqual(['a.sql', 'b.sql']);
    expect(homes.get('private.g')).toEqual(['c.sql']);
  });

  it('never move a function to another schema (it is created where it lives)', () => {
    const moved = migrations().filter(({ sql }) => /\balter\s+function\b[^;]*\bset\s+schema\b/i.test(sql));
    expect(moved.map(({ file }) => file)).toEqual([]);
  });
});
