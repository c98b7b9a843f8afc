import { json, type Reply } from '../gateway/http';

/**
 * Storage's errors as the storage server renders them (supabase/storage src/internal/errors/codes.ts
 * and src/http/error-handler.ts): a body `{ statusCode, error, message, code }` whose statusCode is
 * the error's own status as a string ('404', '409', '403', …), sent with HTTP 400 for every client
 * error and HTTP 500 for server errors (the server's `userStatusCode`). storage-js therefore reports
 * `status: 400, statusCode: '404'` for a missing object. `error` is the server's older name for the
 * error ('not_found', 'Duplicate', 'Unauthorized', …), its code when it has none.
 */
export class StorageError extends Error {
  constructor(
    /** The status the body's statusCode carries. */
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly error: string = code,
    /** The HTTP status the answer goes out with. */
    readonly httpStatus: number = statusCode >= 500 ? statusCode : 400,
  ) {
    super(message);
  }
}

/** Storage's named errors, with its codes and wording (ERRORS in codes.ts). */
export const storageError = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  /** The renderer's answer when the row exists but the stored file does not. */
  assetNotFound: () => new StorageError(404, 'NoSuchKey', 'The resource was not found', 'Not found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  accessDenied: (message: string) => new StorageError(403, 'AccessDenied', message, 'Unauthorized'),
  resourceAlreadyExists: () =>
    new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  keyAlreadyExists: () =>
    new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketAlreadyExists: () =>
    new StorageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () =>
    new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  entityTooLarge: (entity = 'object') =>
    new StorageError(
      413,
      'EntityTooLarge',
      `The ${entity} exceeded the maximum allowed size`,
      'Payload too large',
    ),
  invalidMimeType: (mimeType: string) =>
    new StorageError(415, 'InvalidMimeType', `mime type ${mimeType} is not supported`, 'invalid_mime_type'),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') => new StorageError(400, 'InvalidSignature', message),
  invalidParameter: (name: string, message = `Invalid Parameter ${name}`) =>
    new StorageError(400, 'InvalidParameter', message),
  invalidFileSizeLimit: () =>
    new StorageError(400, 'InvalidRequest', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  noContentProvided: () => new StorageError(400, 'InvalidRequest', 'No content provided'),
  featureNotEnabled: (feature: string) =>
    new StorageError(409, 'FeatureNotEnabled', `The feature ${feature} is not enabled for this resource`),
  /** A request the route's schema refuses (fastify's validation error: a plain Error). */
  validation: (message: string) => new StorageError(400, 'InvalidRequest', message, 'Error'),
  relatedResourceNotFound: () =>
    new StorageError(404, 'InvalidRequest', 'The related resource does not exist'),
  resourceReferenced: () =>
    new StorageError(
      409,
      'ResourceReferenced',
      'The resource could not be updated or removed due to a foreign key constraint',
    ),
  databaseTimeout: () => new StorageError(544, 'DatabaseTimeout', 'The connection to the database timed out'),
  databaseError: (sqlstate: string) =>
    new StorageError(500, 'DatabaseError', `database error, code: ${sqlstate}`),
  internal: () => new StorageError(500, 'InternalError', 'Internal server error'),
  /** fastify's not-found handler: the one answer that goes out with HTTP 404. */
  routeNotFound: (method: string, url: string) =>
    new StorageError(404, 'InvalidRequest', `Route ${method}:${url} not found`, 'Not Found', 404),
};

interface PgErrorLike {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
}

function isPgError(error: unknown): error is PgErrorLike & { code: string; message: string } {
  const e = error as PgErrorLike | null;
  return (
    !!e &&
    typeof e === 'object' &&
    typeof e.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(e.code) &&
    typeof e.message === 'string'
  );
}

/** A database error as storage maps it (DBError.fromDBError in src/storage/database/errors.ts). */
export function fromDatabaseError(error: unknown): StorageError | undefined {
  if (!isPgError(error)) return undefined;
  switch (error.code) {
    case '42501':
      return storageError.accessDenied(
        error.message.includes('row-level security')
          ? 'new row violates row-level security policy'
          : error.message,
      );
    case '23505':
      return storageError.resourceAlreadyExists();
    case '23503':
      return typeof error.detail === 'string' && error.detail.includes('is still referenced from table')
        ? storageError.resourceReferenced()
        : storageError.relatedResourceNotFound();
    case '57014':
      return storageError.databaseTimeout();
    case '22P02':
      return storageError.invalidParameter('value', error.message);
    default:
      return storageError.databaseError(error.code);
  }
}

/** Any failure as the answer storage would give; what is not storage's or the database's is a 500. */
export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  return fromDatabaseError(error) ?? storageError.internal();
}

export function errorReply(error: StorageError): Reply {
  return json(error.httpStatus, {
    statusCode: String(error.statusCode),
    error: error.error,
    message: error.message,
    code: error.code,
  });
}
