/**
 * The statement each action runs, as PostgREST's query builder assembles it from the fragments of
 * `query.ts`: a read's page with its count, explain, insert / upsert / update / delete with the
 * representation read back through the select, a function call, and the per-request settings.
 * Nothing here touches the database.
 */
import type { GatewayRequest } from '../gateway/http';
import type { JwtClaims } from '../gateway/keys';
import type { ExplainRequest, InsertPayload, MediaType } from './api-request';
import { pgError, pgrstError } from './errors';
import type { CallPlan, ReadNode } from './plan';
import type { Preferences } from './preferences';
import {
  assembleSelect,
  conditionSql,
  ident,
  limitSql,
  nodeSql,
  orderSql,
  tableSql,
  type NodeSql,
  type Params,
  type Target,
} from './query';
import type { Condition } from './request';
import type { RelationInfo, SchemaCache } from './schema-cache';

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
