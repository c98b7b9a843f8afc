/**
 * `npm run db:types`: boots an in-memory PGlite, applies supabase/migrations exactly as the local
 * server does, introspects the public schema and writes src/lib/database.types.ts in the shape
 * `supabase gen types typescript` produces (what supabase-js's generics expect). No Docker or
 * hosted project needed; a test fails when the committed file is out of date.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { openPglite, type Queryable } from '../local/db/engine';
import { bootstrapDatabase } from '../local/db/migrate';

export const PROJECT_DIR = fileURLToPath(new URL('..', import.meta.url));
export const TYPES_FILE = fileURLToPath(new URL('../../src/lib/database.types.ts', import.meta.url));

const SCHEMA = 'public';

interface Column {
  table: string;
  name: string;
  type: string;
  typtype: string;
  elemType: string | null;
  notNull: boolean;
  hasDefault: boolean;
  identity: string;
  generated: string;
}

interface Relation {
  name: string;
  kind: string;
}

const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);
const STRING_TYPES = new Set([
  'text',
  'varchar',
  'bpchar',
  'char',
  'name',
  'uuid',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
  'bytea',
  'inet',
  'cidr',
  'macaddr',
  'citext',
  'bit',
  'varbit',
  'tsvector',
  'money',
]);

export async function introspect(db: Queryable) {
  const relations = (
    await db.query<Relation>(
      `select c.relname as name, c.relkind as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm') order by c.relname`,
      [SCHEMA],
    )
  ).rows;
  const columns = (
    await db.query<Column & { notnull: boolean; hasdefault: boolean; elemtype: string | null }>(
      `select c.relname as table, a.attname as name, t.typname as type, t.typtype as typtype,
              et.typname as elemtype, a.attnotnull as notnull, a.atthasdef as hasdefault,
              a.attidentity::text as identity, a.attgenerated::text as generated
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_type t on t.oid = a.atttypid
       left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
       where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm') and a.attnum > 0 and not a.attisdropped
       order by c.relname, a.attname`,
      [SCHEMA],
    )
  ).rows.map((r) => ({
    table: r.table,
    name: r.name,
    type: r.type,
    typtype: r.typtype,
    elemType: r.elemtype,
    notNull: r.notnull,
    hasDefault: r.hasdefault,
    identity: r.identity,
    generated: r.generated,
  }));
  const foreignKeys = (
    await db.query<{
      table: string;
      name: string;
      columns: string[];
      reftable: string;
      refcolumns: string[];
      onetoone: boolean;
    }>(
      `select c.relname as table, k.conname as name,
              array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i)
                    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as columns,
              rc.relname as reftable,
              array(select a.attname::text from unnest(k.confkey) with ordinality u(n, i)
                    join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i) as refcolumns,
              exists (select 1 from pg_constraint u where u.conrelid = k.conrelid and u.contype in ('p', 'u')
                      and u.conkey::int2[] @> k.conkey::int2[] and u.conkey::int2[] <@ k.conkey::int2[]) as onetoone
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_class rc on rc.oid = k.confrelid
       join pg_namespace rn on rn.oid = rc.relnamespace
       where k.contype = 'f' and n.nspname = $1 and rn.nspname = $1
       order by c.relname, k.conname`,
      [SCHEMA],
    )
  ).rows.map((r) => ({
    table: r.table,
    name: r.name,
    columns: r.columns,
    refTable: r.reftable,
    refColumns: r.refcolumns,
    oneToOne: r.onetoone,
  }));
  const functions = (
    await db.query<{
      name: string;
      argnames: string[] | null;
      argtypes: string[];
      argmodes: string[] | null;
      inputdefaults: number;
      returntype: string;
      returnsset: boolean;
      returntypekind: string;
      returnrelation: string | null;
    }>(
      `select p.proname as name, p.proargnames as argnames,
              array(select t.typname::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(o, i)
                    join pg_type t on t.oid = u.o order by u.i) as argtypes,
              p.proargmodes::text[] as argmodes, p.pronargdefaults::int as inputdefaults,
              rt.typname as returntype, p.proretset as returnsset, rt.typtype as returntypekind,
              rr.relname as returnrelation
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type rt on rt.oid = p.prorettype
       left join pg_class rr on rr.oid = rt.typrelid
       where n.nspname = $1 and p.prokind = 'f' and rt.typname <> 'trigger'
       order by p.proname, p.oid`,
      [SCHEMA],
    )
  ).rows.map((r) => ({
    name: r.name,
    argNames: r.argnames ?? [],
    argTypes: r.argtypes,
    argModes: r.argmodes ?? r.argtypes.map(() => 'i'),
    inputDefaults: Number(r.inputdefaults),
    returnType: r.returntype,
    returnsSet: r.returnsset,
    returnTypeKind: r.returntypekind,
    returnRelation: r.returnrelation,
  }));
  const enums = (
    await db.query<{ name: string; labels: string[] }>(
      `select t.typname as name, array(select e.enumlabel::text from pg_enum e where e.enumtypid = t.oid order by e.enumsortorder) as labels
       from pg_type t join pg_namespace n on n.oid = t.typnamespace
       where n.nspname = $1 and t.typtype = 'e' order by t.typname`,
      [SCHEMA],
    )
  ).rows;
  return { relations, columns, foreignKeys, functions, enums };
}

function tsType(type: string, typtype: string, elemType: string | null, enumNames: Set<string>): string {
  if (elemType) return `${tsType(elemType.replace(/^_/, ''), '', null, enumNames)}[]`;
  if (type.startsWith('_')) return `${tsType(type.slice(1), '', null, enumNames)}[]`;
  if (typtype === 'e' || enumNames.has(type)) return `Database['public']['Enums']['${type}']`;
  if (type === 'bool') return 'boolean';
  if (NUMBER_TYPES.has(type)) return 'number';
  if (STRING_TYPES.has(type)) return 'string';
  if (type === 'json' || type === 'jsonb') return 'Json';
  if (type === 'void') return 'undefined';
  return 'unknown';
}

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

export async function generateTypes(db: Queryable): Promise<string> {
  const { relations, columns, foreignKeys, functions, enums } = await introspect(db);
  const enumNames = new Set(enums.map((e) => e.name));
  const colsOf = (table: string) => columns.filter((c) => c.table === table);

  const relationships = (table: string) =>
    `[${foreignKeys
      .filter((f) => f.table === table)
      .map(
        (f) => `{
          foreignKeyName: ${JSON.stringify(f.name)}
          columns: ${JSON.stringify(f.columns)}
          isOneToOne: ${f.oneToOne}
          referencedRelation: ${JSON.stringify(f.refTable)}
          referencedColumns: ${JSON.stringify(f.refColumns)}
        }`,
      )
      .join(', ')}]`;

  const tableBlock = (table: string, updatable: boolean) => {
    const cols = colsOf(table);
    const type = (c: Column) => tsType(c.type, c.typtype, c.elemType, enumNames);
    const row = cols.map((c) => `${key(c.name)}: ${type(c)}${c.notNull ? '' : ' | null'}`).join('\n');
    const neverWritten = (c: Column) => c.identity === 'a' || c.generated === 's';
    const insert = cols
      .map((c) =>
        neverWritten(c)
          ? `${key(c.name)}?: never`
          : `${key(c.name)}${!c.notNull || c.hasDefault || c.identity === 'd' ? '?' : ''}: ${type(c)}${c.notNull ? '' : ' | null'}`,
      )
      .join('\n');
    const update = cols
      .map((c) =>
        neverWritten(c)
          ? `${key(c.name)}?: never`
          : `${key(c.name)}?: ${type(c)}${c.notNull ? '' : ' | null'}`,
      )
      .join('\n');
    return `${key(table)}: {
      Row: {${row}}
      ${updatable ? `Insert: {${insert}}\nUpdate: {${update}}` : ''}
      Relationships: ${relationships(table)}
    }`;
  };

  const tables = relations.filter((r) => r.kind === 'r' || r.kind === 'p');
  const views = relations.filter((r) => r.kind === 'v' || r.kind === 'm');

  const fnBlocks = new Map<string, string[]>();
  for (const fn of functions) {
    const inputs = fn.argModes
      .map((mode, i) => ({ mode, name: fn.argNames[i] ?? '', type: fn.argTypes[i] ?? 'unknown' }))
      .filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
    const outputs = fn.argModes
      .map((mode, i) => ({ mode, name: fn.argNames[i] ?? '', type: fn.argTypes[i] ?? 'unknown' }))
      .filter((a) => a.mode === 't' || a.mode === 'o' || a.mode === 'b');
    const firstDefault = inputs.length - fn.inputDefaults;
    const args = inputs.length
      ? `{${inputs
          .map(
            (a, i) => `${key(a.name)}${i >= firstDefault ? '?' : ''}: ${tsType(a.type, '', null, enumNames)}`,
          )
          .join('\n')}}`
      : 'never';
    let returns: string;
    if (outputs.length > 0 && (fn.returnType === 'record' || fn.returnsSet)) {
      returns = `{${outputs.map((o) => `${key(o.name)}: ${tsType(o.type, '', null, enumNames)}`).join('\n')}}`;
    } else if (fn.returnRelation && fn.returnTypeKind === 'c') {
      returns = `Database['public']['Tables'][${JSON.stringify(fn.returnRelation)}]['Row']`;
    } else {
      returns = tsType(fn.returnType, fn.returnTypeKind, null, enumNames);
    }
    if (fn.returnsSet) returns = `${returns}[]`;
    const block = `{ Args: ${args}\nReturns: ${returns} }`;
    fnBlocks.set(fn.name, [...(fnBlocks.get(fn.name) ?? []), block]);
  }

  const empty = '{ [_ in never]: never }';
  const source = `// Generated by \`npm run db:types\` (supabase/scripts/gen-types.ts) from supabase/migrations.
// Do not edit by hand: a test fails when this file differs from a fresh generation.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  public: {
    Tables: ${tables.length ? `{${tables.map((t) => tableBlock(t.name, true)).join('\n')}}` : empty}
    Views: ${views.length ? `{${views.map((v) => tableBlock(v.name, false)).join('\n')}}` : empty}
    Functions: ${
      fnBlocks.size
        ? `{${[...fnBlocks].map(([name, blocks]) => `${key(name)}: ${blocks.join(' | ')}`).join('\n')}}`
        : empty
    }
    Enums: ${
      enums.length
        ? `{${enums.map((e) => `${key(e.name)}: ${e.labels.map((l) => JSON.stringify(l)).join(' | ')}`).join('\n')}}`
        : empty
    }
    CompositeTypes: ${empty}
  }
}

type PublicSchema = Database['public']

export type Tables<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Row']
export type TablesInsert<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Insert']
export type TablesUpdate<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Update']
export type Functions<T extends keyof PublicSchema['Functions']> = PublicSchema['Functions'][T]
`;
  const options = (await prettier.resolveConfig(TYPES_FILE)) ?? {};
  return prettier.format(source, { ...options, plugins: [], parser: 'typescript', filepath: TYPES_FILE });
}

/** Generates from a fresh in-memory database built from the migrations. */
export async function generateFromMigrations(): Promise<string> {
  const db = await openPglite();
  try {
    await bootstrapDatabase(db, { projectDir: PROJECT_DIR });
    return await generateTypes(db);
  } finally {
    await db.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = await generateFromMigrations();
  writeFileSync(TYPES_FILE, text);
  console.log(`Wrote ${TYPES_FILE}`);
}
