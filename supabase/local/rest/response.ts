/**
 * Response shaping as PostgREST's `Response.hs` does it: the status, the headers (Content-Range,
 * Preference-Applied, Content-Type), error bodies, singular (vnd.pgrst.object), CSV and explain bodies.
 */
import type { Reply } from '../gateway/http';
import { CSV_MT, OBJECT_MT, type ApiRequest, type ExplainRequest, type MediaType } from './api-request';
import { pgrstError, type ApiError } from './errors';
import { appliedPreferences } from './preferences';
import type { CallResult } from './statements';

export const JSON_CT = 'application/json; charset=utf-8';

export function contentTypeOf(media: MediaType): string {
  if (media === 'object') return `${OBJECT_MT}; charset=utf-8`;
  if (media === 'csv') return `${CSV_MT}; charset=utf-8`;
  return JSON_CT;
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

/** What a statement answered: rows in the page, the count asked for, rows an upsert inserted, the body. */
export interface Outcome {
  pageTotal: number;
  total: number | undefined;
  inserted: number;
  body: string | null;
}

/** A read: 206 for a partial page when a count was asked for, 416 for an offset past the rows. */
export function readReply(api: ApiRequest, offset: number, out: Outcome, planned: boolean): Reply {
  const { pageTotal, total } = out;
  if (api.media === 'object' && pageTotal !== 1) throw pgrstError.PGRST116(pageTotal);
  if (total !== undefined && offset > 0 && offset >= total && total > 0 && !planned) {
    throw pgrstError.PGRST103(`An offset of ${offset} was requested, but there are only ${total} rows.`, {
      'content-range': `*/${total}`,
    });
  }
  const partial = total !== undefined && (pageTotal < total || offset > 0);
  const headers: Record<string, string> = {
    'content-type': contentTypeOf(api.media),
    'content-range': contentRange(offset, pageTotal, total),
  };
  return {
    status: partial ? 206 : 200,
    headers,
    body: out.body ?? (api.media === 'csv' ? '' : 'null'),
  };
}

/**
 * An insert, upsert, update or delete: 201 for a write that created rows (200 for an upsert that
 * only updated), 204 without representation, Content-Range and Preference-Applied.
 */
export function mutationReply(
  api: ApiRequest,
  out: Pick<Outcome, 'pageTotal' | 'inserted' | 'body'>,
  txOverridable: boolean,
): Reply {
  const n = out.pageTotal;
  const representation = api.preferences.return === 'representation';
  const counted = api.preferences.count ? String(n) : '*';
  const headers: Record<string, string> = {
    'content-range': representation && n > 0 ? `0-${n - 1}/${counted}` : `*/${counted}`,
  };
  const applied = appliedPreferences(api.preferences, txOverridable);
  if (applied.length) headers['preference-applied'] = applied.join(', ');
  const creating = api.action === 'insert' || api.action === 'upsert';
  // An upsert that only updated existing rows answers 200, as PostgREST does.
  const status = creating && (api.action === 'insert' || out.inserted > 0 || n === 0) ? 201 : 200;
  if (representation) {
    return {
      status,
      headers: { ...headers, 'content-type': contentTypeOf(api.media) },
      body: renderBody(api.media, out.body),
    };
  }
  return { status: creating ? status : 204, headers };
}

/** A call: 204 for void, one value or row as is, a set of rows paged like a read. */
export function callReply(
  api: ApiRequest,
  result: CallResult,
  offset: number,
  out: Omit<Outcome, 'inserted'>,
): Reply {
  if (result === 'void') return { status: 204, headers: { 'content-range': '*/*' } };
  const headers: Record<string, string> = { 'content-type': contentTypeOf(api.media) };
  if (result === 'rows') {
    headers['content-range'] = contentRange(offset, out.pageTotal, out.total);
    const partial = out.total !== undefined && (out.pageTotal < out.total || offset > 0);
    return { status: partial ? 206 : 200, headers, body: renderBody(api.media, out.body) };
  }
  // A single value counts as one row when a count is asked for.
  if (api.preferences.count) headers['content-range'] = '0-0/1';
  return { status: 200, headers, body: out.body ?? 'null' };
}

/** The rows of `explain` as PostgREST's plan media types. */
export function explainReply(explain: ExplainRequest, plans: unknown[]): Reply {
  const body =
    explain.format === 'json'
      ? typeof plans[0] === 'string'
        ? plans[0]
        : JSON.stringify(plans[0])
      : plans.join('\n');
  const type =
    explain.format === 'json' ? 'application/vnd.pgrst.plan+json' : 'application/vnd.pgrst.plan+text';
  return { status: 200, headers: { 'content-type': `${type}; for="${explain.for}"; charset=utf-8` }, body };
}

/** The planner's `Plan Rows` from `explain (format json)` (count=planned). */
export function plannedRows(raw: unknown): number {
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}
