/** POST / PATCH / DELETE on a table or view: parse → plan → query → run → respond. */
import type { GatewayRequest, Reply } from '../gateway/http';
import type { ApiRequest } from './api-request';
import { planRelation, planSelect, planWrittenColumns } from './plan';
import { Params } from './query';
import { deleteSql, insertSql, mutationSql, mutationWhereSql, updateSql } from './statements';
import { maxAffected } from './preferences';
import { pgrstError } from './errors';
import { contentTypeOf, mutationReply } from './response';
import { checkMaxAffected, Rollback, runInTransaction, type Auth, type RestRuntime } from './runtime';
import type { RelationInfo } from './schema-cache';
import { endsInRollback, txOverridable } from './settings';

/** The mutation's statement for the request's action, over the relation with its written columns known. */
async function mutationCte(
  rt: RestRuntime,
  api: ApiRequest,
  rel: RelationInfo,
  params: Params,
): Promise<{ rel: RelationInfo; cte: string | undefined }> {
  const rootConditions = api.scopes.get('')?.conditions ?? [];
  if (api.insert) {
    const fresh = await planWrittenColumns(rt.cache, rel, api.insert.keys);
    return { rel: fresh, cte: insertSql(fresh, api.insert, api.preferences, api.onConflict, params) };
  }
  if (api.update) {
    const fresh = await planWrittenColumns(rt.cache, rel, Object.keys(api.update));
    const where = mutationWhereSql(fresh, rootConditions, params, 'UPDATE');
    // Nothing to set: PostgREST answers as if no row matched.
    if (Object.keys(api.update).length === 0) return { rel: fresh, cte: undefined };
    return { rel: fresh, cte: updateSql(fresh, api.update, where, params) };
  }
  // parseApiRequest gives this pipeline insert, upsert, update and delete only.
  if (api.action !== 'delete') throw pgrstError.PGRST000(`no mutation for ${api.action}`);
  return { rel, cte: deleteSql(rel, mutationWhereSql(rel, rootConditions, params, 'DELETE')) };
}

/**
 * Inserts, upserts, updates and deletes as PostgREST answers them: representation through the same
 * plan as a read (embeds included), singular and max-affected checks, tx=rollback, and 201/200 for an
 * upsert depending on whether a row was inserted.
 */
export async function mutate(
  rt: RestRuntime,
  req: GatewayRequest,
  api: ApiRequest,
  name: string,
  auth: Auth,
): Promise<Reply> {
  const params = new Params();
  const { rel, cte } = await mutationCte(rt, api, await planRelation(rt.cache, api.schema, name), params);
  const representation = api.preferences.return === 'representation';
  if (cte === undefined) {
    return representation
      ? {
          status: 200,
          headers: { 'content-type': contentTypeOf(api.media), 'content-range': '*/*' },
          body: '[]',
        }
      : { status: 204, headers: { 'content-range': '*/*' } };
  }
  const root = planSelect(rt, api, rel);
  // The mutation's WHERE already chose the rows; filters must not run again on the new values.
  root.conditions = [];
  root.limit = undefined;
  root.offset = undefined;
  const singular = api.media === 'object';
  const sql = await mutationSql(rt.cache, root, cte, params, {
    representation,
    singular,
    upsert: api.action === 'upsert',
  });
  const overridable = txOverridable(rt.cache);
  return runInTransaction(rt, { req, schema: api.schema, auth, readOnly: false }, async (tx) => {
    const row = (
      await tx.query<{ page_total: number; inserted: number; body: string | null }>(sql, params.values)
    ).rows[0];
    const pageTotal = Number(row?.page_total ?? 0);
    if (singular && pageTotal !== 1) throw new Rollback(pgrstError.PGRST116(pageTotal));
    checkMaxAffected(pageTotal, maxAffected(api.preferences));
    const reply = mutationReply(
      api,
      { pageTotal, inserted: Number(row?.inserted ?? 0), body: row?.body ?? null },
      overridable,
    );
    if (endsInRollback(rt.cache, api.preferences.tx)) throw new Rollback(reply);
    return reply;
  });
}
