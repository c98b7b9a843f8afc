/** /rpc/<name>: parse → plan (the function and its arguments) → query → run → respond. */
import type { GatewayRequest, Reply } from '../gateway/http';
import type { ApiRequest } from './api-request';
import { pgrstError } from './errors';
import { planCall, planSelect } from './plan';
import { maxAffected } from './preferences';
import { Params } from './query';
import { callResultOf, callSql } from './statements';
import { callReply } from './response';
import { checkMaxAffected, Rollback, runInTransaction, type Auth, type RestRuntime } from './runtime';
import { endsInRollback } from './settings';

export async function rpc(
  rt: RestRuntime,
  req: GatewayRequest,
  api: ApiRequest,
  name: string,
  auth: Auth,
): Promise<Reply> {
  const plan = await planCall(rt.cache, api, name);
  const cap = maxAffected(api.preferences);
  if (cap !== undefined && !plan.fn.returnsSet) throw pgrstError.PGRST128();
  const result = callResultOf(plan);
  const rows = result === 'rows' || result === 'row';
  const root =
    rows && plan.resultRelation
      ? planSelect(rt, { ...api, scopes: plan.scopes }, plan.resultRelation)
      : undefined;
  const scope = plan.scopes.get('');
  const offset = rows ? (root?.offset ?? scope?.offset ?? api.range?.offset ?? 0) : 0;
  const limit = Math.min(root?.limit ?? scope?.limit ?? api.range?.limit ?? rt.api.maxRows, rt.api.maxRows);
  const params = new Params();
  const singular = api.media === 'object';
  const sql = await callSql(rt.cache, plan, root, params, {
    singular,
    count: api.preferences.count,
    limit,
    offset,
  });
  // A call by GET is read-only whatever the function, as in PostgREST.
  const readOnly = req.method !== 'POST' || plan.fn.volatility !== 'v';
  return runInTransaction(rt, { req, schema: api.schema, auth, readOnly }, async (tx) => {
    const row = (
      await tx.query<{ page_total: number; total: string | null; body: string | null }>(sql, params.values)
    ).rows[0];
    const pageTotal = Number(row?.page_total ?? 0);
    if (singular && result === 'rows' && pageTotal !== 1) throw new Rollback(pgrstError.PGRST116(pageTotal));
    checkMaxAffected(pageTotal, cap);
    const total = row?.total === null || row?.total === undefined ? undefined : Number(row.total);
    const reply = callReply(api, result, offset, { pageTotal, total, body: row?.body ?? null });
    // A rollback end: the function ran and answered, and nothing it wrote is kept.
    if (endsInRollback(rt.cache, api.preferences.tx)) throw new Rollback(reply);
    return reply;
  });
}
