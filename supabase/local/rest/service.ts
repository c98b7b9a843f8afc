import type { ApiConfig } from '../config';
import type { Database, Queryable } from '../db/engine';
import type { GatewayRequest, Reply } from '../gateway/http';
import type { JwtClaims, JwtVerifier } from '../gateway/keys';
import { checkScopes, planRead, type ReadNode } from './plan';
import {
  assembleSelect,
  conditionSql,
  ident,
  limitSql,
  missingColumn,
  nodeSql,
  orderSql,
  Params,
  selectListSql,
  tableSql,
  type Target,
} from './query';
import { parseColumnsParam, parsePrefer, parseScopedParams, parseSelect, type ColumnRef } from './request';
import {
  acceptedMediaType,
  ApiError,
  contentRange,
  contentTypeOf,
  errorReply,
  pgErrorStatus,
  renderBody,
  singularError,
  type MediaType,
} from './response';
import { SchemaCache, type FunctionInfo, type RelationInfo } from './schema-cache';

/**
 * The REST service, routed as PostgREST is: authenticate, pick the schema, then read / insert / update /
 * delete a relation or call a function. Each request runs in one transaction as the JWT's role with
 * PostgREST's request settings, so RLS and grants decide. Parsing lives in request.ts, the plan
 * (relationships, embeds, aggregates) in plan.ts, SQL in query.ts and response shaping in response.ts.
 * JSON is built by Postgres and passed through as text, so numbers and timestamps look exactly as
 * PostgREST renders them.
 */
export interface RestContext {
  db: Database;
  api: ApiConfig;
  verifier: JwtVerifier;
  anonRole: string;
}

/** A rollback carrying the reply to send (singular violations, tx=rollback). */
class Rollback extends Error {
  constructor(readonly reply: Reply | ApiError) {
    super('rollback');
  }
}

type Auth = { role: string; claims: JwtClaims };

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

/** Prefer: handling=strict, max-affected=N (PGRST124 rolls the transaction back). */
function checkMaxAffected(n: number, maxAffected: number): void {
  if (Number.isFinite(maxAffected) && n > maxAffected) {
    throw new Rollback(
      new ApiError(
        400,
        'PGRST124',
        'Query result exceeds max-affected preference constraint',
        `The query affects ${n} rows`,
      ),
    );
  }
}

/** `Range: 0-9` (PostgREST's Range-Unit items) as offset and limit. */
function rangeHeader(value: string | undefined): { offset: number; limit: number | undefined } | undefined {
  const m = /^(?:items=)?(\d+)-(\d*)$/.exec((value ?? '').trim());
  if (!m) return undefined;
  const from = Number(m[1]);
  const to = m[2] === '' ? undefined : Number(m[2]);
  if (to !== undefined && to < from) {
    throw new ApiError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  }
  return { offset: from, limit: to === undefined ? undefined : to - from + 1 };
}

export function createRestService(ctx: RestContext): {
  handle: (req: GatewayRequest) => Promise<Reply>;
  cache: SchemaCache;
} {
  const { db, api } = ctx;
  const cache = new SchemaCache(db, api.schemas);
  let allowedRoles: Set<string> | undefined;

  async function roles(): Promise<Set<string>> {
    if (!allowedRoles) {
      const { rows } = await db.query<{ rolname: string }>(
        `select r.rolname from pg_auth_members m join pg_roles r on r.oid = m.roleid
         join pg_roles a on a.oid = m.member where a.rolname = 'authenticator'`,
      );
      allowedRoles = new Set(rows.map((r) => r.rolname));
      if (allowedRoles.size === 0) allowedRoles = new Set(['anon', 'authenticated', 'service_role']);
    }
    return allowedRoles;
  }

  async function authenticate(req: GatewayRequest): Promise<{ role: string; claims: JwtClaims }> {
    if (!req.bearer) return { role: ctx.anonRole, claims: { role: ctx.anonRole } };
    const result = await ctx.verifier.verify(req.bearer);
    if (!result.ok) {
      const code = result.reason === 'expired' ? 'PGRST303' : 'PGRST301';
      throw new ApiError(401, code, result.message, null, null, {
        'www-authenticate': `Bearer error="invalid_token", error_description="${result.message}"`,
      });
    }
    const role =
      typeof result.claims.role === 'string' && result.claims.role ? result.claims.role : ctx.anonRole;
    if (!(await roles()).has(role)) {
      throw new ApiError(401, '42501', `permission denied to set role "${role}"`);
    }
    return { role, claims: { ...result.claims, role } };
  }

  function schemaFor(req: GatewayRequest): string {
    const write = !['GET', 'HEAD'].includes(req.method);
    const requested =
      (write ? req.headers['content-profile'] : req.headers['accept-profile']) ?? api.schemas[0] ?? 'public';
    if (!api.schemas.includes(requested)) {
      throw new ApiError(
        406,
        'PGRST106',
        `Invalid schema: ${requested}`,
        null,
        `Only the following schemas are exposed: ${api.schemas.join(', ')}`,
      );
    }
    return requested;
  }

  /**
   * PostgREST's per-request settings, all transaction-local (protocol §5.3 point 4), in one round trip.
   * Switching a transaction to read-only is allowed at any point, so it rides along.
   */
  async function prepare(
    tx: Queryable,
    req: GatewayRequest,
    schema: string,
    role: string,
    claims: JwtClaims,
    readOnly: boolean,
  ): Promise<void> {
    const searchPath = [schema, ...api.extraSearchPath.filter((s) => s !== schema)].map(ident).join(', ');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) headers[k] = v;
    const cookies: Record<string, string> = {};
    for (const part of (req.headers['cookie'] ?? '').split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0) cookies[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
    }
    // The role's own `alter role … set` settings (statement_timeout and the like) apply first, as in PostgREST.
    const values: unknown[] = [
      searchPath,
      role,
      JSON.stringify(claims),
      req.method,
      req.path,
      JSON.stringify(headers),
      JSON.stringify(cookies),
      readOnly ? 'on' : 'off',
    ];
    const roleSettings = cache.roleSettings(role).map(([name, value]) => {
      values.push(name, value);
      return `set_config($${values.length - 1}, $${values.length}, true)`;
    });
    await tx.query(
      `select ${[...roleSettings, ''].join(', ')}set_config('search_path', $1, true), set_config('role', $2, true),
         set_config('request.jwt.claims', $3, true), set_config('request.method', $4, true),
         set_config('request.path', $5, true), set_config('request.headers', $6, true),
         set_config('request.cookies', $7, true), set_config('transaction_read_only', $8, true)`,
      values,
    );
  }

  function mediaOf(req: GatewayRequest): MediaType {
    return acceptedMediaType(req.headers['accept']);
  }

  async function requireRelation(schema: string, name: string): Promise<RelationInfo> {
    const rel = await cache.relation(schema, name);
    if (!rel) {
      throw new ApiError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`);
    }
    return rel;
  }

  /** The plan of a request's select over `rel`, with per-embed parameters checked. */
  function plan(req: GatewayRequest, rel: RelationInfo, skip?: (key: string) => boolean): ReadNode {
    const scopes = parseScopedParams(req.query, skip);
    const root = planRead({ cache, scopes }, rel, parseSelect(req.query.get('select')));
    checkScopes(root, scopes);
    return root;
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

  async function read(req: GatewayRequest, schema: string, rel: RelationInfo, auth: Auth): Promise<Reply> {
    const prefer = parsePrefer(req.headers['prefer']);
    const root = plan(req, rel);
    const params = new Params();
    const pieces = await nodeSql(cache, root, params);
    const range = rangeHeader(req.headers['range']);
    const offset = root.offset ?? range?.offset ?? 0;
    const requestedLimit = root.limit ?? range?.limit;
    const limit = Math.min(requestedLimit ?? api.maxRows, api.maxRows);
    const media = mediaOf(req);
    const singular = media === 'object';
    const counting = prefer.get('count');
    const unpaged = assembleSelect({ ...pieces, order: '' });
    const sql = `with pgrst_source as (${assembleSelect(pieces, [], limitSql(limit, offset))})
      select ${counting === 'exact' ? `(select count(*) from (${unpaged}) pgrst_c)::text` : counting === 'estimated' ? `(select count(*) from (${unpaged} limit ${api.maxRows + 1}) pgrst_c)::text` : 'null::text'} as total,
        count(*)::int as page_total,
        ${bodySql(media)} as body
      from pgrst_source`;
    const explain = explainRequest(req.headers['accept']);
    if (explain) {
      return db.transaction(async (tx) => {
        // Hosted Postgres loads pg_stat_statements, so a verbose plan carries a query identifier.
        if (explain.options.includes('verbose'))
          await tx.query(`select set_config('compute_query_id', 'on', true)`);
        await prepare(tx, req, schema, auth.role, auth.claims, true);
        return explainReply(tx, explain, sql, params.values);
      });
    }
    const { row, planned } = await db.transaction(async (tx) => {
      await prepare(tx, req, schema, auth.role, auth.claims, true);
      const result = (
        await tx.query<{ total: string | null; page_total: number; body: string | null }>(sql, params.values)
      ).rows[0];
      // planned always, estimated past max-rows: the planner's row estimate, as PostgREST answers.
      const needPlan =
        counting === 'planned' || (counting === 'estimated' && Number(result?.total ?? 0) > api.maxRows);
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

  function parseJsonBody(req: GatewayRequest): unknown {
    const type = req.headers['content-type'] ?? 'application/json';
    if (!/json/i.test(type) && req.body.trim() !== '') {
      throw new ApiError(415, 'PGRST107', `Content-Type not acceptable: ${type}`);
    }
    if (req.body.trim() === '') return undefined;
    try {
      return JSON.parse(req.body) as unknown;
    } catch (error) {
      throw new ApiError(400, 'PGRST102', 'Empty or invalid json', (error as Error).message);
    }
  }

  /**
   * Runs a mutation (`cte`, with `pgrst_t` as the target's alias) and answers as PostgREST does:
   * representation through the same plan as a read (embeds included), singular and max-affected
   * checks, tx=rollback, and 201/200 for an upsert depending on whether a row was inserted.
   */
  async function mutate(
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
    const root = plan(req, rel);
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
      const pieces = await nodeSql(cache, root, params, 'pgrst_source pgrst_t');
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
      const row = await db.transaction(async (tx) => {
        await prepare(tx, req, schema, auth.role, auth.claims, false);
        const result = (
          await tx.query<{ page_total: number; inserted: number; body: string | null }>(sql, params.values)
        ).rows[0];
        const n = Number(result?.page_total ?? 0);
        if (singular && n !== 1) throw new Rollback(singularError(n));
        checkMaxAffected(n, maxAffected);
        if (prefer.get('tx') === 'rollback') {
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
        .filter((k) => prefer.has(k))
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
  async function relationToWrite(schema: string, rel: RelationInfo, keys: string[]): Promise<RelationInfo> {
    const fresh = (await cache.relationWithColumns(schema, rel.name, keys)) ?? rel;
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

  async function insert(req: GatewayRequest, schema: string, rel: RelationInfo, auth: Auth): Promise<Reply> {
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
    const fresh = await relationToWrite(schema, rel, keys);
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
    return mutate(req, schema, fresh, auth, cte, params, 'insert', upsert);
  }

  /** The WHERE of an update or delete; none at all is refused as hosted Supabase's pg-safeupdate does. */
  function mutationWhere(req: GatewayRequest, rel: RelationInfo, params: Params, verb: string): string {
    const scopes = parseScopedParams(req.query);
    const conditions = scopes.get('')?.conditions ?? [];
    if (conditions.length === 0) {
      throw new ApiError(400, '21000', `${verb} requires a WHERE clause`);
    }
    const target: Target = { columns: rel.columns, label: rel.name };
    return conditions.map((c) => conditionSql(target, c, params)).join(' and ');
  }

  async function update(req: GatewayRequest, schema: string, rel: RelationInfo, auth: Auth): Promise<Reply> {
    const body = parseJsonBody(req);
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
    }
    const keys = Object.keys(body);
    const fresh = await relationToWrite(schema, rel, keys);
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
    return mutate(req, schema, fresh, auth, cte, params, 'update');
  }

  async function remove(req: GatewayRequest, schema: string, rel: RelationInfo, auth: Auth): Promise<Reply> {
    const params = new Params();
    const where = mutationWhere(req, rel, params, 'DELETE');
    const cte = `delete from ${tableSql(rel)} as pgrst_t where ${where}`;
    return mutate(req, schema, rel, auth, cte, params, 'delete');
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

  async function rpc(req: GatewayRequest, schema: string, name: string, auth: Auth): Promise<Reply> {
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
    const candidates = await cache.functionsNamed(schema, name);
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
      const target: Target = { columns: fn.resultColumns, label: name };
      const scopes = parseScopedParams(req.query, (k) => isGet && fn.args.some((a) => a.name === k));
      const root = scopes.get('') ?? { conditions: [] };
      const items = parseSelect(req.query.get('select'));
      const scalarSet = !fn.returnsComposite;
      if (scalarSet && items.some((i) => i.kind !== 'star')) {
        throw new ApiError(400, 'PGRST100', `"failed to parse select parameter": ${name} returns scalars`);
      }
      if (items.some((i) => i.kind === 'embed')) {
        throw new ApiError(
          400,
          'PGRST127',
          'Feature not implemented',
          'Embedding from the result of a function is not supported by the local server',
        );
      }
      if (items.some((i) => i.kind === 'aggregate') && !cache.aggregatesEnabled) {
        throw new ApiError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
      }
      const list = scalarSet ? undefined : await selectListSql(cache, target, items, params);
      const selectSql = list ? list.parts.join(', ') : 'pgrst_t as v';
      const groupBy = list?.hasAggregate && list.groupBy.length ? `group by ${list.groupBy.join(', ')}` : '';
      const whereParts = root.conditions.map((c) => conditionSql(target, c, params));
      const where = whereParts.length ? `where ${whereParts.join(' and ')}` : '';
      const order = root.order?.length ? `order by ${orderSql(target, root.order, params)}` : '';
      const range = rangeHeader(req.headers['range']);
      offset = root.offset ?? range?.offset ?? 0;
      const limit = Math.min(root.limit ?? range?.limit ?? api.maxRows, api.maxRows);
      const source = from ? `${from}, lateral ${call} pgrst_t` : `from ${call} pgrst_t`;
      const rowRef = scalarSet ? 'pgrst_r.v' : 'pgrst_r';
      const agg =
        kind === 'row' || singularRequested
          ? `(json_agg(${rowRef}) -> 0)::text`
          : `coalesce(json_agg(${rowRef}), '[]')::text`;
      const total =
        counting === 'exact' || counting === 'estimated' || counting === 'planned'
          ? `(select count(*) from (select 1 ${source} ${where} ${groupBy}) pgrst_c)::text`
          : 'null::text';
      sql = `select count(*)::int as page_total, ${total} as total, ${agg} as body
        from (select ${selectSql} ${source} ${where} ${groupBy} ${order}${limitSql(limit, offset)}) pgrst_r`;
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
      const row = await db.transaction(async (tx) => {
        await prepare(tx, req, schema, auth.role, auth.claims, readOnly);
        const result = (
          await tx.query<{ page_total: number; total: string | null; body: string | null }>(
            sql,
            params.values,
          )
        ).rows[0];
        const n = Number(result?.page_total ?? 0);
        if (singularRequested && kind === 'rows' && n !== 1) throw new Rollback(singularError(n));
        checkMaxAffected(n, maxAffected);
        // tx=rollback: the function ran and answered, and nothing it wrote is kept.
        if (prefer.get('tx') === 'rollback') {
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

  async function handle(req: GatewayRequest, retried = false): Promise<Reply> {
    let isAnon = true;
    try {
      if (req.path === '/' || req.path === '') {
        return {
          status: 200,
          headers: { 'content-type': 'application/openapi+json; charset=utf-8' },
          body: JSON.stringify({
            swagger: '2.0',
            info: { title: 'local PostgREST subset', version: 'local' },
            paths: {},
          }),
        };
      }
      const schema = schemaFor(req);
      const auth = await authenticate(req);
      isAnon = auth.role === ctx.anonRole;
      const rpcMatch = /^\/rpc\/([^/]+)$/.exec(req.path);
      if (rpcMatch) {
        if (!['GET', 'HEAD', 'POST'].includes(req.method))
          throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
        return await rpc(req, schema, decodeURIComponent(rpcMatch[1] as string), auth);
      }
      const tableMatch = /^\/([^/]+)$/.exec(req.path);
      if (!tableMatch) throw new ApiError(404, 'PGRST125', `Invalid path specified in request URL`);
      const rel = await requireRelation(schema, decodeURIComponent(tableMatch[1] as string));
      switch (req.method) {
        case 'GET':
        case 'HEAD':
          return await read(req, schema, rel, auth);
        case 'POST':
          return await insert(req, schema, rel, auth);
        case 'PATCH':
          return await update(req, schema, rel, auth);
        case 'DELETE':
          return await remove(req, schema, rel, auth);
        default:
          throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
      }
    } catch (error) {
      // A column the cache does not know may have been added since: look again once.
      if (error instanceof ApiError && error.code === '42703' && !retried && (await cache.reloadIfStale())) {
        return handle(req, true);
      }
      if (error instanceof ApiError) return errorReply(error);
      const pg = error as { code?: unknown; message?: string; detail?: string; hint?: string };
      if (typeof pg.code === 'string' && /^[0-9A-Z]{5}$/.test(pg.code)) {
        return errorReply(
          new ApiError(
            pgErrorStatus(pg.code, pg.message ?? '', isAnon),
            pg.code,
            pg.message ?? 'error',
            pg.detail ?? null,
            pg.hint ?? null,
          ),
        );
      }
      console.error('[local-supabase] rest error:', error);
      return errorReply(new ApiError(500, 'PGRST000', (error as Error).message ?? 'Internal error'));
    }
  }

  return { handle: (req: GatewayRequest) => handle(req), cache };
}
