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

/** The plan of a request's select over `rel`, with per-embed parameters checked. */
export function planRequest(
  cache: SchemaCache,
  req: GatewayRequest,
  rel: RelationInfo,
  skip?: (key: string) => boolean,
): ReadNode {
  const scopes = parseScopedParams(req.query, skip);
  const root = planRead({ cache, scopes }, rel, parseSelect(req.query.get('select')));
  checkScopes(root, scopes);
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
