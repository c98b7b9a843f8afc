/**
 * The request, parsed once, as PostgREST's `ApiRequest.hs` does: what is asked (action and target),
 * the query grammar (select tree, filters and logic trees per embed, order, limit/offset), the Range
 * header, the typed Prefer preferences, the media types (Accept and Content-Type, explain) and the
 * JSON payload. Nothing here reads the schema cache or the database: names are resolved by the plan.
 */
import type { GatewayRequest } from '../gateway/http';
import { ApiError, pgrstError } from './errors';
import { parsePreferences, type Preferences } from './preferences';
import {
  parseColumnsParam,
  parseFilter,
  parseScopedParams,
  parseSelect,
  splitKey,
  type Filter,
  type ScopedParams,
  type SelectItem,
} from './request';

export type Action =
  /** GET / HEAD on a table or view. */
  | 'read'
  | 'insert'
  /** POST with `Prefer: resolution=…`. */
  | 'upsert'
  | 'update'
  | 'delete'
  /** /rpc/<name> by GET, HEAD or POST. */
  | 'call'
  /** OPTIONS on a table or view. */
  | 'info'
  /** `/`: the OpenAPI description. */
  | 'root';

export type Target =
  { kind: 'relation'; name: string } | { kind: 'function'; name: string } | { kind: 'root' };

/** The representation a request asked for with Accept. */
export type MediaType = 'json' | 'object' | 'csv';

export const OBJECT_MT = 'application/vnd.pgrst.object+json';
export const CSV_MT = 'text/csv';

/** `Accept: application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose` (supabase-js explain()). */
export interface ExplainRequest {
  format: 'json' | 'text';
  options: string[];
  /** The plan media type as written (the first Accept entry), for the answer and PGRST107. */
  accept: string;
  /** The representation the plan is for (`for="…"`). */
  for: string;
}

/** A query key of a GET call that may be an argument of the function or a filter on its result. */
export interface CallParam {
  key: string;
  value: string;
  /** The key as a filter on the result, or why it is not one (thrown only if it is no argument). */
  filter: Filter | ApiError;
}

/** The rows of an insert: the keys written (`?columns=` or the objects' common keys) and the rows. */
export interface InsertPayload {
  keys: string[];
  rows: Array<Record<string, unknown>>;
}

export interface ApiRequest {
  action: Action;
  /** HEAD: the answer without its body. */
  headersOnly: boolean;
  target: Target;
  /** The exposed schema asked for (Accept-Profile / Content-Profile). */
  schema: string;
  select: SelectItem[];
  /** Filters, logic trees, order, limit and offset by the embed path they address ('' = root). */
  scopes: Map<string, ScopedParams>;
  /** GET / HEAD calls: root keys that are arguments or filters, decided once the function is known. */
  callParams: CallParam[];
  /** The Range header as offset and limit. */
  range: { offset: number; limit: number | undefined } | undefined;
  preferences: Preferences;
  media: MediaType;
  explain: ExplainRequest | undefined;
  /** insert / upsert. */
  insert: InsertPayload | undefined;
  /** update: the object of new values. */
  update: Record<string, unknown> | undefined;
  /** POST calls: the body (named arguments, or the value of a single unnamed json parameter). */
  callBody: Record<string, unknown> | undefined;
  /** `?on_conflict=` of an upsert. */
  onConflict: string[] | undefined;
}

/** Media types this server can produce (PostgREST's, without PostGIS's GeoJSON). */
const PRODUCIBLE = [
  'application/json',
  OBJECT_MT,
  CSV_MT,
  'application/vnd.pgrst.plan',
  'application/openapi+json',
  '*/*',
  'application/*',
  'text/*',
];

export function acceptedMediaType(accept: string | undefined): MediaType {
  const value = accept ?? '';
  if (value.includes(OBJECT_MT)) return 'object';
  if (value.includes(CSV_MT)) return 'csv';
  const wanted = value
    .split(',')
    .map((t) => t.split(';')[0]?.trim().toLowerCase() ?? '')
    .filter((t) => t !== '');
  if (wanted.length && !wanted.some((t) => PRODUCIBLE.some((p) => t.startsWith(p)))) {
    throw pgrstError.PGRST107(wanted.join(', '));
  }
  return 'json';
}

export function parseExplain(accept: string | undefined): ExplainRequest | undefined {
  const m = /application\/vnd\.pgrst\.plan(\+json|\+text)?/.exec(accept ?? '');
  if (!m) return undefined;
  const options = /options=([a-z|]+)/.exec(accept ?? '')?.[1]?.split('|') ?? [];
  const allowed = ['analyze', 'verbose', 'settings', 'buffers', 'wal'];
  const first = (accept ?? '').split(',')[0]?.trim() ?? '';
  return {
    format: m[1] === '+json' ? 'json' : 'text',
    options: options.filter((o) => allowed.includes(o)),
    accept: first,
    for: /for="([^"]+)"/.exec(first)?.[1] ?? 'application/json',
  };
}

/** `Range: 0-9` (PostgREST's Range-Unit items) as offset and limit; anything else is no range. */
export function parseRange(value: string | undefined): ApiRequest['range'] {
  const m = /^(?:items=)?(\d+)-(\d*)$/.exec((value ?? '').trim());
  if (!m) return undefined;
  const from = Number(m[1]);
  const to = m[2] === '' ? undefined : Number(m[2]);
  if (to !== undefined && to < from) {
    throw pgrstError.PGRST103(
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  }
  return { offset: from, limit: to === undefined ? undefined : to - from + 1 };
}

/** The JSON body (PGRST107 for a Content-Type that is not JSON, PGRST102 for what does not parse). */
export function parseJsonPayload(contentType: string | undefined, body: string): unknown {
  const type = contentType ?? 'application/json';
  if (!/json/i.test(type) && body.trim() !== '') throw pgrstError.PGRST107ContentType(type);
  if (body.trim() === '') return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch (error) {
    throw pgrstError.PGRST102('Empty or invalid json', (error as Error).message);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function insertPayload(body: unknown, columnsParam: string | null): InsertPayload {
  if (body === undefined || body === null || typeof body !== 'object') throw pgrstError.PGRST102();
  const rows = (Array.isArray(body) ? body : [body]) as unknown[];
  if (!rows.every(isObject)) throw pgrstError.PGRST102('All object keys must match');
  if (columnsParam) return { keys: parseColumnsParam(columnsParam), rows };
  // Without ?columns= every object must carry the same keys (PostgREST's PGRST102).
  const keys = Object.keys(rows[0] ?? {});
  const signature = [...keys].sort().join('\u0000');
  if (rows.some((r) => Object.keys(r).sort().join('\u0000') !== signature)) {
    throw pgrstError.PGRST102('All object keys must match');
  }
  if (keys.length === 0 && rows.length !== 1) {
    throw pgrstError.PGRST102('Bulk insert of empty objects is not supported');
  }
  return { keys, rows };
}

function targetOf(path: string): Target {
  if (path === '/' || path === '') return { kind: 'root' };
  const rpc = /^\/rpc\/([^/]+)$/.exec(path);
  if (rpc) return { kind: 'function', name: decodeURIComponent(rpc[1] as string) };
  const table = /^\/([^/]+)$/.exec(path);
  if (!table) throw pgrstError.PGRST125();
  return { kind: 'relation', name: decodeURIComponent(table[1] as string) };
}

function actionOf(method: string, target: Target, prefs: Preferences): Action {
  if (target.kind === 'root') return 'root';
  if (target.kind === 'function') {
    if (['GET', 'HEAD', 'POST'].includes(method)) return 'call';
    throw pgrstError.PGRST117(method);
  }
  switch (method) {
    case 'GET':
    case 'HEAD':
      return 'read';
    case 'POST':
      return prefs.resolution ? 'upsert' : 'insert';
    case 'PATCH':
      return 'update';
    case 'DELETE':
      return 'delete';
    case 'OPTIONS':
      return 'info';
    default:
      throw pgrstError.PGRST117(method);
  }
}

function schemaOf(req: GatewayRequest, schemas: string[]): string {
  const write = !['GET', 'HEAD'].includes(req.method);
  const requested =
    (write ? req.headers['content-profile'] : req.headers['accept-profile']) ?? schemas[0] ?? 'public';
  if (!schemas.includes(requested)) throw pgrstError.PGRST106(requested, schemas);
  return requested;
}

const NOT_ARGUMENTS = new Set(['order', 'limit', 'offset', 'or', 'and']);

/**
 * The query's filters, order and pages by embed path. A GET call's root keys may be the function's
 * arguments: they are kept aside, each with its reading as a filter, until the plan knows the function.
 */
function queryOf(req: GatewayRequest, readCall: boolean): Pick<ApiRequest, 'scopes' | 'callParams'> {
  const callParams: CallParam[] = [];
  const asCallParam = (key: string): boolean => {
    if (!readCall || NOT_ARGUMENTS.has(key) || splitKey(key).length !== 1) return false;
    const value = req.query.get(key) ?? '';
    let filter: Filter | ApiError;
    try {
      filter = parseFilter(key, value);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      filter = error;
    }
    callParams.push({ key, value, filter });
    return true;
  };
  return { scopes: parseScopedParams(req.query, asCallParam), callParams };
}

/** The body, as the action needs it: rows to insert, values to set, or a call's arguments. */
function payloadOf(req: GatewayRequest, action: Action): Pick<ApiRequest, 'insert' | 'update' | 'callBody'> {
  const none = { insert: undefined, update: undefined, callBody: undefined };
  const read = (): unknown => parseJsonPayload(req.headers['content-type'], req.body);
  if (action === 'insert' || action === 'upsert') {
    return { ...none, insert: insertPayload(read(), req.query.get('columns')) };
  }
  if (action === 'update') {
    const body = read();
    if (!isObject(body)) throw pgrstError.PGRST102();
    return { ...none, update: body };
  }
  if (action === 'call' && req.method === 'POST') {
    const body = read();
    if (body !== undefined && !isObject(body)) throw pgrstError.PGRST102();
    return { ...none, callBody: body };
  }
  return none;
}

/** The whole request as data; every malformed part is refused here with PostgREST's error. */
export function parseApiRequest(req: GatewayRequest, schemas: string[]): ApiRequest {
  const target = targetOf(req.path);
  const headersOnly = req.method === 'HEAD';
  if (target.kind === 'root') {
    return {
      action: 'root',
      headersOnly,
      target,
      schema: schemas[0] ?? 'public',
      select: [{ kind: 'star' }],
      scopes: new Map(),
      callParams: [],
      range: undefined,
      preferences: { invalid: [] },
      media: 'json',
      explain: undefined,
      insert: undefined,
      update: undefined,
      callBody: undefined,
      onConflict: undefined,
    };
  }
  const schema = schemaOf(req, schemas);
  const preferences = parsePreferences(req.headers['prefer']);
  const action = actionOf(req.method, target, preferences);
  const query = queryOf(req, action === 'call' && req.method !== 'POST');
  const media = acceptedMediaType(req.headers['accept']);
  const payload = payloadOf(req, action);
  const onConflict = req.query.get('on_conflict');
  return {
    action,
    headersOnly,
    target,
    schema,
    select: parseSelect(req.query.get('select')),
    ...query,
    // Range pages reads (of tables and of function results) only.
    range: action === 'read' || action === 'call' ? parseRange(req.headers['range']) : undefined,
    preferences,
    media,
    explain: parseExplain(req.headers['accept']),
    ...payload,
    onConflict: action === 'upsert' && onConflict ? parseColumnsParam(onConflict) : undefined,
  };
}
