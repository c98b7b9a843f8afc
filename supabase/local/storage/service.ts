import type { Database } from '../db/engine';
import type { GatewayRequest, Reply } from '../gateway/http';
import type { JwtVerifier } from '../gateway/keys';
import type { BlobStore } from './blob-store';
import { ANONYMOUS, Authenticator } from './caller';
import type { StorageContext } from './context';
import { errorReply, StorageError, storageError, toStorageError } from './errors';
import { decodePath, isValidBucketName, isValidObjectKey } from './paths';
import { matchStorageRoute } from './router';

/**
 * Supabase Storage's HTTP API under /storage/v1, the subset storage-js calls for files in buckets
 * (router.ts lists it): each request is routed, its caller authenticated from the bearer token, its
 * bucket id and key checked, and its handler run; every statement runs as the caller's role with
 * its claims (scope.ts), so the RLS policies on storage.objects and storage.buckets decide, as on
 * hosted. The bytes live in a BlobStore; errors come back in storage's shape (errors.ts).
 */
export interface StorageServiceOptions {
  db: Database;
  verifier: JwtVerifier;
  jwtSecret: string;
  blobs: BlobStore;
  /** Largest file in bytes; default 50 MiB, the Supabase CLI's and hosted Free plan's limit. */
  fileSizeLimit?: number;
}

export const DEFAULT_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

export function createStorageService(
  options: StorageServiceOptions,
): (req: GatewayRequest) => Promise<Reply> {
  const ctx: StorageContext = {
    db: options.db,
    blobs: options.blobs,
    authenticator: new Authenticator(options.db, options.verifier),
    jwtSecret: options.jwtSecret,
    fileSizeLimit: options.fileSizeLimit ?? DEFAULT_FILE_SIZE_LIMIT,
  };

  async function handle(req: GatewayRequest): Promise<Reply> {
    const match = matchStorageRoute(req.method, req.path);
    const handler = match?.route.handler;
    if (!match || !handler) throw storageError.routeNotFound(req.method, req.path);
    const { route } = match;

    // Routes that check their own token (or serve public buckets) read as the service role by themselves.
    const caller =
      route.caller === 'none'
        ? ANONYMOUS
        : await ctx.authenticator.caller(req, { optional: route.caller === 'optional' });

    const bucket = match.bucket === undefined ? '' : decodePath(match.bucket);
    const key = match.key === undefined ? '' : decodePath(match.key);
    // An id no bucket can have is not found without asking the database.
    if (bucket === undefined || (match.bucket !== undefined && !isValidBucketName(bucket))) {
      throw route.badBucket === 'invalid' ? storageError.invalidBucketName() : storageError.noSuchBucket();
    }
    if (key === undefined || (match.key !== undefined && !isValidObjectKey(key))) {
      throw storageError.invalidKey(key ?? match.key ?? '');
    }

    return handler(ctx, {
      http: req,
      bucket,
      key,
      caller,
      scope: { method: req.method, path: req.path, headers: req.headers, operation: route.operation },
    });
  }

  return async (req) => {
    try {
      return await handle(req);
    } catch (error) {
      const refused = toStorageError(error);
      // A failure storage has no answer for is a bug or a database fault: say so, as the gateway does.
      if (!(error instanceof StorageError) && refused.httpStatus >= 500) console.error('[storage]', error);
      return errorReply(refused);
    }
  };
}
