/**
 * Every error the REST service answers, built in one place, as PostgREST's `Error.hs` does: the PGRST
 * codes with their HTTP status and PostgREST's wording, the PostgreSQL errors the server raises itself
 * before a statement runs (so they look as if Postgres had answered), and the SQLSTATE → status map
 * for errors that come back from the database.
 */

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

const notEmbedded = (name: string): ApiError =>
  new ApiError(
    400,
    'PGRST108',
    `'${name}' is not an embedded resource in this request`,
    null,
    `Verify that '${name}' is included in the 'select' query parameter.`,
  );

const invalidJwt = (code: 'PGRST301' | 'PGRST303', message: string): ApiError =>
  new ApiError(401, code, message, null, null, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${message}"`,
  });

/** An error about how many rows a statement gave, which PostgREST states in its details. */
const rowCountError =
  (status: number, code: string, message: string, details: (rows: number) => string) =>
  (rows: number): ApiError =>
    new ApiError(status, code, message, details(rows));

/** PostgREST's own errors, by code. */
export const pgrstError = {
  /** Anything unexpected inside the server. */
  PGRST000: (message: string): ApiError => new ApiError(500, 'PGRST000', message),
  /** The query string does not parse (select, filters, order, logic trees, limit/offset). */
  PGRST100: (message: string, details: string | null = null): ApiError =>
    new ApiError(400, 'PGRST100', message, details),
  /** The body is not the JSON the request needs. */
  PGRST102: (message = 'Empty or invalid json', details: string | null = null): ApiError =>
    new ApiError(400, 'PGRST102', message, details),
  /** A Range header or offset past the rows. */
  PGRST103: (details: string, headers: Record<string, string> = {}): ApiError =>
    new ApiError(416, 'PGRST103', 'Requested range not satisfiable', details, null, headers),
  PGRST106: (schema: string, exposed: string[]): ApiError =>
    new ApiError(
      406,
      'PGRST106',
      `Invalid schema: ${schema}`,
      null,
      `Only the following schemas are exposed: ${exposed.join(', ')}`,
    ),
  /** Accept asks only for representations the server cannot produce. */
  PGRST107: (wanted: string): ApiError =>
    new ApiError(406, 'PGRST107', `None of these media types are available: ${wanted}`),
  /** A body whose Content-Type is not JSON. */
  PGRST107ContentType: (type: string): ApiError =>
    new ApiError(415, 'PGRST107', `Content-Type not acceptable: ${type}`),
  /** A parameter addresses an embed the select does not have. */
  PGRST108: notEmbedded,
  /** vnd.pgrst.object with a result of `rows` rows. */
  PGRST116: rowCountError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    (rows) => `The result contains ${rows} rows`,
  ),
  PGRST117: (method: string): ApiError => new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`),
  PGRST118: (relation: string, embed: string): ApiError =>
    new ApiError(
      400,
      'PGRST118',
      `A related order on '${embed}' is not possible`,
      `'${relation}' and '${embed}' do not form a many-to-one or one-to-one relationship`,
    ),
  PGRST122: (invalid: string[]): ApiError =>
    new ApiError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    ),
  PGRST123: (): ApiError => new ApiError(400, 'PGRST123', 'Use of aggregate functions is not allowed'),
  PGRST124: rowCountError(
    400,
    'PGRST124',
    'Query result exceeds max-affected preference constraint',
    (rows) => `The query affects ${rows} rows`,
  ),
  PGRST125: (): ApiError => new ApiError(404, 'PGRST125', 'Invalid path specified in request URL'),
  PGRST128: (): ApiError =>
    new ApiError(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    ),
  /** No relationship between `origin` and the embed `name` (optionally narrowed by `hint`). */
  PGRST200: (origin: { schema: string; name: string }, name: string, hint?: string): ApiError =>
    new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${origin.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${origin.schema}', but no matches were found.`,
    ),
  /** More than one relationship fits; `details` describes each, `hints` are the embeds that would pick one. */
  PGRST201: (origin: string, name: string, details: unknown[], hints: string[]): ApiError =>
    new ApiError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${origin}' and '${name}'`,
      details,
      `Try changing '${name}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`,
    ),
  /** No function `schema.name` takes the arguments `args` (sorted names). */
  PGRST202: (schema: string, name: string, args: string[]): ApiError => {
    const list = args.join(', ');
    return new ApiError(
      404,
      'PGRST202',
      `Could not find the function ${schema}.${name}${list ? `(${list})` : ' without parameters'} in the schema cache`,
      `Searched for the function ${schema}.${name}${list ? ` with parameters ${list}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    );
  },
  PGRST204: (column: string, relation: string): ApiError =>
    new ApiError(
      400,
      'PGRST204',
      `Could not find the '${column}' column of '${relation}' in the schema cache`,
    ),
  PGRST205: (schema: string, name: string): ApiError =>
    new ApiError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`),
  /** A JWT that does not verify. */
  PGRST301: (message: string): ApiError => invalidJwt('PGRST301', message),
  /** An expired JWT. */
  PGRST303: (message: string): ApiError => invalidJwt('PGRST303', message),
};

/**
 * PostgreSQL's errors, raised before the statement runs where the server already knows Postgres would
 * refuse it (the same code and message the database gives).
 */
export const pgError = {
  /** 42501: the JWT names a role the authenticator may not become. */
  cannotSetRole: (role: string): ApiError =>
    new ApiError(401, '42501', `permission denied to set role "${role}"`),
  /** 42703, as Postgres words it for `label.name`. */
  undefinedColumn: (label: string, name: string): ApiError =>
    new ApiError(400, '42703', `column ${label}.${name} does not exist`),
  /** 42704: a cast to a type that does not exist. */
  undefinedType: (type: string): ApiError => new ApiError(400, '42704', `type "${type}" does not exist`),
  /** 21000: hosted Supabase's pg-safeupdate refuses an UPDATE / DELETE without WHERE. */
  missingWhere: (verb: 'UPDATE' | 'DELETE'): ApiError =>
    new ApiError(400, '21000', `${verb} requires a WHERE clause`),
  /** 57014: what hosted answers once statement_timeout fires (the PGlite embed cap answers it up front). */
  statementTimeout: (details: string, hint: string): ApiError =>
    new ApiError(500, '57014', 'canceling statement due to statement timeout', details, hint),
};

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

/** Any thrown value as the error to answer: ours as is, a database error with its status, the rest a 500. */
export function toApiError(error: unknown, isAnon: boolean): ApiError {
  if (error instanceof ApiError) return error;
  const pg = error as { code?: unknown; message?: string; detail?: string; hint?: string };
  if (typeof pg.code === 'string' && /^[0-9A-Z]{5}$/.test(pg.code)) {
    return new ApiError(
      pgErrorStatus(pg.code, pg.message ?? '', isAnon),
      pg.code,
      pg.message ?? 'error',
      pg.detail ?? null,
      pg.hint ?? null,
    );
  }
  console.error('[local-supabase] rest error:', error);
  return pgrstError.PGRST000((error as Error).message ?? 'Internal error');
}
