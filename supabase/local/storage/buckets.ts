import { json } from '../gateway/http';
import {
  jsonBody,
  optionalBoolean,
  optionalEnum,
  optionalString,
  requiredString,
  type JsonObject,
} from './body';
import { SERVICE_ROLE } from './caller';
import type { Handler } from './context';
import { storageError, toStorageError } from './errors';
import {
  BUCKET_SORT_COLUMNS,
  bucketHasObjects,
  deleteBucket,
  findBucket,
  insertBucket,
  listBuckets,
  updateBucket,
  type Bucket,
} from './models/bucket';
import { isValidBucketName } from './paths';
import { asCaller } from './scope';

/**
 * The bucket routes (src/http/routes/bucket/), each run as the caller: storage.buckets has RLS on
 * and no policy, so the service role (BYPASSRLS) sees and creates buckets, anyone else sees none
 * ("Bucket not found") and is refused a new one (403 "new row violates row-level security
 * policy") unless a migration adds policies.
 */

/** parseFileSizeToBytes: '20mb' → 20000000 (decimal units, as storage counts them). */
export function parseFileSize(value: string): number {
  const m = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value);
  if (!m) throw storageError.invalidFileSizeLimit();
  const n = +parseFloat(m[1] ?? '').toPrecision(3);
  const unit = (m[2] ?? '').toUpperCase();
  const factor = unit === 'GB' ? 1e9 : unit === 'MB' ? 1e6 : unit === 'KB' ? 1e3 : 1;
  return n * factor;
}

/** A file_size_limit as given (bytes, or '20mb'), within the server's own limit; null clears it. */
function fileSizeLimit(body: JsonObject, serverLimit: number): number | null | undefined {
  const value = body['file_size_limit'];
  if (value === undefined || value === null) return value;
  let bytes: number;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) bytes = value;
  else if (typeof value === 'string') bytes = parseFileSize(value);
  else throw storageError.validation('body/file_size_limit must be integer,string');
  if (bytes > serverLimit) throw storageError.entityTooLarge();
  return bytes;
}

/** validateMimeType: each entry `type/subtype` (optionally with a charset), or ending in `*`. */
function allowedMimeTypes(body: JsonObject): string[] | null | undefined {
  const value = body['allowed_mime_types'];
  if (value === undefined || value === null) return value;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw storageError.validation('body/allowed_mime_types must be array');
  }
  const types = (value as string[]).filter((v) => v);
  for (const type of types) {
    if (
      type.length > 1000 ||
      !/^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/.test(type)
    ) {
      throw storageError.invalidMimeType(type);
    }
  }
  return types;
}

/** GET /bucket: the list's shape carries `type`, the single bucket's does not. */
export const getBuckets: Handler = async (ctx, req) => {
  const q = req.http.query;
  const integer = (name: string, minimum: number): number | undefined => {
    const raw = q.get(name);
    if (raw === null) return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n)) throw storageError.validation(`querystring/${name} must be integer`);
    if (n < minimum) throw storageError.validation(`querystring/${name} must be >= ${minimum}`);
    return n;
  };
  const options = {
    limit: integer('limit', 1),
    offset: integer('offset', 0),
    sortColumn: optionalEnum(q.get('sortColumn') ?? undefined, 'querystring/sortColumn', BUCKET_SORT_COLUMNS),
    sortOrder: optionalEnum(q.get('sortOrder') ?? undefined, 'querystring/sortOrder', [
      'asc',
      'desc',
    ] as const),
    search: q.get('search') ?? undefined,
  };
  const buckets = await asCaller(ctx.db, req.caller, req.scope, (tx) => listBuckets(tx, options));
  return json(
    200,
    buckets.map((b) => ({
      id: b.id,
      name: b.name,
      public: b.public,
      owner: b.owner,
      created_at: b.created_at,
      updated_at: b.updated_at,
      file_size_limit: b.file_size_limit,
      allowed_mime_types: b.allowed_mime_types,
      type: b.type,
    })),
  );
};

function single(b: Bucket) {
  return {
    id: b.id,
    name: b.name,
    owner: b.owner,
    public: b.public,
    created_at: b.created_at,
    updated_at: b.updated_at,
    file_size_limit: b.file_size_limit,
    allowed_mime_types: b.allowed_mime_types,
  };
}

/** GET /bucket/{id}. */
export const getBucket: Handler = async (ctx, req) => {
  const bucket = await asCaller(ctx.db, req.caller, req.scope, (tx) => findBucket(tx, req.bucket));
  if (!bucket) throw storageError.noSuchBucket();
  return json(200, single(bucket));
};

/** POST /bucket { id?, name, public?, file_size_limit?, allowed_mime_types?, type? } → { name }. */
export const createBucket: Handler = async (ctx, req) => {
  const body = jsonBody(req.http.body);
  const name = requiredString(body, 'name');
  const id = optionalString(body, 'id') || name;
  if (name.trim() !== name || !isValidBucketName(name) || !isValidBucketName(id)) {
    throw storageError.invalidBucketName();
  }
  const type = optionalEnum(body['type'], 'body/type', ['STANDARD', 'ANALYTICS'] as const);
  // Analytics (Iceberg) buckets are a hosted feature the local server does not have.
  if (type === 'ANALYTICS') throw storageError.featureNotEnabled('iceberg_catalog');
  const bucket = {
    id,
    name,
    owner: req.caller.sub,
    public: optionalBoolean(body, 'public') ?? false,
    fileSizeLimit: fileSizeLimit(body, ctx.fileSizeLimit),
    allowedMimeTypes: allowedMimeTypes(body),
  };
  try {
    await asCaller(ctx.db, req.caller, req.scope, (tx) => insertBucket(tx, bucket));
  } catch (error) {
    const refused = toStorageError(error);
    throw refused.code === 'ResourceAlreadyExists' ? storageError.bucketAlreadyExists() : refused;
  }
  return json(200, { name });
};

/** PUT /bucket/{id} { public?, file_size_limit?, allowed_mime_types? } (at least one). */
export const putBucket: Handler = async (ctx, req) => {
  const body = jsonBody(req.http.body);
  const changes = {
    public: optionalBoolean(body, 'public'),
    fileSizeLimit: fileSizeLimit(body, ctx.fileSizeLimit),
    allowedMimeTypes: allowedMimeTypes(body),
  };
  if (Object.values(changes).every((v) => v === undefined)) throw storageError.noContentProvided();
  const updated = await asCaller(ctx.db, req.caller, req.scope, (tx) =>
    updateBucket(tx, req.bucket, changes),
  );
  if (!updated) throw storageError.noSuchBucket();
  return json(200, { message: 'Successfully updated' });
};

/** DELETE /bucket/{id}: only an empty bucket (storage's deleteBucket). */
export const removeBucket: Handler = async (ctx, req) => {
  const deleted = await asCaller(ctx.db, req.caller, req.scope, async (tx) => {
    // The checks are storage's superuser lookups; the delete itself is the caller's.
    await tx.query(`select set_config('role', $1, true)`, [SERVICE_ROLE.role]);
    const bucket = await findBucket(tx, req.bucket, { forUpdate: true });
    if (!bucket) throw storageError.noSuchBucket();
    if (await bucketHasObjects(tx, req.bucket)) throw storageError.bucketNotEmpty();
    await tx.query(`select set_config('role', $1, true)`, [req.caller.role]);
    return deleteBucket(tx, req.bucket);
  });
  if (!deleted) throw storageError.noSuchBucket();
  return json(200, { message: 'Successfully deleted' });
};
