/**
 * SQL fragments (PostgREST's SqlFragment): columns, filters, order, select lists and the read tree;
 * `statements.ts` assembles them into whole statements. Every value is a bound parameter and every
 * identifier comes from the schema cache.
 * Embeds become `left join lateral` subqueries yielding one JSON value (`body`) per parent row —
 * an object for to-one relationships, an array for to-many — or, for a spread, the child's columns.
 */
import { pgError, pgrstError } from './errors';
import type { EmbedNode, ReadNode } from './plan';
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

export function columnSql(target: Target, ref: ColumnRef, params: Params, alias = 'pgrst_t'): string {
  const computed = target.columns?.has(ref.name) ? undefined : target.computed?.get(ref.name);
  if (target.columns && !target.columns.has(ref.name) && !computed)
    throw pgError.undefinedColumn(target.label, ref.name);
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
