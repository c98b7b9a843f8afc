/** /rpc/<name>: function calls with PostgREST's argument matching, result shapes and Prefer handling. */
import type { GatewayRequest, Reply } from '../gateway/http';
import {
  assembleSelect,
  conditionSql,
  ident,
  limitSql,
  nodeSql,
  orderSql,
  Params,
  type Target,
} from './query';
import { parsePrefer, parseScopedParams, parseSelect } from './request';
import { ApiError, contentRange, contentTypeOf, renderBody, singularError } from './response';
import {
  checkMaxAffected,
  mediaOf,
  parseJsonBody,
  planRequest,
  rangeHeader,
  Rollback,
  type Auth,
  type RestRuntime,
} from './runtime';
import type { FunctionInfo, RelationInfo } from './schema-cache';
import { endsInRollback } from './settings';

/**
 * The relation a function's rows are read as: the table or view whose row type it returns, or one
 * made of its OUT / `returns table` columns (which has no relationships).
 */
function functionResultRelation(rt: RestRuntime, schema: string, fn: FunctionInfo): RelationInfo | undefined {
  if (!fn.returnsComposite) return undefined;
  const table = fn.returnRelation ? rt.cache.relationByKey(fn.returnRelation) : undefined;
  if (table) return table;
  if (!fn.resultColumns) return undefined;
  return {
    schema,
    name: fn.name,
    kind: 'f',
    columns: fn.resultColumns,
    columnOrder: [...fn.resultColumns.keys()],
    primaryKey: [],
    uniqueKeys: [],
  };
}

function pickFunction(candidates: FunctionInfo[], argNames: string[]): FunctionInfo | undefined {
  const named = candidates.filter((fn) => {
    const names = fn.args.map((a) => a.name);
    return (
      argNames.every((n) => names.includes(n)) &&
      fn.args.every((a) => a.hasDefault || argNames.includes(a.name))
    );
  });
  if (named.length) return named.sort((a, b) => a.args.length - b.args.length)[0];
  // A single unnamed json/jsonb parameter receives the whole body (PostgREST's single-object call).
  return candidates.find(
    (fn) => fn.args.length === 1 && fn.args[0]?.name === '' && /^jsonb?$/.test(fn.args[0]?.type ?? ''),
  );
}

export async function rpc(
  rt: RestRuntime,
  req: GatewayRequest,
  schema: string,
  name: string,
  auth: Auth,
): Promise<Reply> {
  const isGet = req.method === 'GET' || req.method === 'HEAD';
  let args: Record<string, unknown> = {};
  let rawBody: unknown;
  if (!isGet) {
    rawBody = parseJsonBody(req);
    if (
      rawBody !== undefined &&
      (rawBody === null || typeof rawBody !== 'object' || Array.isArray(rawBody))
    ) {
      throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
    }
    args = (rawBody as Record<string, unknown> | undefined) ?? {};
  }
  const candidates = await rt.cache.functionsNamed(schema, name);
  if (isGet) {
    const names = new Set(candidates.flatMap((c) => c.args.map((a) => a.name)));
    for (const [k, v] of req.query) if (names.has(k)) args[k] = v;
  }
  const fn = pickFunction(candidates, Object.keys(args));
  if (!fn) {
    const list = Object.keys(args).sort().join(', ');
    throw new ApiError(
      404,
      'PGRST202',
      `Could not find the function ${schema}.${name}${list ? `(${list})` : ' without parameters'} in the schema cache`,
      `Searched for the function ${schema}.${name}${list ? ` with parameters ${list}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    );
  }
  const params = new Params();
  let call: string;
  let from = '';
  const single = fn.args.length === 1 && fn.args[0]?.name === '';
  if (single) {
    call = `${ident(schema)}.${ident(name)}(${params.add(JSON.stringify(rawBody ?? {}))}::${fn.args[0]?.type})`;
  } else {
    const used = fn.args.filter((a) => a.name in args);
    if (used.length) {
      from = `from json_to_record(${params.add(JSON.stringify(args))}::json) as pgrst_args(${used.map((a) => `${ident(a.name)} ${a.type}`).join(', ')})`;
    }
    call = `${ident(schema)}.${ident(name)}(${used.map((a) => `${ident(a.name)} := pgrst_args.${ident(a.name)}`).join(', ')})`;
  }
  const readOnly = isGet || fn.volatility !== 'v';
  const prefer = parsePrefer(req.headers['prefer']);
  const media = mediaOf(req);
  const singularRequested = media === 'object';
  const maxAffected = prefer.get('handling') === 'strict' ? Number(prefer.get('max-affected') ?? NaN) : NaN;
  if (Number.isFinite(maxAffected) && !fn.returnsSet) {
    throw new ApiError(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    );
  }
  const counting = prefer.get('count');
  let sql: string;
  let kind: 'void' | 'scalar' | 'rows' | 'row';
  let offset = 0;
  if (fn.returnsVoid) {
    kind = 'void';
    sql = `select ${call} is null as ok, 1 as page_total, null::text as total, null::text as body ${from}`;
  } else if (!fn.returnsSet && !fn.returnsComposite) {
    kind = 'scalar';
    sql = `select 1 as page_total, null::text as total, to_json(${call})::text as body ${from}`;
  } else {
    kind = fn.returnsSet ? 'rows' : 'row';
    const range = rangeHeader(req.headers['range']);
    // The call as a FROM item, after the arguments' record when there is one.
    const call_ = from ? `${from.replace(/^from /, '')}, lateral ${call} pgrst_t` : `${call} pgrst_t`;
    const agg = (rowRef: string): string =>
      kind === 'row' || singularRequested
        ? `(json_agg(${rowRef}) -> 0)::text`
        : `coalesce(json_agg(${rowRef}), '[]')::text`;
    const counted = counting === 'exact' || counting === 'estimated' || counting === 'planned';
    const skip = (k: string): boolean => isGet && fn.args.some((a) => a.name === k);
    const resultRelation = functionResultRelation(rt, schema, fn);
    if (resultRelation) {
      // Rows of a known shape: read through the same plan as a table (embeds, aggregates, filters).
      const root = planRequest(rt, req, resultRelation, skip);
      const pieces = await nodeSql(rt.cache, root, params, call_);
      offset = root.offset ?? range?.offset ?? 0;
      const limit = Math.min(root.limit ?? range?.limit ?? rt.api.maxRows, rt.api.maxRows);
      const total = counted
        ? `(select count(*) from (${assembleSelect({ ...pieces, order: '' })}) pgrst_c)::text`
        : 'null::text';
      sql = `select count(*)::int as page_total, ${total} as total, ${agg('pgrst_r')} as body
        from (${assembleSelect(pieces, [], limitSql(limit, offset))}) pgrst_r`;
    } else {
      // A set of scalars (or records of unknown shape): only filters on the value itself make sense.
      const target: Target = { columns: fn.resultColumns, label: name };
      const scopes = parseScopedParams(req.query, skip);
      const root = scopes.get('') ?? { conditions: [] };
      if (parseSelect(req.query.get('select')).some((i) => i.kind !== 'star')) {
        throw new ApiError(400, 'PGRST100', `"failed to parse select parameter": ${name} returns scalars`);
      }
      const whereParts = root.conditions.map((c) => conditionSql(target, c, params));
      const where = whereParts.length ? `where ${whereParts.join(' and ')}` : '';
      const order = root.order?.length ? `order by ${orderSql(target, root.order, params)}` : '';
      offset = root.offset ?? range?.offset ?? 0;
      const limit = Math.min(root.limit ?? range?.limit ?? rt.api.maxRows, rt.api.maxRows);
      const total = counted
        ? `(select count(*) from (select 1 from ${call_} ${where}) pgrst_c)::text`
        : 'null::text';
      sql = `select count(*)::int as page_total, ${total} as total, ${agg('pgrst_r.v')} as body
        from (select pgrst_t as v from ${call_} ${where} ${order}${limitSql(limit, offset)}) pgrst_r`;
    }
  }
  const reply = (n: number, total: string | null, body: string | null): Reply => {
    if (kind === 'void') return { status: 204, headers: { 'content-range': '*/*' } };
    const headers: Record<string, string> = { 'content-type': contentTypeOf(media) };
    if (kind === 'rows') {
      const counted = total === null ? undefined : Number(total);
      headers['content-range'] = contentRange(offset, n, counted);
      if (counted !== undefined && (n < counted || offset > 0)) {
        return { status: 206, headers, body: renderBody(media, body) };
      }
    }
    // A single value counts as one row when a count is asked for.
    if (kind !== 'rows' && counting) headers['content-range'] = '0-0/1';
    return { status: 200, headers, body: kind === 'rows' ? renderBody(media, body) : (body ?? 'null') };
  };
  try {
    const row = await rt.db.transaction(async (tx) => {
      await rt.prepare(tx, req, schema, auth.role, auth.claims, readOnly);
      const result = (
        await tx.query<{ page_total: number; total: string | null; body: string | null }>(sql, params.values)
      ).rows[0];
      const n = Number(result?.page_total ?? 0);
      if (singularRequested && kind === 'rows' && n !== 1) throw new Rollback(singularError(n));
      checkMaxAffected(n, maxAffected);
      // A rollback end: the function ran and answered, and nothing it wrote is kept.
      if (endsInRollback(rt.cache, prefer.get('tx'))) {
        throw new Rollback(reply(n, result?.total ?? null, result?.body ?? null));
      }
      return result;
    });
    return reply(Number(row?.page_total ?? 0), row?.total ?? null, row?.body ?? null);
  } catch (error) {
    if (error instanceof Rollback) {
      if (error.reply instanceof ApiError) throw error.reply;
      return error.reply;
    }
    throw error;
  }
}
