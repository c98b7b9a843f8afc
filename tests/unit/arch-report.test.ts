// npm run arch:report measures the layers (docs/architecture.md); the same measures keep the layer
// rules true: SQL on auth.* only in auth/models/, auth errors only through errors.ts's constructors.
import { describe, expect, it } from 'vitest';
import { functionsOf, measure, STEPS, workingTree, type Tree } from '../../scripts/arch-report';

const fact = (label: string): ((tree: Tree) => number) => {
  const found = STEPS.flatMap((step) => step.facts).find(([name]) => name === label);
  if (!found) throw new Error(`no measure named ${label}`);
  return found[1];
};

describe('arch:report', () => {
  it('measures named functions from their first to their last line', () => {
    const text = [
      'export function parse(body: string) {', // 1
      '  return body;',
      '}', // 3
      'const handler = async () => {', // 4
      '  const inner = () => 1;',
      '  return inner();',
      '};', // 7
      'class Limiter { take() { return true; } }', // 8
    ].join('\n');
    expect(functionsOf('x.ts', text).map(({ name, lines }) => [name, lines])).toEqual([
      ['parse', 3],
      ['handler', 4],
      ['inner', 1],
      ['take', 1],
    ]);
  });

  it('counts lines, files over 250 lines and the largest function of an area, skipping tests', () => {
    const long = `function big() {\n${'  x();\n'.repeat(260)}}\n`;
    const files: Record<string, string> = {
      'area/a.ts': long,
      'area/b.tsx': 'const small = () => 1;\n',
      'area/b.test.ts': long,
    };
    const tree: Tree = {
      label: 'fake',
      files: (dir) => Object.keys(files).filter((f) => f.startsWith(dir) && !f.includes('.test.')),
      read: (path) => files[path],
    };
    expect(measure(tree, ['area'])).toEqual({
      files: 2,
      lines: 263,
      over250: 1,
      largest: { name: 'big', file: 'area/a.ts', lines: 262 },
    });
  });

  it('finds no SQL on auth.* outside auth/models/ and no AuthError built by hand', () => {
    const now = workingTree();
    expect(fact('SQL on auth.* outside auth/models/')(now)).toBe(0);
    expect(fact('AuthError built by hand outside errors.ts')(now)).toBe(0);
    expect(fact('`toAdminError as toDbError` imports')(now)).toBe(0);
  });
});
