import type { ApiConfig } from '../config';
import type { Database, Queryable } from '../db/engine';
import type { GatewayRequest, Reply } from '../gateway/http';
import type { JwtClaims, JwtVerifier } from '../gateway/keys';
import { ident } from './query';
import { checkStrictPreferences } from './request';
import { read } from './read';
import { ApiError, errorReply, pgErrorStatus } from './response';
import { rpc } from './rpc';
import type { RestRuntime } from './runtime';
import { SchemaCache, type RelationInfo } from './schema-cache';
import { insert, remove, update } from './write';

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

  async function requireRelation(schema: string, name: string): Promise<RelationInfo> {
    const rel = await cache.relation(schema, name);
    if (!rel) {
      throw new ApiError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`);
    }
    return rel;
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
      checkStrictPreferences(req.headers['prefer']);
      const auth = await authenticate(req);
      isAnon = auth.role === ctx.anonRole;
      const rpcMatch = /^\/rpc\/([^/]+)$/.exec(req.path);
      if (rpcMatch) {
        if (!['GET', 'HEAD', 'POST'].includes(req.method))
          throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
        return await rpc(rt, req, schema, decodeURIComponent(rpcMatch[1] as string), auth);
      }
      const tableMatch = /^\/([^/]+)$/.exec(req.path);
      if (!tableMatch) throw new ApiError(404, 'PGRST125', `Invalid path specified in request URL`);
      const rel = await requireRelation(schema, decodeURIComponent(tableMatch[1] as string));
      switch (req.method) {
        case 'GET':
        case 'HEAD':
          return await read(rt, req, schema, rel, auth);
        case 'POST':
          return await insert(rt, req, schema, rel, auth);
        case 'PATCH':
          return await update(rt, req, schema, rel, auth);
        case 'DELETE':
          return await remove(rt, req, schema, rel, auth);
        default:
          throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
      }
    } catch (error) {
      // A column or relationship the cache does not know may have been added since: look again once.
      const stale = error instanceof ApiError && (error.code === '42703' || error.code === 'PGRST200');
      if (stale && !retried && (await cache.reloadIfStale())) {
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

  const rt: RestRuntime = { db, api, cache, prepare };

  return { handle: (req: GatewayRequest) => handle(req), cache };
}
