import type { ApiConfig } from '../config';
import type { Database } from '../db/engine';
import type { GatewayRequest, Reply } from '../gateway/http';
import type { JwtVerifier } from '../gateway/keys';
import { parseApiRequest } from './api-request';
import { ApiError, pgError, pgrstError, toApiError } from './errors';
import { planRelation } from './plan';
import { read } from './read';
import { errorReply } from './response';
import { rpc } from './rpc';
import type { Auth, RestRuntime } from './runtime';
import { SchemaCache } from './schema-cache';
import { mutate } from './write';

/** `/`: PostgREST's OpenAPI description (empty here: nothing reads it). */
const openApiReply = (): Reply => ({
  status: 200,
  headers: { 'content-type': 'application/openapi+json; charset=utf-8' },
  body: JSON.stringify({
    swagger: '2.0',
    info: { title: 'local PostgREST subset', version: 'local' },
    paths: {},
  }),
});

/**
 * The REST service, routed as PostgREST's App.hs: authenticate (its middleware), parse the request
 * (api-request.ts), then read / insert / update / delete a relation or call a function, each a pipeline of plan.ts,
 * query.ts, runtime.ts and response.ts. Each request runs in one transaction as the JWT's role with
 * PostgREST's request settings, so RLS and grants decide. JSON is built by Postgres and passed
 * through as text, so numbers and timestamps look exactly as PostgREST renders them.
 */
export interface RestContext {
  db: Database;
  api: ApiConfig;
  verifier: JwtVerifier;
  anonRole: string;
}

/**
 * PostgREST's authentication: no token is the anonymous role; a token must verify (PGRST301 /
 * PGRST303) and name a role the authenticator may become (42501 otherwise).
 */
function authenticator(ctx: RestContext): (req: GatewayRequest) => Promise<Auth> {
  let allowedRoles: Set<string> | undefined;

  async function roles(): Promise<Set<string>> {
    if (!allowedRoles) {
      const { rows } = await ctx.db.query<{ rolname: string }>(
        `select r.rolname from pg_auth_members m join pg_roles r on r.oid = m.roleid
         join pg_roles a on a.oid = m.member where a.rolname = 'authenticator'`,
      );
      allowedRoles = new Set(rows.map((r) => r.rolname));
      if (allowedRoles.size === 0) allowedRoles = new Set(['anon', 'authenticated', 'service_role']);
    }
    return allowedRoles;
  }

  return async function authenticate(req: GatewayRequest): Promise<Auth> {
    if (!req.bearer) return { role: ctx.anonRole, claims: { role: ctx.anonRole } };
    const result = await ctx.verifier.verify(req.bearer);
    if (!result.ok) {
      throw result.reason === 'expired'
        ? pgrstError.PGRST303(result.message)
        : pgrstError.PGRST301(result.message);
    }
    const role =
      typeof result.claims.role === 'string' && result.claims.role ? result.claims.role : ctx.anonRole;
    if (!(await roles()).has(role)) {
      throw pgError.cannotSetRole(role);
    }
    return { role, claims: { ...result.claims, role } };
  };
}

export function createRestService(ctx: RestContext): {
  handle: (req: GatewayRequest) => Promise<Reply>;
  cache: SchemaCache;
} {
  const { db, api } = ctx;
  const cache = new SchemaCache(db, api.schemas);
  const authenticate = authenticator(ctx);

  async function handle(req: GatewayRequest, retried = false): Promise<Reply> {
    let isAnon = true;
    try {
      // PostgREST's auth middleware runs before App.hs sees the request: a bad token answers 401 even
      // when the query string is malformed too.
      const auth = await authenticate(req);
      isAnon = auth.role === ctx.anonRole;
      const request = parseApiRequest(req, api.schemas);
      if (request.action === 'root') return openApiReply();
      const { target } = request;
      if (target.kind === 'function') return await rpc(rt, req, request, target.name, auth);
      if (target.kind !== 'relation') throw pgrstError.PGRST125();
      if (request.action === 'read') return await read(rt, req, request, target.name, auth);
      // OPTIONS reaches here only past the gateway's CORS answer: what PostgREST allows on a table.
      if (request.action === 'info') {
        await planRelation(cache, request.schema, target.name);
        return { status: 200, headers: { allow: 'OPTIONS,GET,HEAD,POST,PATCH,DELETE' } };
      }
      return await mutate(rt, req, request, target.name, auth);
    } catch (error) {
      // A column or relationship the cache does not know may have been added since: look again once.
      const stale = error instanceof ApiError && (error.code === '42703' || error.code === 'PGRST200');
      if (stale && !retried && (await cache.reloadIfStale())) {
        return handle(req, true);
      }
      return errorReply(toApiError(error, isAnon));
    }
  }

  const rt: RestRuntime = { db, api, cache };

  return { handle: (req: GatewayRequest) => handle(req), cache };
}
