/**
 * What the REST handlers share: the database, the API settings, the schema cache and PostgREST's
 * per-request transaction setup, plus the small request helpers every handler uses.
 */
import type { ApiConfig } from '../config';
import type { Database, Queryable } from '../db/engine';
import type { GatewayRequest, Reply } from '../gateway/http';
import type { JwtClaims } from '../gateway/keys';
import { checkScopes, planRead, type ReadNode } from './plan';
import { parseScopedParams, parseSelect } from './request';
import { acceptedMediaType, ApiError, type MediaType } from './response';
import type { RelationInfo, SchemaCache } from './schema-cache';

export type Auth = { role: string; claims: JwtClaims };

export interface RestRuntime {
  db: Database;
  api: ApiConfig;
  cache: SchemaCache;
  /** PostgREST's per-request settings (role, claims, search_path, request.*), transaction-local. */
  prepare(
    tx: Queryable,
    req: GatewayRequest,
    schema: string,
    role: string,
    claims: JwtClaims,
    readOnly: boolean,
  ): Promise<void>;
}

/** A rollback carrying the reply to send (singular violations, tx=rollback). */
export class Rollback extends Error {
  constructor(readonly reply: Reply | ApiError) {
    super('rollback');
  }
}

/** Prefer: handling=strict, max-affected=N (PGRST124 rolls the transaction back). */
export function checkMaxAffected(n: number, maxAffected: number): void {
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
export function rangeHeader(
  value: string | undefined,
): { offset: number; limit: number | undefined } | undefined {
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

export function mediaOf(req: GatewayRequest): MediaType {
  return acceptedMediaType(req.headers['accept']);
}

/**
 * Embedded resources one request may have on PGlite. Postgres plans each embed as a lateral
 * subquery and planning time grows steeply with their number (measured on PGlite: 20 embeds
 * 0.35 s, 40 embeds 2.8 s, 300 exhausted its memory and killed the database). Hosted Supabase has
 * no such cap: there statement_timeout (anon 3 s) cancels the request and other connections carry
 * on. PGlite is one connection that cannot cancel a running statement, so the request is refused
 * before it runs, with the error hosted would give when the timeout fires.
 */
export const PGLITE_MAX_EMBEDS = 25;

function embedCount(node: ReadNode): number {
  return node.embeds.reduce((n, e) => n + 1 + embedCount(e.node), 0);
}

/** The plan of a request's select over `rel`, with per-embed parameters checked. */
export function planRequest(
  rt: Pick<RestRuntime, 'cache' | 'db'>,
  req: GatewayRequest,
  rel: RelationInfo,
  skip?: (key: string) => boolean,
): ReadNode {
  const scopes = parseScopedParams(req.query, skip);
  const root = planRead({ cache: rt.cache, scopes }, rel, parseSelect(req.query.get('select')));
  checkScopes(root, scopes);
  const embeds = embedCount(root);
  if (rt.db.kind === 'pglite' && embeds > PGLITE_MAX_EMBEDS) {
    throw new ApiError(
      500,
      '57014',
      'canceling statement due to statement timeout',
      `The select embeds ${embeds} resources; the local server on PGlite refuses more than ${PGLITE_MAX_EMBEDS} up front because it cannot cancel a running statement (hosted cancels it at the role's statement_timeout).`,
      'Embed fewer resources per request, or split the request.',
    );
  }
  return root;
}

/** The JSON body of a write or a POST call (PGRST107 / PGRST102 for what is not JSON). */
export function parseJsonBody(req: GatewayRequest): unknown {
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
