import { json, type Reply } from '../gateway/http';
import { SERVICE_ROLE } from './caller';
import type { Handler, StorageContext, StorageRequest } from './context';
import { storageError } from './errors';
import { findBucket } from './models/bucket';
import { findObject, type StoredObject } from './models/object';
import { asCaller } from './scope';
import { verifyDownloadToken } from './tokens';

/**
 * Reading objects, as storage's getObject, getPublicObject, getSignedObject and getObjectInfo
 * routes do. The bucket is looked up as the service role; in a public bucket the object is too,
 * in a private one it is selected as the caller, so a row the caller's policies hide is "Object
 * not found" exactly like one that does not exist. Without a valid token (the plain
 * `/object/{bucket}/{key}` route serves public files to anyone) a private bucket is "Bucket not
 * found". A signed URL's token stands in for the caller: it names the one object it opens.
 */

/** The object `req` names, as its caller may read it. */
async function readable(ctx: StorageContext, req: StorageRequest): Promise<StoredObject> {
  const bucket = await asCaller(ctx.db, SERVICE_ROLE, req.scope, (tx) => findBucket(tx, req.bucket));
  if (!bucket || (!req.caller.authenticated && !bucket.public)) throw storageError.noSuchBucket();
  const reader = bucket.public ? SERVICE_ROLE : req.caller;
  const object = await asCaller(ctx.db, reader, req.scope, (tx) => findObject(tx, req.bucket, req.key));
  if (!object) throw storageError.noSuchKey();
  return object;
}

function metadataString(object: StoredObject, name: string): string | undefined {
  const value = object.metadata?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** The file with the renderer's headers (src/storage/renderer/renderer.ts setHeaders). */
async function asset(
  ctx: StorageContext,
  req: StorageRequest,
  object: StoredObject,
  expires?: string,
): Promise<Reply> {
  const bytes = object.version ? await ctx.blobs.get(object.version) : undefined;
  if (!bytes) {
    // The renderer's answer when the backend has no file for the row.
    throw storageError.assetNotFound();
  }
  const mimeType = metadataString(object, 'mimetype') ?? 'application/octet-stream';
  const headers: Record<string, string> = {
    // A stored HTML file is never served as a page (normalizeContentType).
    'content-type': mimeType.includes('text/html') ? 'text/plain' : mimeType,
    'content-length': String(bytes.length),
    'x-robots-tag': 'none',
  };
  const eTag = metadataString(object, 'eTag');
  if (eTag) headers['etag'] = eTag;
  const lastModified = metadataString(object, 'lastModified');
  if (lastModified && !Number.isNaN(Date.parse(lastModified))) {
    headers['last-modified'] = new Date(lastModified).toUTCString();
  }
  const cacheControl = metadataString(object, 'cacheControl');
  if (expires) headers['expires'] = expires;
  else if (cacheControl) headers['cache-control'] = cacheControl;
  const download = req.http.query.get('download');
  if (download !== null) {
    const name = encodeURIComponent(download);
    headers['content-disposition'] =
      download === '' ? 'attachment;' : `attachment; filename=${name}; filename*=UTF-8''${name}`;
  }
  return { status: 200, headers, bytes };
}

/** GET /object/{bucket}/{key} and /object/authenticated/{bucket}/{key}. */
export const download: Handler = async (ctx, req) => asset(ctx, req, await readable(ctx, req));

/** GET /object/public/{bucket}/{key}: only a public bucket's files, to anyone. */
export const publicDownload: Handler = async (ctx, req) => {
  const bucket = await asCaller(ctx.db, SERVICE_ROLE, req.scope, (tx) => findBucket(tx, req.bucket));
  if (!bucket?.public) throw storageError.noSuchBucket();
  const object = await asCaller(ctx.db, SERVICE_ROLE, req.scope, (tx) => findObject(tx, req.bucket, req.key));
  if (!object) throw storageError.noSuchKey();
  return asset(ctx, req, object);
};

/** GET /object/sign/{bucket}/{key}?token=…: the object its signed URL names, until the token expires. */
export const signedDownload: Handler = async (ctx, req) => {
  const token = req.http.query.get('token');
  if (token === null) throw storageError.validation("querystring must have required property 'token'");
  const { exp } = await verifyDownloadToken(ctx.jwtSecret, token, `${req.bucket}/${req.key}`);
  const object = await asCaller(ctx.db, SERVICE_ROLE, req.scope, (tx) => findObject(tx, req.bucket, req.key));
  if (!object) throw storageError.noSuchKey();
  return asset(ctx, req, object, exp === undefined ? undefined : new Date(exp * 1000).toUTCString());
};

/** GET /object/info/{bucket}/{key} (also /info/authenticated and /info/public): what storage-js's info() shows. */
export const info: Handler = async (ctx, req) => {
  const object = await readable(ctx, req);
  const size = object.metadata?.['size'];
  return json(200, {
    id: object.id,
    name: object.name,
    version: object.version,
    bucket_id: object.bucket_id,
    size: typeof size === 'number' ? size : null,
    content_type: metadataString(object, 'mimetype') ?? null,
    cache_control: metadataString(object, 'cacheControl') ?? null,
    etag: metadataString(object, 'eTag') ?? null,
    metadata: object.user_metadata,
    last_modified: object.updated_at,
    created_at: object.created_at,
  });
};

/** GET /object/info/public/{bucket}/{key}. */
export const publicInfo: Handler = async (ctx, req) => {
  const bucket = await asCaller(ctx.db, SERVICE_ROLE, req.scope, (tx) => findBucket(tx, req.bucket));
  if (!bucket?.public) throw storageError.noSuchBucket();
  return info(ctx, { ...req, caller: SERVICE_ROLE });
};
