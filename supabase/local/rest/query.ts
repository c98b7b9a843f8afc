/**
 * SQL building. Every value is a bound parameter and every identifier comes from the schema cache.
 * Embeds become `left join lateral` subqueries yielding one JSON value (`body`) per parent row —
 * an object for to-one relationships, an array for to-many — or, for a spread, the child's columns.
 */
import type { GatewayRequest } from '../gateway/http';
import type { JwtClaims } from '../gateway/keys';
import type { ExplainRequest, InsertPayload, MediaType } from './api-request';
import { ApiError, pgError, pgrstError } from './errors';
import type { CallPlan, EmbedNode, ReadNode } from './plan';
import type { Preferences } from './preferences';
import type { Relationship } from './relationships';
import type { ColumnRef, Condition, Filter, OrderTerm, SelectItem } from './request';
import type { ColumnInfo, RelationInfo, SchemaCache } from './schema-cache';

export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export const tableSql = (rel: Pick<RelationInfo, 'schema' | 'name'>): string =>
  `${ident(rel.schema)}.${ident(rel.name)}`;

/** Collects bound parameters while SQL text is assembled. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export interface Target {
  /** Columns that names must resolve against, when known. */
  columns: Map<string, ColumnInfo> | undefined;
  label: string;
  /** Computed fields: functions taking the row (`blurb(messages)`), by name, as qualified SQL names. */
  computed?: Map<string, string>;
}

export function missingColumn(target: Target, name: string): ApiError {
  return pgError.undefinedColumn(target.label, name);
}

export function columnSql(target: Target, ref: ColumnRef, params: Params, alias = 'pgrst_t'): string {
  const computed = target.columns?.has(ref.name) ? undefined : target.computed?.get(ref.name);
  if (target.columns && !target.columns.has(ref.name) && !computed) throw missingColumn(target, ref.name);
  let sql = computed ? `${computed}(${alias})` : `${alias}.${ident(ref.name)}`;
  for (const step of ref.path) {
    const key = /^-?\d+$/.test(step.key) ? step.key : `${params.add(step.key)}::text`;
    sql = `(${sql}${step.arrow}${key})`;
  }
  return sql;
}

const COMPARE: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
const PATTERN: Record<string, string> = { like: 'like', ilike: 'ilike', match: '~', imatch: '~*' };
/**
 * Range operators as PostgREST maps them: `nxr` is "does not extend to the right of" (`&<`),
 * `nxl` "does not extend to the left of" (`&>`).
 */
export const RANGE: Record<string, string> = {
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};
const FTS: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

export function filterSql(target: Target, f: Filter, params: Params, alias = 'pgrst_t'): string {
  const col = columnSql(target, f.column, params, alias);
  // A `->` path yields json: compare against json, as PostgREST does.
  const jsonPath = f.column.path.length > 0 && f.column.path[f.column.path.length - 1]?.arrow === '->';
  const bind = (v: string): string => (jsonPath ? `${params.add(v)}::jsonb` : params.add(v));
  const colExpr = jsonPath ? `${col}::jsonb` : col;
  let sql: string;
  if (f.quantifier) {
    const list = (f.list ?? []).map((v) => (f.op === 'like' || f.op === 'ilike' ? v.replace(/\*/g, '%') : v));
    const op = COMPARE[f.op] ?? PATTERN[f.op];
    sql = `${colExpr} ${op} ${f.quantifier}(array[${list.map((v) => bind(v)).join(', ')}])`;
  } else if (f.op in COMPARE) sql = `${colExpr} ${COMPARE[f.op]} ${bind(f.value)}`;
  else if (f.op in PATTERN) {
    const value = f.op === 'like' || f.op === 'ilike' ? f.value.replace(/\*/g, '%') : f.value;
    sql = `${col} ${PATTERN[f.op]} ${params.add(value)}`;
  } else if (f.op === 'in') {
    const list = f.list ?? [];
    sql = list.length ? `${colExpr} in (${list.map((v) => bind(v)).join(', ')})` : 'false';
  } else if (f.op === 'is') {
    const v = f.value.toLowerCase();
    sql = `${col} is ${v === 'not_null' ? 'not null' : v}`;
  } else if (f.op === 'isdistinct') sql = `${colExpr} is distinct from ${bind(f.value)}`;
  else if (f.op in RANGE) sql = `${col} ${RANGE[f.op]} ${params.add(f.value)}`;
  else if (f.op in FTS) {
    const lang = f.language ? `${params.add(f.language)}::regconfig, ` : '';
    sql = `${col} @@ ${FTS[f.op]}(${lang}${params.add(f.value)})`;
  } else throw pgrstError.PGRST100(`"failed to parse filter" unknown operator ${f.op}`);
  return f.negate ? `not (${sql})` : sql;
}

export function conditionSql(target: Target, c: Condition, params: Params, alias = 'pgrst_t'): string {
  if (c.type === 'filter') return filterSql(target, c, params, alias);
  const inner = c.children
    .map((child) => `(${conditionSql(target, child, params, alias)})`)
    .join(` ${c.op} `);
  return c.negate ? `not (${inner})` : `(${inner})`;
}

export function orderSql(
  target: Target,
  terms: OrderTerm[],
  params: Params,
  alias = 'pgrst_t',
  related?: (term: OrderTerm) => string,
): string {
  return terms
    .map((t) => {
      let sql = t.relation !== undefined && related ? related(t) : columnSql(target, t.column, params, alias);
      if (t.direction) sql += ` ${t.direction}`;
      if (t.nulls) sql += ` nulls ${t.nulls}`;
      return sql;
    })
    .join(', ');
}

export interface SelectList {
  /** `expr as "name"` items. */
  parts: string[];
  /** Output names, in order (for spreads). */
  names: string[];
  /** Expressions to group by when the list has aggregates. */
  groupBy: string[];
  hasAggregate: boolean;
}

async function castSql(cache: SchemaCache, sql: string, cast: string): Promise<string> {
  const type = await cache.castType(cast);
  if (!type) throw pgError.undefinedType(cast);
  return `(${sql})::${type}`;
}

export async function selectListSql(
  cache: SchemaCache,
  target: Target,
  items: SelectItem[],
  params: Params,
  alias = 'pgrst_t',
  allColumns: string[] = [],
): Promise<SelectList> {
  const list: SelectList = { parts: [], names: [], groupBy: [], hasAggregate: false };
  for (const item of items) {
    if (item.kind === 'embed') continue;
    if (item.kind === 'star') {
      // Spelled out, so a mutation's RETURNING set can carry helper columns the star must not show.
      list.parts.push(
        ...(allColumns.length ? allColumns.map((c) => `${alias}.${ident(c)}`) : [`${alias}.*`]),
      );
      list.names.push(...allColumns);
      list.groupBy.push(...allColumns.map((c) => `${alias}.${ident(c)}`));
      continue;
    }
    if (item.kind === 'aggregate') {
      list.hasAggregate = true;
      let input = item.column ? columnSql(target, item.column, params, alias) : '*';
      if (item.inputCast) input = await castSql(cache, input, item.inputCast);
      let sql = `${item.aggregate}(${input})`;
      if (item.cast) sql = await castSql(cache, sql, item.cast);
      const name = item.alias ?? (item.aggregate as string);
      list.parts.push(`${sql} as ${ident(name)}`);
      list.names.push(name);
      continue;
    }
    const ref = item.column as ColumnRef;
    let sql = columnSql(target, ref, params, alias);
    if (item.cast) sql = await castSql(cache, sql, item.cast);
    const name = item.alias ?? (ref.path.length ? (ref.path[ref.path.length - 1]?.key as string) : ref.name);
    list.parts.push(`${sql} as ${ident(name)}`);
    list.names.push(name);
    list.groupBy.push(sql);
  }
  return list;
}

/** `child.targetColumns = parent.originColumns`, through the junction for many-to-many. */
function joinSql(cache: SchemaCache, rel: Relationship, parentAlias: string, childAlias: string): string {
  const pairs = (left: string, lc: string[], right: string, rc: string[]): string[] =>
    lc.map((c, i) => `${left}.${ident(c)} = ${right}.${ident(rc[i] as string)}`);
  if (rel.junction) {
    const junction = cache.relationByKey(rel.junction.table);
    if (!junction) throw pgrstError.PGRST000(`junction ${rel.junction.table} vanished`);
    const j = `${childAlias}_j`;
    const conds = [
      ...pairs(j, rel.junction.junctionOrigin, parentAlias, rel.originColumns),
      ...pairs(j, rel.junction.junctionTarget, childAlias, rel.targetColumns),
    ];
    return `exists (select 1 from ${tableSql(junction)} ${j} where ${conds.join(' and ')})`;
  }
  return pairs(childAlias, rel.targetColumns, parentAlias, rel.originColumns).join(' and ');
}

export interface NodeSql {
  select: string[];
  names: string[];
  from: string;
  where: string[];
  groupBy: string[];
  order: string;
}

/**
 * The pieces of one node's SELECT. `source` replaces the table (a mutation's RETURNING set);
 * embeds are joined laterally and appear as JSON columns, or as their own columns for a spread.
 */
export async function nodeSql(
  cache: SchemaCache,
  node: ReadNode,
  params: Params,
  source?: string,
): Promise<NodeSql> {
  const target: Target = {
    columns: node.relation.columns,
    label: node.label,
    computed: cache.computedFields(node.relation),
  };
  const list = await selectListSql(cache, target, node.items, params, node.alias, node.relation.columnOrder);
  const select = [...list.parts];
  const names = [...list.names];
  const groupBy = [...list.groupBy];
  let from = source ?? `${tableSql(node.relation)} ${node.alias}`;
  const where: string[] = [];
  for (const embed of node.embeds) {
    const sub = await embedSql(cache, embed, node.alias, params);
    from += ` left join lateral (${sub.sql}) ${embed.lateral} on true`;
    const shown = embed.node.items.length > 0 || embed.node.embeds.length > 0;
    if (!shown) {
      // `clients!inner()`: embedded only to filter the parent; it adds no key.
    } else if (embed.spread) {
      for (const name of sub.names) {
        select.push(`${embed.lateral}.${ident(name)}`);
        names.push(name);
        groupBy.push(`${embed.lateral}.${ident(name)}`);
      }
    } else {
      // Grouped nodes group by the embed's text (json has no equality), so select it back from text.
      const body = list.hasAggregate ? `(${embed.lateral}.body::text)::json` : `${embed.lateral}.body`;
      select.push(`${embed.toOne ? body : `coalesce(${body}, '[]'::json)`} as ${ident(embed.outputName)}`);
      names.push(embed.outputName);
      groupBy.push(`${embed.lateral}.body::text`);
    }
    const presence = `${embed.lateral}.${embed.spread ? 'pgrst_found' : 'body'}`;
    if (embed.inner) where.push(`${presence} is not null`);
    for (const test of embed.nullTests) where.push(`${presence} is ${test.negate ? 'not ' : ''}null`);
  }
  where.push(...node.conditions.map((c) => conditionSql(target, c, params, node.alias)));
  const order = node.order.length
    ? `order by ${orderSql(target, node.order, params, node.alias, (term) => relatedOrderSql(cache, node, term, params))}`
    : '';
  return {
    select,
    names,
    from,
    where,
    groupBy: list.hasAggregate ? groupBy : [],
    order,
  };
}

/** `order=clients(name)`: the to-one embed's column, looked up per parent row. */
function relatedOrderSql(cache: SchemaCache, node: ReadNode, term: OrderTerm, params: Params): string {
  const embed = node.embeds.find((e) => e.outputName === term.relation) as EmbedNode;
  const child = embed.node;
  const alias = `${child.alias}_o`;
  const col = columnSql({ columns: child.relation.columns, label: child.label }, term.column, params, alias);
  return `(select ${col} from ${tableSql(child.relation)} ${alias} where ${joinSql(cache, embed.relationship, node.alias, alias)} limit 1)`;
}

/** ` limit N offset M`, each only when given. */
export const limitSql = (limit: number | undefined, offset: number | undefined): string =>
  `${limit !== undefined ? ` limit ${limit}` : ''}${offset ? ` offset ${offset}` : ''}`;

export function assembleSelect(sql: NodeSql, extraWhere: string[] = [], tail = ''): string {
  const where = [...extraWhere, ...sql.where];
  return `select ${sql.select.join(', ') || 'null as pgrst_nothing'} from ${sql.from}${where.length ? ` where ${where.join(' and ')}` : ''}${sql.groupBy.length ? ` group by ${sql.groupBy.join(', ')}` : ''} ${sql.order}${tail}`;
}

async function embedSql(
  cache: SchemaCache,
  embed: EmbedNode,
  parentAlias: string,
  params: Params,
): Promise<{ sql: string; names: string[] }> {
  const child = await nodeSql(cache, embed.node, params);
  const join = joinSql(cache, embed.relationship, parentAlias, embed.node.alias);
  const inner = assembleSelect(child, [join], limitSql(embed.node.limit, embed.node.offset));
  if (embed.spread && !embed.toOne) {
    // PostgREST 13: a to-many spread gives each column as an array.
    const columns = child.names.map(
      (n) => `coalesce(json_agg(pgrst_x.${ident(n)}), '[]'::json) as ${ident(n)}`,
    );
    return {
      sql: `select ${[...columns, 'true as pgrst_found'].join(', ')} from (${inner}) pgrst_x`,
      names: child.names,
    };
  }
  if (embed.spread) {
    return {
      sql: `select pgrst_x.*, true as pgrst_found from (${inner}) pgrst_x`,
      names: child.names,
    };
  }
  if (embed.toOne) return { sql: `select row_to_json(pgrst_x) as body from (${inner}) pgrst_x`, names: [] };
  return { sql: `select json_agg(pgrst_x) as body from (${inner}) pgrst_x`, names: [] };
}

/**
 * The JSON (or CSV) of rows, built by Postgres. CSV is PostgreSQL's own record text without its
 * parentheses, under a header of the column names, as PostgREST builds it.
 */
function bodySql(media: MediaType): string {
  if (media === 'object') return `(json_agg(pgrst_source) -> 0)::text`;
  if (media === 'csv') {
    return `(select coalesce(string_agg(pgrst_k, ','), '') from (select row_to_json(pgrst_h) as pgrst_j from pgrst_source pgrst_h limit 1) pgrst_first, json_object_keys(pgrst_first.pgrst_j) as pgrst_k)
      || coalesce(E'\\n' || string_agg(substring(pgrst_source::text, 2, length(pgrst_source::text) - 2), E'\\n'), '')`;
  }
  return `coalesce(json_agg(pgrst_source), '[]')::text`;
}

/** A page of a read: `total` (by count=…), `page_total` and `body`; `unpaged` is the rows without order or page. */
export function readSql(
  pieces: NodeSql,
  o: { media: MediaType; count: Preferences['count']; maxRows: number; limit: number; offset: number },
): { sql: string; unpaged: string } {
  const unpaged = assembleSelect({ ...pieces, order: '' });
  const total =
    o.count === 'exact'
      ? `(select count(*) from (${unpaged}) pgrst_c)::text`
      : o.count === 'estimated'
        ? `(select count(*) from (${unpaged} limit ${o.maxRows + 1}) pgrst_c)::text`
        : 'null::text';
  const sql = `with pgrst_source as (${assembleSelect(pieces, [], limitSql(o.limit, o.offset))})
    select ${total} as total,
      count(*)::int as page_total,
      ${bodySql(o.media)} as body
    from pgrst_source`;
  return { sql, unpaged };
}

/** `explain (…) sql` with the options supabase-js's explain() asked for. */
export const explainSql = (explain: ExplainRequest, sql: string): string =>
  `explain (${['format ' + explain.format, ...explain.options].join(', ')}) ${sql}`;

/** The planner's row estimate of `from …` (count=planned). */
export const plannedCountSql = (from: string): string => `explain (format json) select 1 ${from}`;

/** `insert … as pgrst_t`, with `on conflict` for an upsert (the primary key unless on_conflict names one). */
export function insertSql(
  rel: RelationInfo,
  payload: InsertPayload,
  prefs: Pick<Preferences, 'missing' | 'resolution'>,
  onConflict: string[] | undefined,
  params: Params,
): string {
  const { keys, rows } = payload;
  const table = tableSql(rel);
  const cols = keys.map(ident).join(', ');
  let sql: string;
  if (keys.length === 0) sql = `insert into ${table} as pgrst_t default values`;
  else if (prefs.missing === 'default') {
    // A key a row lacks takes the column's default instead of NULL.
    const values = rows.map((r) => {
      const record = `json_populate_record(null::${table}, ${params.add(JSON.stringify(r))}::json)`;
      return `(${keys.map((k) => (k in r ? `(${record}).${ident(k)}` : 'default')).join(', ')})`;
    });
    sql = `insert into ${table} as pgrst_t (${cols}) values ${values.join(', ')}`;
  } else {
    sql = `insert into ${table} as pgrst_t (${cols}) select ${cols} from json_populate_recordset(null::${table}, ${params.add(JSON.stringify(rows))}::json)`;
  }
  if (!prefs.resolution) return sql;
  const conflict = onConflict ?? rel.primaryKey;
  if (conflict.length === 0) {
    throw pgrstError.PGRST100('on_conflict is required for a table without a primary key');
  }
  for (const c of conflict) if (!rel.columns.has(c)) throw pgError.undefinedColumn(rel.name, c);
  const target = conflict.map(ident).join(', ');
  const updates = keys.filter((k) => !conflict.includes(k) || prefs.resolution === 'merge-duplicates');
  return prefs.resolution === 'ignore-duplicates' || updates.length === 0
    ? `${sql} on conflict (${target}) do nothing`
    : `${sql} on conflict (${target}) do update set ${updates.map((k) => `${ident(k)} = excluded.${ident(k)}`).join(', ')}`;
}

/** The WHERE of an update or delete; none at all is refused as hosted Supabase's pg-safeupdate does. */
export function mutationWhereSql(
  rel: RelationInfo,
  conditions: Condition[],
  params: Params,
  verb: 'UPDATE' | 'DELETE',
): string {
  if (conditions.length === 0) throw pgError.missingWhere(verb);
  const target: Target = { columns: rel.columns, label: rel.name };
  return conditions.map((c) => conditionSql(target, c, params)).join(' and ');
}

export function updateSql(
  rel: RelationInfo,
  values: Record<string, unknown>,
  where: string,
  params: Params,
): string {
  const table = tableSql(rel);
  const keys = Object.keys(values);
  return `update ${table} as pgrst_t set ${keys.map((k) => `${ident(k)} = pgrst_body.${ident(k)}`).join(', ')}
    from (select * from json_populate_record(null::${table}, ${params.add(JSON.stringify(values))}::json)) pgrst_body
    where ${where}`;
}

export const deleteSql = (rel: RelationInfo, where: string): string =>
  `delete from ${tableSql(rel)} as pgrst_t where ${where}`;

/**
 * A mutation (`cte`, with `pgrst_t` as the target's alias) yielding `page_total`, `inserted` (rows an
 * upsert inserted) and, for return=representation, the body read through the request's select.
 */
export async function mutationSql(
  cache: SchemaCache,
  root: ReadNode,
  cte: string,
  params: Params,
  o: { representation: boolean; singular: boolean; upsert: boolean },
): Promise<string> {
  const rel = root.relation;
  // RETURNING only what the select list and its embeds read, as PostgREST does, so hidden columns do not fail it.
  const needed = new Set<string>();
  let star = false;
  for (const item of root.items) {
    if (item.kind === 'star') star = true;
    else if (item.column) needed.add(item.column.name);
  }
  for (const embed of root.embeds) for (const c of embed.relationship.originColumns) needed.add(c);
  const returning = star
    ? rel.columnOrder.map((c) => `pgrst_t.${ident(c)}`)
    : [...needed].map((c) => {
        if (!rel.columns.has(c)) throw pgError.undefinedColumn(rel.name, c);
        return `pgrst_t.${ident(c)}`;
      });
  const insertedFlag = o.upsert ? ', (pgrst_t.xmax = 0) as pgrst_inserted' : '';
  const insertedCount = o.upsert ? 'count(*) filter (where pgrst_inserted)::int' : '0';
  if (!o.representation) {
    return `with pgrst_source as (${cte} returning 1 as pgrst_one${insertedFlag})
      select count(*)::int as page_total, ${insertedCount} as inserted, null::text as body from pgrst_source`;
  }
  const pieces = await nodeSql(cache, root, params, 'pgrst_source pgrst_t');
  return `with pgrst_source as (${cte} returning ${[...returning, 'null as pgrst_nothing'].join(', ')}${insertedFlag})
     select (select count(*)::int from pgrst_source) as page_total,
       ${o.upsert ? `(select ${insertedCount} from pgrst_source)` : '0'} as inserted,
       ${o.singular ? `(json_agg(pgrst_r) -> 0)::text` : `coalesce(json_agg(pgrst_r), '[]')::text`} as body
     from (${assembleSelect(pieces)}) pgrst_r`;
}

/** How a function's result is shaped: nothing, one value, one row, or a set of rows. */
export type CallResult = 'void' | 'scalar' | 'row' | 'rows';

export const callResultOf = (plan: CallPlan): CallResult =>
  plan.fn.returnsVoid
    ? 'void'
    : !plan.fn.returnsSet && !plan.fn.returnsComposite
      ? 'scalar'
      : plan.fn.returnsSet
        ? 'rows'
        : 'row';

/**
 * A call as SQL yielding `page_total`, `total` and `body`. Rows of a known shape are read through the
 * same plan as a table (`root`: embeds, aggregates, filters); a set of scalars takes filters on the
 * value itself only.
 */
export async function callSql(
  cache: SchemaCache,
  plan: CallPlan,
  root: ReadNode | undefined,
  params: Params,
  o: { singular: boolean; count: Preferences['count']; limit: number; offset: number },
): Promise<string> {
  const { fn } = plan;
  let call: string;
  let from = '';
  const name = `${ident(fn.schema)}.${ident(fn.name)}`;
  if (plan.singleObject) {
    call = `${name}(${params.add(JSON.stringify(plan.args))}::${fn.args[0]?.type})`;
  } else {
    const used = fn.args.filter((a) => a.name in plan.args);
    if (used.length) {
      from = `from json_to_record(${params.add(JSON.stringify(plan.args))}::json) as pgrst_args(${used.map((a) => `${ident(a.name)} ${a.type}`).join(', ')})`;
    }
    call = `${name}(${used.map((a) => `${ident(a.name)} := pgrst_args.${ident(a.name)}`).join(', ')})`;
  }
  const result = callResultOf(plan);
  if (result === 'void') {
    return `select ${call} is null as ok, 1 as page_total, null::text as total, null::text as body ${from}`;
  }
  if (result === 'scalar') {
    return `select 1 as page_total, null::text as total, to_json(${call})::text as body ${from}`;
  }
  // The call as a FROM item, after the arguments' record when there is one.
  const source = from ? `${from.replace(/^from /, '')}, lateral ${call} pgrst_t` : `${call} pgrst_t`;
  const agg = (rowRef: string): string =>
    result === 'row' || o.singular
      ? `(json_agg(${rowRef}) -> 0)::text`
      : `coalesce(json_agg(${rowRef}), '[]')::text`;
  const page = limitSql(o.limit, o.offset);
  if (root) {
    const pieces = await nodeSql(cache, root, params, source);
    const total = o.count
      ? `(select count(*) from (${assembleSelect({ ...pieces, order: '' })}) pgrst_c)::text`
      : 'null::text';
    return `select count(*)::int as page_total, ${total} as total, ${agg('pgrst_r')} as body
      from (${assembleSelect(pieces, [], page)}) pgrst_r`;
  }
  const target: Target = { columns: fn.resultColumns, label: fn.name };
  const scope = plan.scopes.get('') ?? { conditions: [] };
  const whereParts = scope.conditions.map((c) => conditionSql(target, c, params));
  const where = whereParts.length ? `where ${whereParts.join(' and ')}` : '';
  const order = scope.order?.length ? `order by ${orderSql(target, scope.order, params)}` : '';
  const total = o.count
    ? `(select count(*) from (select 1 from ${source} ${where}) pgrst_c)::text`
    : 'null::text';
  return `select count(*)::int as page_total, ${total} as total, ${agg('pgrst_r.v')} as body
    from (select pgrst_t as v from ${source} ${where} ${order}${page}) pgrst_r`;
}

/**
 * PostgREST's per-request settings, all transaction-local (protocol §5.3 point 4), in one round trip:
 * the role's own settings, search_path, role, JWT claims and the request's method, path, headers and
 * cookies. Switching a transaction to read-only is allowed at any point, so it rides along.
 */
export function requestSettingsSql(o: {
  req: Pick<GatewayRequest, 'method' | 'path' | 'headers'>;
  schema: string;
  extraSearchPath: string[];
  auth: { role: string; claims: JwtClaims };
  readOnly: boolean;
  roleSettings: Array<[string, string]>;
}): { sql: string; values: unknown[] } {
  const searchPath = [o.schema, ...o.extraSearchPath.filter((s) => s !== o.schema)].map(ident).join(', ');
  const cookies: Record<string, string> = {};
  for (const part of (o.req.headers['cookie'] ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) cookies[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  const values: unknown[] = [
    searchPath,
    o.auth.role,
    JSON.stringify(o.auth.claims),
    o.req.method,
    o.req.path,
    JSON.stringify({ ...o.req.headers }),
    JSON.stringify(cookies),
    o.readOnly ? 'on' : 'off',
  ];
  const roleSettings = o.roleSettings.map(([name, value]) => {
    values.push(name, value);
    return `set_config($${values.length - 1}, $${values.length}, true)`;
  });
  const sql = `select ${[...roleSettings, ''].join(', ')}set_config('search_path', $1, true), set_config('role', $2, true),
         set_config('request.jwt.claims', $3, true), set_config('request.method', $4, true),
         set_config('request.path', $5, true), set_config('request.headers', $6, true),
         set_config('request.cookies', $7, true), set_config('transaction_read_only', $8, true)`;
  return { sql, values };
}
