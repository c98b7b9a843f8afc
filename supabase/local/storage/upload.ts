import { createHash, randomUUID } from 'node:crypto';
import { json, type GatewayRequest } from '../gateway/http';
import { SERVICE_ROLE } from './caller';
import type { Handler } from './context';
import { storageError, toStorageError } from './errors';
import { findBucket } from './models/bucket';
import { findObject, insertObject, upsertObject, type ObjectWrite } from './models/object';
import { multipartBoundary, parseMultipart } from './multipart';
import { asCaller, probeAsCaller } from './scope';

/**
 * Uploads, as storage's createObject (POST) and updateObject (PUT) run them (src/storage/uploader.ts):
 * the bucket is looked up as the service role (404 if missing), the file checked against the
 * bucket's size and MIME type limits, then the write is tried as the caller in a transaction that
 * is rolled back (testPermission: an INSERT, or an upsert for `x-upsert: true` and for PUT), so RLS
 * refuses before any byte is stored (403) and an existing key answers 409. The bytes are stored
 * under a new version and the row written as the service role; the replaced version's bytes go
 * once that has committed.
 */
const MAX_USER_METADATA_BYTES = 1024 * 1024;

interface UploadedFile {
  bytes: Buffer;
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    // storage ignores metadata it cannot parse
    return undefined;
  }
}

/** fileUploadFromRequest: a multipart form's file part and fields, or the raw body and headers. */
function fileFromRequest(req: GatewayRequest): UploadedFile {
  const contentType = req.headers['content-type'];
  const boundary = multipartBoundary(contentType);
  if (boundary) {
    const form = parseMultipart(req.bytes, boundary);
    if (!form?.file) throw storageError.noContentProvided();
    const cacheTime = form.fields.get('cacheControl');
    const customMetadata = form.fields.get('metadata') ?? form.fields.get('userMetadata');
    if (customMetadata !== undefined && Buffer.byteLength(customMetadata) > MAX_USER_METADATA_BYTES) {
      throw storageError.entityTooLarge('user_metadata');
    }
    return {
      bytes: form.file.data,
      mimeType: form.fields.get('contentType') || form.file.contentType || 'application/octet-stream',
      cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache',
      userMetadata: customMetadata === undefined ? undefined : parseJsonObject(customMetadata),
    };
  }
  const encoded = req.headers['x-metadata'];
  return {
    bytes: req.bytes,
    mimeType: contentType || 'application/octet-stream',
    cacheControl: req.headers['cache-control'] ?? 'no-cache',
    // x-metadata is base64 JSON (storage-js encodes it so any character survives a header).
    userMetadata:
      encoded === undefined ? undefined : parseJsonObject(Buffer.from(encoded, 'base64').toString('utf8')),
  };
}

/** validateMimeType: `type/subtype` against the bucket's list, where `type/*` allows a whole type. */
function checkMimeType(mimeType: string, allowed: readonly string[]): void {
  const [type, subtype] = mimeType.split('/');
  if (subtype === undefined) throw storageError.invalidMimeType(mimeType);
  const ok = allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.split('/');
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype);
  });
  if (!ok) throw storageError.invalidMimeType(mimeType);
}

export const upload: Handler = async (ctx, req) => {
  const { bucket: bucketId, key, caller, scope } = req;
  const upsert = req.http.method === 'PUT' || req.http.headers['x-upsert'] === 'true';
  const bucket = await asCaller(ctx.db, SERVICE_ROLE, scope, (tx) => findBucket(tx, bucketId));
  if (!bucket) throw storageError.noSuchBucket();

  const file = fileFromRequest(req.http);
  const limit = Math.min(ctx.fileSizeLimit, bucket.file_size_limit ?? Number.POSITIVE_INFINITY);
  if (file.bytes.length > limit) throw storageError.entityTooLarge();
  if (bucket.allowed_mime_types && bucket.allowed_mime_types.length > 0) {
    checkMimeType(file.mimeType, bucket.allowed_mime_types);
  }

  const write = (version: string, metadata: Record<string, unknown>): ObjectWrite => ({
    bucket: bucketId,
    name: key,
    owner: caller.sub,
    version,
    metadata,
    userMetadata: file.userMetadata,
  });
  // What policies can see of the file while deciding (storage passes the declared size and type).
  const declared = { mimetype: file.mimeType, contentLength: file.bytes.length };
  try {
    await probeAsCaller(ctx.db, caller, scope, async (tx) => {
      if (upsert) await upsertObject(tx, write('1', declared));
      else await insertObject(tx, write('1', declared));
    });
  } catch (error) {
    const refused = toStorageError(error);
    throw refused.code === 'ResourceAlreadyExists' ? storageError.keyAlreadyExists() : refused;
  }

  const version = randomUUID();
  const metadata = {
    eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
    size: file.bytes.length,
    mimetype: file.mimeType,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: file.bytes.length,
    httpStatusCode: 200,
  };
  await ctx.blobs.put(version, file.bytes);
  let result: { id: string; replaced: string | null };
  try {
    result = await asCaller(ctx.db, SERVICE_ROLE, scope, async (tx) => {
      const current = await findObject(tx, bucketId, key, { forUpdate: true });
      // An empty user_metadata is stored as {} (completeUpload spreads what came, if anything).
      const row = await upsertObject(tx, {
        ...write(version, metadata),
        userMetadata: { ...file.userMetadata },
      });
      return { id: row.id, replaced: current?.version ?? null };
    });
  } catch (error) {
    await ctx.blobs.delete([version]);
    throw error;
  }
  if (result.replaced && result.replaced !== version) await ctx.blobs.delete([result.replaced]);
  return json(200, { Id: result.id, Key: `${bucketId}/${key}` });
};
