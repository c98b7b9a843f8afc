import type { Queryable } from '../db/engine';

/**
 * PostgREST's "schema cache": the tables, views and functions of the exposed schemas. Every name in a
 * request is checked here before it reaches SQL, and a miss reloads the cache once, so objects
 * created after start-up (by another migration run or a test) are found.
 */
export interface ColumnInfo {
  name: string;
  /** format_type() text, safe to paste into SQL as a type. */
  type: string;
  typname: string;
}

export interface RelationInfo {
  schema: string;
  name: string;
  kind: string;
  columns: Map<string, ColumnInfo>;
  columnOrder: string[];
  primaryKey: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  mode: string;
  hasDefault: boolean;
}

export interface FunctionInfo {
  schema: string;
  name: string;
  args: FunctionArg[];
  returnType: string;
  returnsSet: boolean;
  returnsComposite: boolean;
  returnsVoid: boolean;
  volatility: 'i' | 's' | 'v';
  /** Columns of the composite result, when known (tables and `returns table`). */
  resultColumns: Map<string, ColumnInfo> | undefined;
}

const RELATIONS_SQL = `
select n.nspname as schema, c.relname as name, c.relkind::text as kind,
  coalesce((select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'typname', t.typname)
                   order by a.attnum)
            from pg_attribute a join pg_type t on t.oid = a.atttypid
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]')::text as columns,
  coalesce((select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
            from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
            where i.indrelid = c.oid and i.indisprimary), '[]')::text as pk
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'v', 'm', 'f', 'p') and n.nspname = any($1::text[])`;

const FUNCTIONS_SQL = `
select n.nspname as schema, p.proname as name, p.proretset as retset, p.provolatile::text as volatility,
  p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults,
  format_type(p.prorettype, null) as rettype,
  (t.typrelid <> 0 or p.prorettype = 'record'::regtype) as composite,
  p.prorettype = 'void'::regtype as void,
  coalesce((select json_agg(json_build_object(
      'name', coalesce(p.proargnames[o.i], ''),
      'type', format_type(coalesce(p.proallargtypes[o.i], p.proargtypes[o.i - 1]), null),
      'mode', coalesce(p.proargmodes[o.i]::text, 'i')) order by o.i)
    from generate_series(1, coalesce(array_length(p.proallargtypes, 1), p.pronargs)) o(i)), '[]')::text as args,
  (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'typname', ty.typname) order by a.attnum)
     from pg_attribute a join pg_type ty on ty.oid = a.atttypid
     where a.attrelid = t.typrelid and t.typrelid <> 0 and a.attnum > 0 and not a.attisdropped)::text as result_columns
from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type t on t.oid = p.prorettype
where n.nspname = any($1::text[]) and p.prokind = 'f'`;

export class SchemaCache {
  private relations = new Map<string, RelationInfo>();
  private functions = new Map<string, FunctionInfo[]>();
  private castTypes = new Map<string, string | null>();
  private loadedAt = 0;

  constructor(
    private readonly db: Queryable,
    private readonly schemas: string[],
  ) {}

  async reload(): Promise<void> {
    const rels = await this.db.query<{
      schema: string;
      name: string;
      kind: string;
      columns: string;
      pk: string;
    }>(RELATIONS_SQL, [this.schemas]);
    const relations = new Map<string, RelationInfo>();
    for (const r of rels.rows) {
      const cols = JSON.parse(r.columns) as ColumnInfo[];
      relations.set(`${r.schema}.${r.name}`, {
        schema: r.schema,
        name: r.name,
        kind: r.kind,
        columns: new Map(cols.map((c) => [c.name, c])),
        columnOrder: cols.map((c) => c.name),
        primaryKey: JSON.parse(r.pk) as string[],
      });
    }
    const fns = await this.db.query<{
      schema: string;
      name: string;
      retset: boolean;
      volatility: string;
      nargs: number;
      ndefaults: number;
      rettype: string;
      composite: boolean;
      void: boolean;
      args: string;
      result_columns: string | null;
    }>(FUNCTIONS_SQL, [this.schemas]);
    const functions = new Map<string, FunctionInfo[]>();
    for (const f of fns.rows) {
      const all = JSON.parse(f.args) as Array<{ name: string; type: string; mode: string }>;
      const inputs = all.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
      const firstDefault = inputs.length - Number(f.ndefaults);
      const outColumns = all.filter((a) => a.mode === 'o' || a.mode === 't');
      const resultCols = f.result_columns
        ? (JSON.parse(f.result_columns) as ColumnInfo[])
        : outColumns.length
          ? outColumns.map((a) => ({ name: a.name, type: a.type, typname: a.type }))
          : undefined;
      const info: FunctionInfo = {
        schema: f.schema,
        name: f.name,
        args: inputs.map((a, i) => ({
          name: a.name,
          type: a.type,
          mode: a.mode,
          hasDefault: i >= firstDefault,
        })),
        returnType: f.rettype,
        returnsSet: f.retset,
        returnsComposite: f.composite,
        returnsVoid: f.void,
        volatility: f.volatility as FunctionInfo['volatility'],
        resultColumns: resultCols ? new Map(resultCols.map((c) => [c.name, c])) : undefined,
      };
      const key = `${f.schema}.${f.name}`;
      functions.set(key, [...(functions.get(key) ?? []), info]);
    }
    this.relations = relations;
    this.functions = functions;
    this.castTypes.clear();
    this.loadedAt = Date.now();
  }

  async reloadIfStale(): Promise<boolean> {
    // Avoid reload storms when a client keeps asking for something that does not exist.
    if (Date.now() - this.loadedAt < 250) return false;
    await this.reload();
    return true;
  }

  async relation(schema: string, name: string): Promise<RelationInfo | undefined> {
    const key = `${schema}.${name}`;
    return this.relations.get(key) ?? ((await this.reloadIfStale()) ? this.relations.get(key) : undefined);
  }

  /** Looks a relation up again when a column is missing (the table may have changed). */
  async relationWithColumns(
    schema: string,
    name: string,
    columns: string[],
  ): Promise<RelationInfo | undefined> {
    const rel = await this.relation(schema, name);
    if (rel && columns.every((c) => rel.columns.has(c))) return rel;
    await this.reloadIfStale();
    return this.relations.get(`${schema}.${name}`);
  }

  async functionsNamed(schema: string, name: string): Promise<FunctionInfo[]> {
    const key = `${schema}.${name}`;
    return this.functions.get(key) ?? ((await this.reloadIfStale()) ? (this.functions.get(key) ?? []) : []);
  }

  /** A cast target checked against pg_type; returns its canonical SQL spelling or undefined. */
  async castType(name: string): Promise<string | undefined> {
    if (!/^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?$/.test(name) || name.length > 63) return undefined;
    if (!this.castTypes.has(name)) {
      try {
        const { rows } = await this.db.query<{ t: string | null }>(
          'select format_type(to_regtype($1), null) as t',
          [name],
        );
        this.castTypes.set(name, rows[0]?.t ?? null);
      } catch {
        this.castTypes.set(name, null);
      }
    }
    return this.castTypes.get(name) ?? undefined;
  }
}
