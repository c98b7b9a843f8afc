/** POST / PATCH / DELETE on a table or view: inserts, upserts, updates and deletes as PostgREST answers them. */
import type { GatewayRequest, Reply } from '../gateway/http';
import {
  assembleSelect,
  conditionSql,
  ident,
  missingColumn,
  nodeSql,
  Params,
  tableSql,
  type Target,
} from './query';
import { parseColumnsParam, parsePrefer, parseScopedParams, type ColumnRef } from './request';
import { ApiError, contentTypeOf, renderBody, singularError } from './response';
import {
  checkMaxAffected,
  mediaOf,
  parseJsonBody,
  planRequest,
  Rollback,
  type Auth,
  type RestRuntime,
} from './runtime';
import type { RelationInfo } from './schema-cache';
import { endsInRollback, txOverridable } from './settings';

/**
 * Runs a mutation (`cte`, with `pgrst_t` as the target's alias) and answers as PostgREST does:
 * representation through the same plan as a read (embeds included), singular and max-affected
 * checks, tx=rollback, and 201/200 for an upsert depending on whether a row was inserted.
 */
export async function mutate(
  rt: RestRuntime,

  req: GatewayRequest,
  schema: string,
  rel: RelationInfo,
  auth: Auth,
  cte: string,
  params: Params,
  kind: 'insert' | 'update' | 'delete',
  upsert = false,
): Promise<Reply> {
  const prefer = parsePrefer(req.headers['prefer']);
  const representation = prefer.get('return') === 'representation';
  const media = mediaOf(req);
  const singular = media === 'object';
  const root = planRequest(rt, req, rel);
  // The mutation's WHERE already chose the rows; filters must not run again on the new values.
  root.conditions = [];
  root.limit = undefined;
  root.offset = undefined;
  const target: Target = { columns: rel.columns, label: rel.name };
  // RETURNING only what the select list and its embeds read, as PostgREST does, so hidden columns do not fail it.
  const needed = new Set<string>();
  let star = false;
  for (const item of root.items) {
    if (item.kind === 'star') star = true;
    else if (item.column) needed.add((item.column as ColumnRef).name);
  }
  for (const embed of root.embeds) for (const c of embed.relationship.originColumns) needed.add(c);
  const returningCols = star
    ? rel.columnOrder.map((c) => `pgrst_t.${ident(c)}`)
    : [...needed].map((c) => {
        if (!rel.columns.has(c)) throw missingColumn(target, c);
        return `pgrst_t.${ident(c)}`;
      });
  const insertedFlag = upsert ? ', (pgrst_t.xmax = 0) as pgrst_inserted' : '';
  const insertedCount = upsert ? 'count(*) filter (where pgrst_inserted)::int' : '0';
  let sql: string;
  if (representation) {
    const pieces = await nodeSql(rt.cache, root, params, 'pgrst_source pgrst_t');
    sql = `with pgrst_source as (${cte} returning ${[...returningCols, 'null as pgrst_nothing'].join(', ')}${insertedFlag})
       select (select count(*)::int from pgrst_source) as page_total,
         ${upsert ? `(select ${insertedCount} from pgrst_source)` : '0'} as inserted,
         ${singular ? `(json_agg(pgrst_r) -> 0)::text` : `coalesce(json_agg(pgrst_r), '[]')::text`} as body
       from (${assembleSelect(pieces)}) pgrst_r`;
  } else {
    sql = `with pgrst_source as (${cte} returning 1 as pgrst_one${insertedFlag})
      select count(*)::int as page_total, ${insertedCount} as inserted, null::text as body from pgrst_source`;
  }
  const maxAffected = prefer.get('handling') === 'strict' ? Number(prefer.get('max-affected') ?? NaN) : NaN;
  try {
    const row = await rt.db.transaction(async (tx) => {
      await rt.prepare(tx, req, schema, auth.role, auth.claims, false);
      const result = (
        await tx.query<{ page_total: number; inserted: number; body: string | null }>(sql, params.values)
      ).rows[0];
      const n = Number(result?.page_total ?? 0);
      if (singular && n !== 1) throw new Rollback(singularError(n));
      checkMaxAffected(n, maxAffected);
      if (endsInRollback(rt.cache, prefer.get('tx'))) {
        throw new Rollback(buildReply(n, Number(result?.inserted ?? 0), result?.body ?? null));
      }
      return result;
    });
    return buildReply(Number(row?.page_total ?? 0), Number(row?.inserted ?? 0), row?.body ?? null);
  } catch (error) {
    if (error instanceof Rollback) {
      if (error.reply instanceof ApiError) throw error.reply;
      return error.reply;
    }
    if (error instanceof ApiError) throw error;
    throw error;
  }

  function buildReply(n: number, inserted: number, body: string | null): Reply {
    const counted = prefer.has('count') ? String(n) : '*';
    const headers: Record<string, string> = {
      'content-range': representation && n > 0 ? `0-${n - 1}/${counted}` : `*/${counted}`,
    };
    const applied = ['return', 'resolution', 'missing', 'tx']
      .filter((k) => prefer.has(k) && (k !== 'tx' || txOverridable(rt.cache)))
      .map((k) => `${k}=${prefer.get(k)}`);
    if (applied.length) headers['preference-applied'] = applied.join(', ');
    // An upsert that only updated existing rows answers 200, as PostgREST does.
    const created = kind === 'insert' && (!upsert || inserted > 0 || n === 0) ? 201 : 200;
    if (representation) {
      return {
        status: kind === 'insert' ? created : 200,
        headers: { ...headers, 'content-type': contentTypeOf(media) },
        body: renderBody(media, body),
      };
    }
    return { status: kind === 'insert' ? created : 204, headers };
  }
}

/** The relation with every written column known, after one schema reload if needed; PostgREST's PGRST204 otherwise. */
export async function relationToWrite(
  rt: RestRuntime,
  schema: string,
  rel: RelationInfo,
  keys: string[],
): Promise<RelationInfo> {
  const fresh = (await rt.cache.relationWithColumns(schema, rel.name, keys)) ?? rel;
  for (const key of keys) {
    if (!fresh.columns.has(key)) {
      throw new ApiError(
        400,
        'PGRST204',
        `Could not find the '${key}' column of '${rel.name}' in the schema cache`,
      );
    }
  }
  return fresh;
}

export async function insert(
  rt: RestRuntime,
  req: GatewayRequest,
  schema: string,
  rel: RelationInfo,
  auth: Auth,
): Promise<Reply> {
  const body = parseJsonBody(req);
  if (body === undefined || body === null || typeof body !== 'object') {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
  }
  const rows = (Array.isArray(body) ? body : [body]) as Array<Record<string, unknown>>;
  if (rows.some((r) => r === null || typeof r !== 'object' || Array.isArray(r))) {
    throw new ApiError(400, 'PGRST102', 'All object keys must match');
  }
  const columnsParam = req.query.get('columns');
  let keys: string[];
  if (columnsParam) keys = parseColumnsParam(columnsParam);
  else {
    // Without ?columns= every object must carry the same keys (PostgREST's PGRST102).
    keys = Object.keys(rows[0] ?? {});
    const signature = [...keys].sort().join('\u0000');
    if (rows.some((r) => Object.keys(r).sort().join('\u0000') !== signature)) {
      throw new ApiError(400, 'PGRST102', 'All object keys must match');
    }
  }
  const fresh = await relationToWrite(rt, schema, rel, keys);
  const target: Target = { columns: fresh.columns, label: rel.name };
  const params = new Params();
  const table = tableSql(fresh);
  const cols = keys.map(ident).join(', ');
  const prefer = parsePrefer(req.headers['prefer']);
  let cte: string;
  if (keys.length === 0) {
    cte = `insert into ${table} as pgrst_t default values`;
    if (rows.length !== 1)
      throw new ApiError(400, 'PGRST102', 'Bulk insert of empty objects is not supported');
  } else if (prefer.get('missing') === 'default') {
    // A key a row lacks takes the column's default instead of NULL.
    const values = rows.map((r) => {
      const record = `json_populate_record(null::${table}, ${params.add(JSON.stringify(r))}::json)`;
      return `(${keys.map((k) => (k in r ? `(${record}).${ident(k)}` : 'default')).join(', ')})`;
    });
    cte = `insert into ${table} as pgrst_t (${cols}) values ${values.join(', ')}`;
  } else {
    cte = `insert into ${table} as pgrst_t (${cols}) select ${cols} from json_populate_recordset(null::${table}, ${params.add(JSON.stringify(rows))}::json)`;
  }
  const resolution = prefer.get('resolution');
  const upsert = resolution === 'merge-duplicates' || resolution === 'ignore-duplicates';
  if (upsert) {
    const onConflictParam = req.query.get('on_conflict');
    const conflict = onConflictParam ? parseColumnsParam(onConflictParam) : fresh.primaryKey;
    if (conflict.length === 0) {
      throw new ApiError(400, 'PGRST100', 'on_conflict is required for a table without a primary key');
    }
    for (const c of conflict) if (!fresh.columns.has(c)) throw missingColumn(target, c);
    const updates = keys.filter((k) => !conflict.includes(k) || resolution === 'merge-duplicates');
    cte +=
      resolution === 'ignore-duplicates' || updates.length === 0
        ? ` on conflict (${conflict.map(ident).join(', ')}) do nothing`
        : ` on conflict (${conflict.map(ident).join(', ')}) do update set ${updates.map((k) => `${ident(k)} = excluded.${ident(k)}`).join(', ')}`;
  }
  return mutate(rt, req, schema, fresh, auth, cte, params, 'insert', upsert);
}

/** The WHERE of an update or delete; none at all is refused as hosted Supabase's pg-safeupdate does. */
export function mutationWhere(req: GatewayRequest, rel: RelationInfo, params: Params, verb: string): string {
  const scopes = parseScopedParams(req.query);
  const conditions = scopes.get('')?.conditions ?? [];
  if (conditions.length === 0) {
    throw new ApiError(400, '21000', `${verb} requires a WHERE clause`);
  }
  const target: Target = { columns: rel.columns, label: rel.name };
  return conditions.map((c) => conditionSql(target, c, params)).join(' and ');
}

export async function update(
  rt: RestRuntime,
  req: GatewayRequest,
  schema: string,
  rel: RelationInfo,
  auth: Auth,
): Promise<Reply> {
  const body = parseJsonBody(req);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
  }
  const keys = Object.keys(body);
  const fresh = await relationToWrite(rt, schema, rel, keys);
  const params = new Params();
  const table = tableSql(fresh);
  const where = mutationWhere(req, fresh, params, 'UPDATE');
  if (keys.length === 0) {
    // Nothing to set: PostgREST answers as if no row matched.
    const representation = parsePrefer(req.headers['prefer']).get('return') === 'representation';
    return representation
      ? {
          status: 200,
          headers: { 'content-type': contentTypeOf(mediaOf(req)), 'content-range': '*/*' },
          body: '[]',
        }
      : { status: 204, headers: { 'content-range': '*/*' } };
  }
  const bodyParam = params.add(JSON.stringify(body));
  const cte = `update ${table} as pgrst_t set ${keys.map((k) => `${ident(k)} = pgrst_body.${ident(k)}`).join(', ')}
    from (select * from json_populate_record(null::${table}, ${bodyParam}::json)) pgrst_body
    where ${where}`;
  return mutate(rt, req, schema, fresh, auth, cte, params, 'update');
}

export async function remove(
  rt: RestRuntime,
  req: GatewayRequest,
  schema: string,
  rel: RelationInfo,
  auth: Auth,
): Promise<Reply> {
  const params = new Params();
  const where = mutationWhere(req, rel, params, 'DELETE');
  const cte = `delete from ${tableSql(rel)} as pgrst_t where ${where}`;
  return mutate(rt, req, schema, rel, auth, cte, params, 'delete');
}
