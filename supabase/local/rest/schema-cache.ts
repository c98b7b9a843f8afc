import type { Queryable } from '../db/engine';
import { deriveRelationships, type ForeignKey, type Relationship } from './relationships';

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
  /** Column sets with a unique index (the primary key included): a foreign key on one is one-to-one. */
  uniqueKeys: string[][];
}

/** `schema.name` of a table or view. */
export type RelationKey = string;

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
  /** `schema.name` of the table or view whose row type it returns, for embedding from its result. */
  returnRelation: RelationKey | undefined;
}

const RELATIONS_SQL = `
select n.nspname as schema, c.relname as name, c.relkind::text as kind,
  coalesce((select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'typname', t.typname)
                   order by a.attnum)
            from pg_attribute a join pg_type t on t.oid = a.atttypid
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]')::text as columns,
  coalesce((select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
            from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
            where i.indrelid = c.oid and i.indisprimary), '[]')::text as pk,
  coalesce((select json_agg((select json_agg(a.attname) from pg_attribute a
                              where a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])))
            from pg_index i where i.indrelid = c.oid and i.indisunique and i.indpred is null and i.indexprs is null), '[]')::text as uniques,
  coalesce((select json_agg(distinct json_build_object('schema', bn.nspname, 'name', bc.relname, 'column', ba.attname)::text)
            from pg_rewrite r
            join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = r.oid
              and d.refclassid = 'pg_class'::regclass and d.refobjsubid > 0 and d.refobjid <> c.oid
            join pg_class bc on bc.oid = d.refobjid join pg_namespace bn on bn.oid = bc.relnamespace
            join pg_attribute ba on ba.attrelid = d.refobjid and ba.attnum = d.refobjsubid
            where r.ev_class = c.oid and c.relkind in ('v', 'm')), '[]')::text as sources
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'v', 'm', 'f', 'p') and n.nspname = any($1::text[])`;

const FOREIGN_KEYS_SQL = `
select c.conname as name, n.nspname || '.' || t.relname as tbl, fn.nspname || '.' || ft.relname as ref,
  (select json_agg(a.attname order by k.i) from unnest(c.conkey) with ordinality k(n, i)
     join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n)::text as cols,
  (select json_agg(a.attname order by k.i) from unnest(c.confkey) with ordinality k(n, i)
     join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n)::text as refcols
from pg_constraint c
join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
join pg_class ft on ft.oid = c.confrelid join pg_namespace fn on fn.oid = ft.relnamespace
where c.contype = 'f' and (n.nspname = any($1::text[]) or fn.nspname = any($1::text[]))`;

/** Settings given with `alter role … set` (PostgREST applies the request role's ones per transaction). */
const ROLE_SETTINGS_SQL = `
select r.rolname as role, s.setconfig as settings
from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
order by s.setdatabase`;

const FUNCTIONS_SQL = `
select n.nspname as schema, p.proname as name, p.proretset as retset, p.provolatile::text as volatility,
  p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults,
  format_type(p.prorettype, null) as rettype,
  (t.typrelid <> 0 or p.prorettype = 'record'::regtype) as composite,
  p.prorettype = 'void'::regtype as void,
  (select rn.nspname || '.' || rc.relname from pg_class rc join pg_namespace rn on rn.oid = rc.relnamespace
     where rc.oid = t.typrelid) as return_relation,
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
  private relationships = new Map<RelationKey, Relationship[]>();
  private computedByRelation = new Map<RelationKey, Map<string, string>>();
  private roleSettingsByRole = new Map<string, Array<[string, string]>>();
  /** PostgREST's db-aggregates-enabled, read from the authenticator role's `pgrst.db_aggregates_enabled`. */
  aggregatesEnabled = false;
  /** The authenticator role's `pgrst.*` settings: PostgREST's in-database configuration. */
  inDatabaseConfig = new Map<string, string>();
  private loadedAt = 0;

  constructor(
    private readonly db: Queryable,
    private readonly schemas: string[],
  ) {}

  async reload(): Promise<void> {
    const { relations, relationships } = await loadRelations(this.db, this.schemas);
    const byRole = await loadRoleSettings(this.db);
    const functions = await loadFunctions(this.db, this.schemas);
    this.relationships = relationships;
    this.roleSettingsByRole = byRole;
    this.inDatabaseConfig = new Map(
      (byRole.get('authenticator') ?? []).filter(([k]) => k.startsWith('pgrst.')),
    );
    this.aggregatesEnabled = this.inDatabaseConfig.get('pgrst.db_aggregates_enabled') === 'true';
    this.relations = relations;
    this.functions = functions;
    this.castTypes.clear();
    this.computedByRelation.clear();
    this.loadedAt = Date.now();
  }

  /** Relationships from `origin` (schema-qualified) to every related table or view. */
  relationshipsFrom(origin: RelationKey): Relationship[] {
    return this.relationships.get(origin) ?? [];
  }

  /**
   * The settings a request as `role` runs under: PostgREST's connections log in as authenticator, so
   * its `alter role … set` settings hold for every request (hosted: statement_timeout and lock_timeout
   * 8 s, which service_role, having none of its own, keeps), and the request role's own settings
   * override them in its transaction (anon's 3 s). `pgrst.*` are PostgREST's configuration, not settings.
   */
  roleSettings(role: string): Array<[string, string]> {
    const merged = new Map<string, string>();
    for (const source of role === 'authenticator' ? [role] : ['authenticator', role]) {
      for (const [name, value] of this.roleSettingsByRole.get(source) ?? []) {
        if (!name.startsWith('pgrst.')) merged.set(name, value);
      }
    }
    return [...merged];
  }

  /**
   * PostgREST's computed fields: functions of one argument, the relation's row type, usable as columns.
   * Maps the field name to the function's qualified SQL name.
   */
  computedFields(rel: RelationInfo): Map<string, string> {
    const key = `${rel.schema}.${rel.name}`;
    let fields = this.computedByRelation.get(key);
    if (!fields) {
      fields = new Map();
      const rowType = new Set([rel.name, key, `"${rel.name}"`]);
      for (const list of this.functions.values()) {
        for (const fn of list) {
          if (fn.args.length === 1 && !fn.returnsVoid && rowType.has(fn.args[0]?.type ?? '')) {
            fields.set(fn.name, `"${fn.schema.replace(/"/g, '""')}"."${fn.name.replace(/"/g, '""')}"`);
          }
        }
      }
      this.computedByRelation.set(key, fields);
    }
    return fields;
  }

  relationByKey(key: RelationKey): RelationInfo | undefined {
    return this.relations.get(key);
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

/** Tables and views with their columns and keys, and the relationships their foreign keys make. */
async function loadRelations(
  db: Queryable,
  schemas: string[],
): Promise<{ relations: Map<RelationKey, RelationInfo>; relationships: Map<RelationKey, Relationship[]> }> {
  const rels = await db.query<{
    schema: string;
    name: string;
    kind: string;
    columns: string;
    pk: string;
    uniques: string;
    sources: string;
  }>(RELATIONS_SQL, [schemas]);
  const relations = new Map<string, RelationInfo>();
  const viewSources = new Map<RelationKey, Array<{ table: RelationKey; column: string }>>();
  for (const r of rels.rows) {
    const cols = JSON.parse(r.columns) as ColumnInfo[];
    const key = `${r.schema}.${r.name}`;
    relations.set(key, {
      schema: r.schema,
      name: r.name,
      kind: r.kind,
      columns: new Map(cols.map((c) => [c.name, c])),
      columnOrder: cols.map((c) => c.name),
      primaryKey: JSON.parse(r.pk) as string[],
      uniqueKeys: JSON.parse(r.uniques) as string[][],
    });
    const sources = (JSON.parse(r.sources) as string[]).map(
      (text) => JSON.parse(text) as { schema: string; name: string; column: string },
    );
    if (sources.length) {
      viewSources.set(
        key,
        sources.map((s) => ({ table: `${s.schema}.${s.name}`, column: s.column })),
      );
    }
  }
  const fks = await db.query<{
    name: string;
    tbl: string;
    ref: string;
    cols: string;
    refcols: string;
  }>(FOREIGN_KEYS_SQL, [schemas]);
  const foreignKeys: ForeignKey[] = fks.rows.map((f) => ({
    name: f.name,
    table: f.tbl,
    columns: JSON.parse(f.cols) as string[],
    refTable: f.ref,
    refColumns: JSON.parse(f.refcols) as string[],
  }));
  return { relations, relationships: deriveRelationships(relations, viewSources, foreignKeys) };
}

/** `alter role … set` settings by role. */
async function loadRoleSettings(db: Queryable): Promise<Map<string, Array<[string, string]>>> {
  const settings = await db.query<{ role: string; settings: string[] | null }>(ROLE_SETTINGS_SQL);
  const byRole = new Map<string, Array<[string, string]>>();
  for (const row of settings.rows) {
    // Database-wide settings come first, so role-and-database ones override them.
    const entries = byRole.get(row.role) ?? [];
    for (const item of row.settings ?? []) {
      const eq = item.indexOf('=');
      if (eq > 0) entries.push([item.slice(0, eq), item.slice(eq + 1)]);
    }
    byRole.set(row.role, entries);
  }
  return byRole;
}

/** Functions of the exposed schemas by `schema.name` (overloads together). */
async function loadFunctions(db: Queryable, schemas: string[]): Promise<Map<string, FunctionInfo[]>> {
  const fns = await db.query<{
    schema: string;
    name: string;
    retset: boolean;
    volatility: string;
    nargs: number;
    ndefaults: number;
    rettype: string;
    composite: boolean;
    void: boolean;
    return_relation: string | null;
    args: string;
    result_columns: string | null;
  }>(FUNCTIONS_SQL, [schemas]);
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
      returnRelation: f.return_relation ?? undefined,
    };
    const key = `${f.schema}.${f.name}`;
    functions.set(key, [...(functions.get(key) ?? []), info]);
  }
  return functions;
}
