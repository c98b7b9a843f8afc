/**
 * Response shaping as PostgREST does it: error bodies and the HTTP status of each error class,
 * Content-Range, singular (vnd.pgrst.object) and CSV bodies.
 */
import type { Reply } from '../gateway/http';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null | unknown[] = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const JSON_CT = 'application/json; charset=utf-8';
export const OBJECT_MT = 'application/vnd.pgrst.object+json';
export const CSV_MT = 'text/csv';

/** The representation a request asked for with Accept. */
export type MediaType = 'json' | 'object' | 'csv';

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
    throw new ApiError(406, 'PGRST107', `None of these media types are available: ${wanted.join(', ')}`);
  }
  return 'json';
}

export function contentTypeOf(media: MediaType): string {
  if (media === 'object') return `${OBJECT_MT}; charset=utf-8`;
  if (media === 'csv') return `${CSV_MT}; charset=utf-8`;
  return JSON_CT;
}

/** PostgREST's mapping of a SQLSTATE to an HTTP status (authenticated requests get 403 for 42501). */
export function pgErrorStatus(code: string, message: string, isAnon: boolean): number {
  if (code === '42501') return isAnon ? 401 : 403;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  if (code === '23505' || code === '23503') return 409;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '25006') return 405;
  // pg-safeupdate's "… requires a WHERE clause" is the client's fault; other cardinality errors are not.
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return /^role .* does not exist$/.test(message) ? 401 : 400;
  if (code === '53400') return 500;
  if (code === '57P01' || code.startsWith('08') || code.startsWith('53')) return 503;
  if (code.startsWith('0L') || code.startsWith('0P') || code.startsWith('28')) return 403;
  if (
    code === '42P17' ||
    code === '57014' ||
    /^(09|25|2D|38|39|3B|40|54|55|57|58|F0|HV|XX)/.test(code) ||
    (code.startsWith('P0') && code !== 'P0001')
  ) {
    return 500;
  }
  return 400;
}

export function errorReply(error: ApiError): Reply {
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

export function singularError(n: number): ApiError {
  return new ApiError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${n} rows`,
  );
}

/** `0-9/100`, `*\/100` or `0-9/*` as PostgREST writes Content-Range. */
export function contentRange(offset: number, pageTotal: number, total: number | undefined): string {
  const of = total === undefined ? '*' : String(total);
  return pageTotal > 0 ? `${offset}-${offset + pageTotal - 1}/${of}` : `*/${of}`;
}

function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A JSON array of rows as CSV: a header line of column names, then one line per row. */
export function jsonRowsToCsv(body: string): string {
  const rows = JSON.parse(body) as Array<Record<string, unknown>> | null;
  if (!rows || rows.length === 0) return '';
  const columns = Object.keys(rows[0] as Record<string, unknown>);
  const lines = [columns.map(csvField).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(row[c])).join(','));
  return lines.join('\n');
}

/** The body in the requested representation (the SQL always yields JSON). */
export function renderBody(media: MediaType, json: string | null): string {
  if (media === 'csv') return jsonRowsToCsv(json ?? '[]');
  return json ?? 'null';
}
