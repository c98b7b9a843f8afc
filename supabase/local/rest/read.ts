/** GET / HEAD on a table or view: parse → plan → query → run → respond. */
import type { Queryable } from '../db/engine';
import type { GatewayRequest, Reply } from '../gateway/http';
import type { ApiRequest, ExplainRequest } from './api-request';
import { pgrstError } from './errors';
import { planRelation, planSelect } from './plan';
import { nodeSql, Params } from './query';
import { explainSql, plannedCountSql, readSql } from './statements';
import { explainReply, plannedRows, readReply } from './response';
import { runInTransaction, type Auth, type RestRuntime, type RunContext } from './runtime';
import { planEnabled } from './settings';

/** explain(): the plan of the read's statement, when the server offers plans (db-plan-enabled). */
function explainRead(
  rt: RestRuntime,
  run: RunContext,
  explain: ExplainRequest,
  sql: string,
  params: Params,
): Promise<Reply> {
  // db-plan-enabled off: the plan media types are not offered at all, as in PostgREST.
  if (!planEnabled(rt.cache)) throw pgrstError.PGRST107(explain.accept);
  // Hosted Postgres loads pg_stat_statements, so a verbose plan carries a query identifier.
  const asServer = async (tx: Queryable): Promise<void> => {
    await tx.query(`select set_config('compute_query_id', 'on', true)`);
  };
  const verbose = explain.options.includes('verbose');
  return runInTransaction(rt, { ...run, ...(verbose ? { asServer } : {}) }, async (tx) => {
    const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(explainSql(explain, sql), params.values);
    return explainReply(
      explain,
      rows.map((r) => r['QUERY PLAN']),
    );
  });
}

export async function read(
  rt: RestRuntime,
  req: GatewayRequest,
  api: ApiRequest,
  name: string,
  auth: Auth,
): Promise<Reply> {
  const rel = await planRelation(rt.cache, api.schema, name);
  const root = planSelect(rt, api, rel);
  const params = new Params();
  const pieces = await nodeSql(rt.cache, root, params);
  const offset = root.offset ?? api.range?.offset ?? 0;
  const limit = Math.min(root.limit ?? api.range?.limit ?? rt.api.maxRows, rt.api.maxRows);
  const count = api.preferences.count;
  const { sql, unpaged } = readSql(pieces, {
    media: api.media,
    count,
    maxRows: rt.api.maxRows,
    limit,
    offset,
  });
  const run: RunContext = { req, schema: api.schema, auth, readOnly: true };
  if (api.explain) return explainRead(rt, run, api.explain, sql, params);
  return runInTransaction(rt, run, async (tx) => {
    const row = (
      await tx.query<{ total: string | null; page_total: number; body: string | null }>(sql, params.values)
    ).rows[0];
    const counted = row?.total === null || row?.total === undefined ? undefined : Number(row.total);
    // planned always, estimated past max-rows: the planner's row estimate, as PostgREST answers.
    const planned = count === 'planned' || (count === 'estimated' && (counted ?? 0) > rt.api.maxRows);
    const total = planned
      ? plannedRows(
          (
            await tx.query<{ 'QUERY PLAN': unknown }>(
              plannedCountSql(`from (${unpaged}) pgrst_c`),
              params.values,
            )
          ).rows[0]?.['QUERY PLAN'],
        )
      : counted;
    return readReply(
      api,
      offset,
      { pageTotal: Number(row?.page_total ?? 0), total, inserted: 0, body: row?.body ?? null },
      planned,
    );
  });
}
