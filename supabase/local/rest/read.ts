/** GET / HEAD on a table or view: the plan's SELECT, counts, ranges, CSV and explain(). */
import type { Queryable } from '../db/engine';
import type { GatewayRequest, Reply } from '../gateway/http';
import { assembleSelect, limitSql, nodeSql, Params } from './query';
import { parsePrefer } from './request';
import { ApiError, contentRange, contentTypeOf, singularError, type MediaType } from './response';
import { mediaOf, planRequest, rangeHeader, type Auth, type RestRuntime } from './runtime';
import type { RelationInfo } from './schema-cache';
import { planEnabled } from './settings';

/**
 * The JSON (or CSV) of a read's rows, built by Postgres. CSV is PostgreSQL's own record text without
 * its parentheses, under a header of the column names, as PostgREST builds it.
 */
function bodySql(media: MediaType): string {
  if (media === 'object') return `(json_agg(pgrst_source) -> 0)::text`;
  if (media === 'csv') {
    return `(select coalesce(string_agg(pgrst_k, ','), '') from (select row_to_json(pgrst_h) as pgrst_j from pgrst_source pgrst_h limit 1) pgrst_first, json_object_keys(pgrst_first.pgrst_j) as pgrst_k)
      || coalesce(E'\\n' || string_agg(substring(pgrst_source::text, 2, length(pgrst_source::text) - 2), E'\\n'), '')`;
  }
  return `coalesce(json_agg(pgrst_source), '[]')::text`;
}

interface ExplainRequest {
  format: 'json' | 'text';
  options: string[];
  accept: string;
}

/** `Accept: application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose` (supabase-js explain()). */
function explainRequest(accept: string | undefined): ExplainRequest | undefined {
  const m = /application\/vnd\.pgrst\.plan(\+json|\+text)?/.exec(accept ?? '');
  if (!m) return undefined;
  const options = /options=([a-z|]+)/.exec(accept ?? '')?.[1]?.split('|') ?? [];
  const allowed = ['analyze', 'verbose', 'settings', 'buffers', 'wal'];
  return {
    format: m[1] === '+json' ? 'json' : 'text',
    options: options.filter((o) => allowed.includes(o)),
    accept: (accept ?? '').split(',')[0]?.trim() ?? '',
  };
}

async function explainReply(
  tx: Queryable,
  explain: ExplainRequest,
  sql: string,
  values: unknown[],
): Promise<Reply> {
  const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(
    `explain (${['format ' + explain.format, ...explain.options].join(', ')}) ${sql}`,
    values,
  );
  const plans = rows.map((r) => r['QUERY PLAN']);
  const body =
    explain.format === 'json'
      ? typeof plans[0] === 'string'
        ? (plans[0] as string)
        : JSON.stringify(plans[0])
      : plans.join('\n');
  const type =
    explain.format === 'json' ? 'application/vnd.pgrst.plan+json' : 'application/vnd.pgrst.plan+text';
  const target = /for="([^"]+)"/.exec(explain.accept)?.[1] ?? 'application/json';
  return { status: 200, headers: { 'content-type': `${type}; for="${target}"; charset=utf-8` }, body };
}

/** Rows the planner expects `from … where …` to yield (count=planned). */
async function plannedCount(tx: Queryable, fromWhere: string, values: unknown[]): Promise<number> {
  const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(
    `explain (format json) select 1 ${fromWhere}`,
    values,
  );
  const raw = rows[0]?.['QUERY PLAN'];
  const planJson = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{
    Plan: { 'Plan Rows': number };
  }>;
  return Math.round(planJson[0]?.Plan['Plan Rows'] ?? 0);
}

export async function read(
  rt: RestRuntime,
  req: GatewayRequest,
  schema: string,
  rel: RelationInfo,
  auth: Auth,
): Promise<Reply> {
  const prefer = parsePrefer(req.headers['prefer']);
  const root = planRequest(rt, req, rel);
  const params = new Params();
  const pieces = await nodeSql(rt.cache, root, params);
  const range = rangeHeader(req.headers['range']);
  const offset = root.offset ?? range?.offset ?? 0;
  const requestedLimit = root.limit ?? range?.limit;
  const limit = Math.min(requestedLimit ?? rt.api.maxRows, rt.api.maxRows);
  const media = mediaOf(req);
  const singular = media === 'object';
  const counting = prefer.get('count');
  const unpaged = assembleSelect({ ...pieces, order: '' });
  const sql = `with pgrst_source as (${assembleSelect(pieces, [], limitSql(limit, offset))})
    select ${counting === 'exact' ? `(select count(*) from (${unpaged}) pgrst_c)::text` : counting === 'estimated' ? `(select count(*) from (${unpaged} limit ${rt.api.maxRows + 1}) pgrst_c)::text` : 'null::text'} as total,
      count(*)::int as page_total,
      ${bodySql(media)} as body
    from pgrst_source`;
  const explain = explainRequest(req.headers['accept']);
  if (explain) {
    // db-plan-enabled off: the plan media types are not offered at all, as in PostgREST.
    if (!planEnabled(rt.cache)) {
      throw new ApiError(406, 'PGRST107', `None of these media types are available: ${explain.accept}`);
    }
    return rt.db.transaction(async (tx) => {
      // Hosted Postgres loads pg_stat_statements, so a verbose plan carries a query identifier.
      if (explain.options.includes('verbose'))
        await tx.query(`select set_config('compute_query_id', 'on', true)`);
      await rt.prepare(tx, req, schema, auth.role, auth.claims, true);
      return explainReply(tx, explain, sql, params.values);
    });
  }
  const { row, planned } = await rt.db.transaction(async (tx) => {
    await rt.prepare(tx, req, schema, auth.role, auth.claims, true);
    const result = (
      await tx.query<{ total: string | null; page_total: number; body: string | null }>(sql, params.values)
    ).rows[0];
    // planned always, estimated past max-rows: the planner's row estimate, as PostgREST answers.
    const needPlan =
      counting === 'planned' || (counting === 'estimated' && Number(result?.total ?? 0) > rt.api.maxRows);
    const estimate = needPlan
      ? await plannedCount(tx, `from (${unpaged}) pgrst_c`, params.values)
      : undefined;
    return { row: result, planned: estimate };
  });
  const pageTotal = Number(row?.page_total ?? 0);
  const total =
    planned !== undefined
      ? planned
      : row?.total === null || row?.total === undefined
        ? undefined
        : Number(row.total);
  if (singular && pageTotal !== 1) throw singularError(pageTotal);
  if (total !== undefined && offset > 0 && offset >= total && total > 0 && planned === undefined) {
    throw new ApiError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
      null,
      { 'content-range': `*/${total}` },
    );
  }
  const partial = total !== undefined && (pageTotal < total || offset > 0);
  const headers: Record<string, string> = {
    'content-type': contentTypeOf(media),
    'content-range': contentRange(offset, pageTotal, total),
  };
  return { status: partial ? 206 : 200, headers, body: row?.body ?? (media === 'csv' ? '' : 'null') };
}
