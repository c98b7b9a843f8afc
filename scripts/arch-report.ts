// `npm run arch:report [baseline-commit]`: the closing table of the architecture issue (docs/architecture.md):
// for each of its five steps, lines and the largest function before (the baseline commit, read with
// git) and now (the working tree), plus the few counts the issue named. Test files are not counted.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/** The parent of the first commit of the architecture work (UsersTable.tsx still 815 lines). */
const DEFAULT_BASELINE = '5ed7470';

/** Where the files of a tree come from: a commit through git, or the working tree. */
export interface Tree {
  label: string;
  files(dir: string): string[];
  read(path: string): string | undefined;
}

const SOURCE = /\.(ts|tsx)$/;
/** Hand-written source: no tests, no generated database types. */
const isCounted = (path: string): boolean =>
  SOURCE.test(path) && !/\.test\.tsx?$/.test(path) && !path.endsWith('database.types.ts');

export function gitTree(ref: string): Tree {
  const git = (...args: string[]): string =>
    execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return {
    label: ref,
    files: (dir) =>
      git('ls-tree', '-r', '--name-only', ref, '--', dir)
        .split('\n')
        .filter((path) => path && isCounted(path)),
    read: (path) => {
      try {
        return git('show', `${ref}:${path}`);
      } catch {
        return undefined;
      }
    },
  };
}

export function workingTree(): Tree {
  const walk = (dir: string): string[] => {
    if (!existsSync(dir)) return [];
    if (statSync(dir).isFile()) return [dir];
    return readdirSync(dir).flatMap((name) => walk(join(dir, name)));
  };
  return {
    label: 'now',
    files: (dir) => walk(dir).filter(isCounted),
    read: (path) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined),
  };
}

const lineCount = (text: string | undefined): number =>
  text === undefined ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

export interface FunctionSize {
  name: string;
  file: string;
  lines: number;
}

/** A function's name: its own, or the variable, property or method it is assigned to. */
function nameOf(node: ts.Node): string | undefined {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) {
    return node.name.getText();
  }
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))) {
    return parent.name.getText();
  }
  return undefined;
}

/** Every named function in a file with its length in lines, declaration to closing brace. */
export function functionsOf(file: string, text: string): FunctionSize[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: FunctionSize[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node)
    ) {
      const name = nameOf(node);
      if (name) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        found.push({ name, file, lines: end - start + 1 });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export interface AreaSize {
  files: number;
  lines: number;
  largest: FunctionSize | undefined;
  over250: number;
}

export function measure(tree: Tree, dirs: string[]): AreaSize {
  const files = dirs.flatMap((dir) => tree.files(dir));
  let lines = 0;
  let over250 = 0;
  let largest: FunctionSize | undefined;
  for (const file of files) {
    const text = tree.read(file) ?? '';
    const n = lineCount(text);
    lines += n;
    if (n > 250) over250 += 1;
    for (const fn of functionsOf(file, text)) if (!largest || fn.lines > largest.lines) largest = fn;
  }
  return { files: files.length, lines, largest, over250 };
}

/** Lines of one named function (the first of that name) in a file. */
function functionLines(tree: Tree, file: string, name: string): number {
  const text = tree.read(file);
  return text ? (functionsOf(file, text).find((fn) => fn.name === name)?.lines ?? 0) : 0;
}

/** How often a pattern occurs in the counted files of some folders, leaving out some files. */
export function occurrences(tree: Tree, dirs: string[], pattern: RegExp, skip: RegExp = /^$/): number {
  return dirs
    .flatMap((dir) => tree.files(dir))
    .filter((file) => !skip.test(file))
    .reduce((sum, file) => sum + (tree.read(file)?.match(pattern)?.length ?? 0), 0);
}

export interface Step {
  title: string;
  dirs: string[];
  /** Named measures beyond the area's size: label and how to take it on a tree. */
  facts: [string, (tree: Tree) => number][];
}

const ISLANDS = 'src/components/islands';
const AUTH = 'supabase/local/auth';
const REST = 'supabase/local/rest';

export const STEPS: Step[] = [
  {
    title: '1. Users table in parts, islands',
    dirs: [ISLANDS],
    facts: [
      [
        'users table component (lines)',
        (t) =>
          functionLines(t, `${ISLANDS}/admin/UsersTable.tsx`, 'UsersTable') ||
          functionLines(t, `${ISLANDS}/admin/users/UsersTable.tsx`, 'UsersTable'),
      ],
      ['StatementPage.tsx (lines)', (t) => lineCount(t.read(`${ISLANDS}/member/StatementPage.tsx`))],
    ],
  },
  {
    title: '2. Auth models',
    dirs: [AUTH],
    facts: [
      ['mfa.ts (lines)', (t) => lineCount(t.read(`${AUTH}/mfa.ts`))],
      [
        'SQL on auth.* outside auth/models/',
        (t) => occurrences(t, [AUTH], /\b(from|into|update|join)\s+auth\.\w+/gi, /\/models\//),
      ],
      [
        'AuthError built by hand outside errors.ts',
        (t) => occurrences(t, [AUTH], /new AuthError\(/g, /errors\.ts$/),
      ],
    ],
  },
  {
    title: '3. REST parsed once',
    dirs: [REST],
    facts: [
      [
        'PGRST codes written outside rest/errors.ts',
        (t) => occurrences(t, [REST], /'PGRST\d{3}'/g, /errors\.ts$/),
      ],
    ],
  },
  {
    title: '4. Gateway as data',
    dirs: ['supabase/local/server.ts', 'supabase/local/gateway', 'supabase/local/dev'],
    facts: [
      [
        'startLocalSupabase (lines)',
        (t) => functionLines(t, 'supabase/local/server.ts', 'startLocalSupabase'),
      ],
    ],
  },
  {
    title: '5. Money code, theme tokens',
    dirs: ['src/lib'],
    facts: [
      ['`toAdminError as toDbError` imports', (t) => occurrences(t, ['src'], /toAdminError as toDbError/g)],
      [
        'hex colour strings in .ts/.tsx outside src/styles',
        (t) => occurrences(t, ['src'], /['"`]#[0-9a-fA-F]{6}\b/g, /src\/styles\/|database\.types/),
      ],
    ],
  },
];

const describeLargest = (fn: FunctionSize | undefined): string =>
  fn ? `${fn.name} (${fn.file.split('/').slice(-2).join('/')}) ${fn.lines}` : '-';

export function report(before: Tree, after: Tree): string {
  const rows = [`| Step | Measure | Before (${before.label}) | Now |`, '| --- | --- | --- | --- |'];
  for (const step of STEPS) {
    const was = measure(before, step.dirs);
    const is = measure(after, step.dirs);
    rows.push(`| ${step.title} | files / lines | ${was.files} / ${was.lines} | ${is.files} / ${is.lines} |`);
    rows.push(`| | files over 250 lines | ${was.over250} | ${is.over250} |`);
    rows.push(
      `| | largest function (lines) | ${describeLargest(was.largest)} | ${describeLargest(is.largest)} |`,
    );
    for (const [label, take] of step.facts) rows.push(`| | ${label} | ${take(before)} | ${take(after)} |`);
  }
  return rows.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.log(report(gitTree(process.argv[2] ?? DEFAULT_BASELINE), workingTree()));
}
