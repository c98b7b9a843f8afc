import { json } from '../gateway/http';
import { jsonBody, optionalEnum, optionalInteger, optionalString, requiredString } from './body';
import type { Handler } from './context';
import { storageError } from './errors';
import { LIST_SORT_COLUMNS, listObjects } from './models/object';
import { asCaller } from './scope';

/**
 * POST /object/list/{bucket} { prefix, limit?, offset?, sortBy?, search? }: one folder level of the
 * bucket as storage-js's list() shows it (storage's searchObjects), selected as the caller, so its
 * policies decide which files, and so which folders, exist. A bucket that does not exist lists empty.
 */
const MAX_LIMIT = 1500;

export const list: Handler = async (ctx, req) => {
  const body = jsonBody(req.http.body);
  let prefix = requiredString(body, 'prefix');
  const limit = optionalInteger(body, 'limit', 1) ?? 100;
  const offset = optionalInteger(body, 'offset', 0) ?? 0;
  const search = optionalString(body, 'search') ?? '';
  const sortBy = body['sortBy'];
  if (sortBy !== undefined && (typeof sortBy !== 'object' || sortBy === null || Array.isArray(sortBy))) {
    throw storageError.validation('body/sortBy must be object');
  }
  const sort = (sortBy ?? {}) as Record<string, unknown>;
  if (sortBy !== undefined && sort['column'] === undefined) {
    throw storageError.validation("body/sortBy must have required property 'column'");
  }
  const column = optionalEnum(sort['column'], 'body/sortBy/column', LIST_SORT_COLUMNS) ?? 'name';
  const order = optionalEnum(sort['order'], 'body/sortBy/order', ['asc', 'desc'] as const) ?? 'asc';
  // A prefix is a folder (searchObjects adds the slash storage-js leaves out).
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`;
  const entries = await asCaller(ctx.db, req.caller, req.scope, (tx) =>
    listObjects(tx, req.bucket, {
      prefix,
      search,
      limit: Math.min(limit, MAX_LIMIT),
      offset,
      sortColumn: column,
      ascending: order === 'asc',
    }),
  );
  return json(200, entries);
};
