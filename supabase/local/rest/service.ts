import type { ApiConfig } from '../config';
import type { Database, Queryable } from '../db/engine';
import type { GatewayRequest, Reply } from '../gateway/http';
import type { JwtClaims, JwtVerifier } from '../gateway/keys';
import {
  ApiError,
  parseColumnsParam,
  parseFilter,
  parseLogic,
  parseNonNegativeInt,
  parseOrder,
  parsePrefer,
  parseSelect,
  type ColumnRef,
  type Condition,
  type Filter,
  type OrderTerm,
  type SelectItem,
} from './parse';
import { SchemaCache, type ColumnInfo, type FunctionInfo, type RelationInfo } from './schema-cache';

/**
 * The PostgREST subset supabase-js uses (protocol §5). Each request runs in one transaction as the
 * JWT's role with PostgREST's request settings, so RLS and grants decide; every value is a bound
 * parameter and every identifier comes from the catalog. JSON is built by Postgres and passed through
 * as text, so numbers and timestamps look exactly as PostgREST renders them.
 */
export interface RestContext {
  db: Database;
  api: ApiConfig;
  verifier: JwtVerifier;
  anonRole: string;
}

// Query keys that are never filters (`apikey` is how a browser link may pass the key to Kong).
const RESERVED = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'columns',
  'on_conflict',
  'and',
  'or',
  'not.and',
  'not.or',
  'apikey',
]);
const JSON_CT = 'application/json; charset=utf-8';
const OBJECT_MT = 'application/vnd.pgrst.object+json';

export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Collects bound parameters while SQL text is assembled. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A rollback carrying the reply to send (singular violations, tx=rollback). */
class Rollback extends Error {
  constructor(readonly reply: Reply | ApiError) {
    super('rollback');
  }
}

export interface Target {
  /** Columns that names must resolve against, when known. */
  columns: Map<string, ColumnInfo> | undefined;
  label: string;
}

function missingColumn(target: Target, name: string): ApiError {
  return new ApiError(400, '42703', `column ${target.label}.${name} does not exist`, null, null);
}

function columnSql(target: Target, ref: ColumnRef, params: Params, alias = 'pgrst_t'): string {
  if (target.columns && !target.columns.has(ref.name)) throw missingColumn(target, ref.name);
  let sql = `${alias}.${ident(ref.name)}`;
  for (const step of ref.path) {
    const key = /^-?\d+$/.test(step.key) ? step.key : `${params.add(step.key)}::text`;
    sql = `(${sql}${step.arrow}${key})`;
  }
  return sql;
}

const COMPARE: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
const PATTERN: Record<string, string> = { like: 'like', ilike: 'ilike', match: '~', imatch: '~*' };
const RANGE: Record<string, string> = {
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxl: '&<',
  nxr: '&>',
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
    const list = (f.list ?? []).map((v) =>
      f.op in PATTERN && (f.op === 'like' || f.op === 'ilike') ? v.replace(/\*/g, '%') : v,
    );
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
  } else throw new ApiError(400, 'PGRST100', `"failed to parse filter" unknown operator ${f.op}`);
  return f.negate ? `not (${sql})` : sql;
}

function conditionSql(target: Target, c: Condition, params: Params, alias = 'pgrst_t'): string {
  if (c.type === 'filter') return filterSql(target, c, params, alias);
  const inner = c.children
    .map((child) => `(${conditionSql(target, child, params, alias)})`)
    .join(` ${c.op} `);
  return c.negate ? `not (${inner})` : `(${inner})`;
}

function orderSql(target: Target, terms: OrderTerm[], params: Params): string {
  return terms
    .map((t) => {
      let sql = columnSql(target, t.column, params);
      if (t.direction) sql += ` ${t.direction}`;
      if (t.nulls) sql += ` nulls ${t.nulls}`;
      return sql;
    })
    .join(', ');
}

async function selectListSql(
  cache: SchemaCache,
  target: Target,
  items: SelectItem[],
  params: Params,
  alias = 'pgrst_t',
): Promise<string> {
  const parts: string[] = [];
  for (const item of items) {
    if (item.kind === 'star') {
      parts.push(`${alias}.*`);
      continue;
    }
    const ref = item.column as ColumnRef;
    let sql = columnSql(target, ref, params, alias);
    if (item.cast) {
      const type = await cache.castType(item.cast);
      if (!type) {
        throw new ApiError(400, '42704', `type "${item.cast}" does not exist`, null, null);
      }
      sql = `(${sql})::${type}`;
    }
    const name = item.alias ?? (ref.path.length ? (ref.path[ref.path.length - 1]?.key as string) : ref.name);
    parts.push(`${sql} as ${ident(name)}`);
  }
  return parts.join(', ');
}

function pgErrorStatus(code: string, isAnon: boolean): number {
  if (code === '42501') return isAnon ? 401 : 403;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  if (code === '23505' || code === '23503') return 409;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '25006') return 405;
  if (code === '53400') return 500;
  if (code.startsWith('08') || code.startsWith('53')) return 503;
  if (
    code === '42P17' ||
    code.startsWith('40') ||
    code.startsWith('XX') ||
    (code.startsWith('P0') && code !== 'P0001')
  ) {
    return 500;
  }
  return 400;
}

function errorReply(error: ApiError): Reply {
  return {
    status: error.status,
    headers: { 'content-type': JSON_CT, ...error.headers },
    body: JSON.stringify({
      code: error.code,
      details: error.details,
      hint: error.hint,
      message: error.message,
    }),
  };
}

function collectConditions(
  query: URLSearchParams,
  skip: (key: string) => boolean = () => false,
): Condition[] {
  const conditions: Condition[] = [];
  for (const [key, value] of query) {
    if (key === 'or' || key === 'and' || key === 'not.or' || key === 'not.and') {
      conditions.push(parseLogic(key.endsWith('or') ? 'or' : 'and', key.startsWith('not.'), value));
      continue;
    }
    if (RESERVED.has(key) || skip(key)) continue;
    if (
      /\.(or|and|order|limit|offset|select)$/.test(key) ||
      (key.includes('.') && !key.startsWith('"') && !key.includes('->'))
    ) {
      throw new ApiError(
        400,
        'PGRST100',
        `"failed to parse filter" on "${key}": embedded resources are not supported`,
      );
    }
    conditions.push(parseFilter(key, value));
  }
  return conditions;
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
    await tx.query(
      `select set_config('search_path', $1, true), set_config('role', $2, true),
         set_config('request.jwt.claims', $3, true), set_config('request.method', $4, true),
         set_config('request.path', $5, true), set_config('request.headers', $6, true),
         set_config('request.cookies', $7, true), set_config('transaction_read_only', $8, true)`,
      [
        searchPath,
        role,
        JSON.stringify(claims),
        req.method,
        req.path,
        JSON.stringify(headers),
        JSON.stringify(cookies),
        readOnly ? 'on' : 'off',
      ],
    );
  }

  function wantsObject(req: GatewayRequest): boolean {
    return (req.headers['accept'] ?? '').includes(OBJECT_MT);
  }

  function contentType(req: GatewayRequest): string {
    return wantsObject(req) ? `${OBJECT_MT}; charset=utf-8` : JSON_CT;
  }

  function singularError(n: number): ApiError {
    return new ApiError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${n} rows`,
    );
  }

  async function requireRelation(schema: string, name: string): Promise<RelationInfo> {
    const rel = await cache.relation(schema, name);
    if (!rel) {
      throw new ApiError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`);
    }
    return rel;
  }

  async function read(
    req: GatewayRequest,
    schema: string,
    rel: RelationInfo,
    auth: { role: string; claims: JwtClaims },
  ): Promise<Reply> {
    const prefer = parsePrefer(req.headers['prefer']);
    const target: Target = { columns: rel.columns, label: rel.name };
    const params = new Params();
    const items = parseSelect(req.query.get('select'));
    const selectSql = await selectListSql(cache, target, items, params);
    const conditions = collectConditions(req.query);
    const where = conditions.length
      ? `where ${conditions.map((c) => conditionSql(target, c, params)).join(' and ')}`
      : '';
    const orderParam = req.query.get('order');
    const order = orderParam ? `order by ${orderSql(target, parseOrder(orderParam), params)}` : '';
    const offset = parseNonNegativeInt('offset', req.query.get('offset')) ?? 0;
    const requestedLimit = parseNonNegativeInt('limit', req.query.get('limit'));
    const limit = Math.min(requestedLimit ?? api.maxRows, api.maxRows);
    const counting = prefer.has('count');
    const from = `${ident(schema)}.${ident(rel.name)} pgrst_t`;
    const singular = wantsObject(req);
    const sql = `with pgrst_source as (select ${selectSql} from ${from} ${where} ${order} limit ${limit} offset ${offset})
      select ${counting ? `(select count(*) from ${from} ${where})::text` : 'null::text'} as total,
        count(*)::int as page_total,
        ${singular ? `(json_agg(pgrst_source) -> 0)::text` : `coalesce(json_agg(pgrst_source), '[]')::text`} as body
      from pgrst_source`;
    const row = await db.transaction(async (tx) => {
      await prepare(tx, req, schema, auth.role, auth.claims, true);
      return (
        await tx.query<{ total: string | null; page_total: number; body: string | null }>(sql, params.values)
      ).rows[0];
    });
    const pageTotal = Number(row?.page_total ?? 0);
    const total = row?.total === null || row?.total === undefined ? undefined : Number(row.total);
    if (singular && pageTotal !== 1) throw singularError(pageTotal);
    if (total !== undefined && offset > 0 && offset >= total && total > 0) {
      throw new ApiError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${offset} was requested, but there are only ${total} rows.`,
        null,
        {
          'content-range': `*/${total}`,
        },
      );
    }
    const range = pageTotal > 0 ? `${offset}-${offset + pageTotal - 1}/${total ?? '*'}` : `*/${total ?? '*'}`;
    const partial = total !== undefined && pageTotal < total;
    return {
      status: partial ? 206 : 200,
      headers: { 'content-type': contentType(req), 'content-range': range },
      body: row?.body ?? 'null',
    };
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

  /** Runs a mutation whose CTE is `pgrst_source` and answers as PostgREST does. */
  async function mutate(
    req: GatewayRequest,
    schema: string,
    target: Target,
    auth: { role: string; claims: JwtClaims },
    cte: string,
    params: Params,
    kind: 'insert' | 'update' | 'delete',
  ): Promise<Reply> {
    const prefer = parsePrefer(req.headers['prefer']);
    const representation = prefer.get('return') === 'representation';
    const singular = wantsObject(req);
    const items = parseSelect(req.query.get('select'));
    const selectSql = representation ? await selectListSql(cache, target, items, params) : '';
    // RETURNING only what the select list reads, as PostgREST does, so hidden columns do not fail it.
    const returning = items.some((i) => i.kind === 'star')
      ? 'pgrst_t.*'
      : [...new Set(items.map((i) => (i.column as ColumnRef).name))]
          .map((c) => {
            if (target.columns && !target.columns.has(c)) throw missingColumn(target, c);
            return `pgrst_t.${ident(c)}`;
          })
          .join(', ');
    const sql = representation
      ? `with pgrst_source as (${cte} returning ${returning})
         select count(*)::int as page_total,
           ${singular ? `(json_agg(pgrst_r) -> 0)::text` : `coalesce(json_agg(pgrst_r), '[]')::text`} as body
         from (select ${selectSql} from pgrst_source pgrst_t) pgrst_r`
      : `with pgrst_source as (${cte} returning 1) select count(*)::int as page_total, null::text as body from pgrst_source`;
    const maxAffected = prefer.get('handling') === 'strict' ? Number(prefer.get('max-affected') ?? NaN) : NaN;
    try {
      const row = await db.transaction(async (tx) => {
        await prepare(tx, req, schema, auth.role, auth.claims, false);
        const result = (await tx.query<{ page_total: number; body: string | null }>(sql, params.values))
          .rows[0];
        const n = Number(result?.page_total ?? 0);
        if (singular && n !== 1) throw new Rollback(singularError(n));
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
        if (prefer.get('tx') === 'rollback') throw new Rollback(buildReply(n, result?.body ?? null));
        return result;
      });
      return buildReply(Number(row?.page_total ?? 0), row?.body ?? null);
    } catch (error) {
      if (error instanceof Rollback) {
        if (error.reply instanceof ApiError) throw error.reply;
        return error.reply;
      }
      throw error;
    }

    function buildReply(n: number, body: string | null): Reply {
      const counted = prefer.has('count') ? String(n) : '*';
      const headers: Record<string, string> = {
        'content-range': representation && n > 0 ? `0-${n - 1}/${counted}` : `*/${counted}`,
      };
      if (prefer.has('return')) headers['preference-applied'] = `return=${prefer.get('return')}`;
      if (representation) {
        return {
          status: kind === 'insert' ? 201 : 200,
          headers: { ...headers, 'content-type': contentType(req) },
          body: body ?? 'null',
        };
      }
      return { status: kind === 'insert' ? 201 : 204, headers };
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

  async function insert(
    req: GatewayRequest,
    schema: string,
    rel: RelationInfo,
    auth: { role: string; claims: JwtClaims },
  ): Promise<Reply> {
    const body = parseJsonBody(req);
    if (body === undefined || body === null || typeof body !== 'object') {
      throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
    }
    const rows = Array.isArray(body) ? body : [body];
    if (rows.some((r) => r === null || typeof r !== 'object' || Array.isArray(r))) {
      throw new ApiError(400, 'PGRST102', 'All object keys must match');
    }
    const columnsParam = req.query.get('columns');
    const keys = columnsParam
      ? parseColumnsParam(columnsParam)
      : [...new Set(rows.flatMap((r) => Object.keys(r as Record<string, unknown>)))];
    const fresh = await relationToWrite(schema, rel, keys);
    const target: Target = { columns: fresh.columns, label: rel.name };
    const params = new Params();
    const table = `${ident(schema)}.${ident(rel.name)}`;
    const cols = keys.map(ident).join(', ');
    const prefer = parsePrefer(req.headers['prefer']);
    let cte: string;
    if (keys.length === 0) {
      cte = `insert into ${table} as pgrst_t default values`;
      if (rows.length !== 1)
        throw new ApiError(400, 'PGRST102', 'Bulk insert of empty objects is not supported');
    } else {
      cte = `insert into ${table} as pgrst_t (${cols}) select ${cols} from json_populate_recordset(null::${table}, ${params.add(JSON.stringify(rows))}::json)`;
    }
    const resolution = prefer.get('resolution');
    if (resolution === 'merge-duplicates' || resolution === 'ignore-duplicates') {
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
    return mutate(req, schema, target, auth, cte, params, 'insert');
  }

  async function update(
    req: GatewayRequest,
    schema: string,
    rel: RelationInfo,
    auth: { role: string; claims: JwtClaims },
  ): Promise<Reply> {
    const body = parseJsonBody(req);
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
    }
    const keys = Object.keys(body);
    const fresh = await relationToWrite(schema, rel, keys);
    const target: Target = { columns: fresh.columns, label: rel.name };
    const params = new Params();
    const table = `${ident(schema)}.${ident(rel.name)}`;
    const conditions = collectConditions(req.query);
    const where = conditions.map((c) => conditionSql(target, c, params)).join(' and ');
    if (keys.length === 0) {
      // Nothing to set: PostgREST answers as if no row matched.
      const representation = parsePrefer(req.headers['prefer']).get('return') === 'representation';
      return representation
        ? { status: 200, headers: { 'content-type': contentType(req), 'content-range': '*/*' }, body: '[]' }
        : { status: 204, headers: { 'content-range': '*/*' } };
    }
    const bodyParam = params.add(JSON.stringify(body));
    const cte = `update ${table} as pgrst_t set ${keys.map((k) => `${ident(k)} = pgrst_body.${ident(k)}`).join(', ')}
      from (select * from json_populate_record(null::${table}, ${bodyParam}::json)) pgrst_body
      ${where ? `where ${where}` : ''}`;
    return mutate(req, schema, target, auth, cte, params, 'update');
  }

  async function remove(
    req: GatewayRequest,
    schema: string,
    rel: RelationInfo,
    auth: { role: string; claims: JwtClaims },
  ): Promise<Reply> {
    const target: Target = { columns: rel.columns, label: rel.name };
    const params = new Params();
    const conditions = collectConditions(req.query);
    const where = conditions.map((c) => conditionSql(target, c, params)).join(' and ');
    const cte = `delete from ${ident(schema)}.${ident(rel.name)} as pgrst_t ${where ? `where ${where}` : ''}`;
    return mutate(req, schema, target, auth, cte, params, 'delete');
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

  async function rpc(
    req: GatewayRequest,
    schema: string,
    name: string,
    auth: { role: string; claims: JwtClaims },
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
    const singularRequested = wantsObject(req);
    let sql: string;
    let kind: 'void' | 'scalar' | 'rows' | 'row';
    if (fn.returnsVoid) {
      kind = 'void';
      sql = `select ${call} is null as ok, 1 as page_total, null::text as body ${from}`;
    } else if (!fn.returnsSet && !fn.returnsComposite) {
      kind = 'scalar';
      sql = `select 1 as page_total, to_json(${call})::text as body ${from}`;
    } else {
      kind = fn.returnsSet ? 'rows' : 'row';
      const target: Target = { columns: fn.resultColumns, label: name };
      const conditions = collectConditions(req.query, (k) => isGet && fn.args.some((a) => a.name === k));
      const items = parseSelect(req.query.get('select'));
      const scalarSet = !fn.returnsComposite;
      if (scalarSet && items.some((i) => i.kind !== 'star')) {
        throw new ApiError(400, 'PGRST100', `"failed to parse select parameter": ${name} returns scalars`);
      }
      const selectSql = scalarSet ? 'pgrst_t' : await selectListSql(cache, target, items, params);
      const where = conditions.length
        ? `where ${conditions.map((c) => conditionSql(target, c, params)).join(' and ')}`
        : '';
      const orderParam = req.query.get('order');
      const order = orderParam ? `order by ${orderSql(target, parseOrder(orderParam), params)}` : '';
      const offset = parseNonNegativeInt('offset', req.query.get('offset')) ?? 0;
      const limit = Math.min(
        parseNonNegativeInt('limit', req.query.get('limit')) ?? api.maxRows,
        api.maxRows,
      );
      const source = from ? `${from}, lateral ${call} pgrst_t` : `from ${call} pgrst_t`;
      const agg =
        kind === 'row' || singularRequested
          ? `(json_agg(pgrst_r) -> 0)::text`
          : `coalesce(json_agg(pgrst_r), '[]')::text`;
      sql = `select count(*)::int as page_total, ${agg} as body
        from (select ${selectSql} ${source} ${where} ${order} limit ${limit} offset ${offset}) pgrst_r`;
      if (scalarSet) {
        sql = `select count(*)::int as page_total, ${agg.replace(/pgrst_r/g, 'pgrst_r.v')} as body
          from (select pgrst_t as v ${source} ${where} ${order} limit ${limit} offset ${offset}) pgrst_r`;
      }
    }
    const row = await db.transaction(async (tx) => {
      await prepare(tx, req, schema, auth.role, auth.claims, readOnly);
      return (await tx.query<{ page_total: number; body: string | null }>(sql, params.values)).rows[0];
    });
    if (kind === 'void') return { status: 204, headers: { 'content-range': '*/*' } };
    const n = Number(row?.page_total ?? 0);
    if (singularRequested && kind === 'rows' && n !== 1) throw singularError(n);
    const headers: Record<string, string> = { 'content-type': contentType(req) };
    if (kind === 'rows') headers['content-range'] = n > 0 ? `0-${n - 1}/*` : '*/*';
    return { status: 200, headers, body: row?.body ?? 'null' };
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
            pgErrorStatus(pg.code, isAnon),
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
