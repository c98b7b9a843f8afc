import { createBucket, getBucket, getBuckets, putBucket, removeBucket } from './buckets';
import type { Handler } from './context';
import { download, info, publicDownload, publicInfo, signedDownload } from './download';
import { list } from './list';
import { remove } from './remove';
import { signUrl, signUrls } from './sign';
import { upload } from './upload';

/**
 * The storage server's HTTP routes (src/http/routes/object/ and bucket/), as fastify matches them:
 * per method, a static segment before a parameter (`POST /object/sign/:bucket/*` before
 * `POST /object/:bucket/*`, so `sign` is never a bucket there), `:bucket` one segment, `*` the rest
 * (the object key). Routes hosted has but this server does not serve are listed too, without a
 * handler, so they answer 404 like an unknown route instead of being taken for a bucket.
 */
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Storage's operation name (src/http/routes/operations.ts), set as storage.operation. */
  operation: string;
  /**
   * 'required': a valid token or AccessDenied; 'optional': without one the caller is anon (routes
   * that serve public files); 'none': the route checks its own token (signed URLs).
   */
  caller: 'required' | 'optional' | 'none';
  handler?: Handler;
  /**
   * How an id no bucket can have is answered: 'not-found' ("Bucket not found", as a lookup finds
   * nothing) unless the route checks the name first, as updateBucket does ('invalid').
   */
  badBucket?: 'invalid';
}

export const ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: '/bucket',
    operation: 'storage.bucket.list',
    caller: 'required',
    handler: getBuckets,
  },
  {
    method: 'GET',
    path: '/bucket/:bucket',
    operation: 'storage.bucket.get',
    caller: 'required',
    handler: getBucket,
  },
  {
    method: 'POST',
    path: '/bucket',
    operation: 'storage.bucket.create',
    caller: 'required',
    handler: createBucket,
  },
  { method: 'POST', path: '/bucket/:bucket/empty', operation: 'storage.bucket.empty', caller: 'required' },
  {
    method: 'PUT',
    path: '/bucket/:bucket',
    operation: 'storage.bucket.update',
    caller: 'required',
    handler: putBucket,
    badBucket: 'invalid',
  },
  {
    method: 'DELETE',
    path: '/bucket/:bucket',
    operation: 'storage.bucket.delete',
    caller: 'required',
    handler: removeBucket,
  },

  {
    method: 'POST',
    path: '/object/sign/:bucket/*',
    operation: 'storage.object.sign',
    caller: 'required',
    handler: signUrl,
  },
  {
    method: 'POST',
    path: '/object/sign/:bucket',
    operation: 'storage.object.sign_many',
    caller: 'required',
    handler: signUrls,
  },
  {
    method: 'POST',
    path: '/object/list/:bucket',
    operation: 'storage.object.list',
    caller: 'required',
    handler: list,
  },
  {
    method: 'POST',
    path: '/object/list-v2/:bucket',
    operation: 'storage.object.list_v2',
    caller: 'required',
  },
  { method: 'POST', path: '/object/move', operation: 'storage.object.move', caller: 'required' },
  { method: 'POST', path: '/object/copy', operation: 'storage.object.copy', caller: 'required' },
  {
    method: 'POST',
    path: '/object/upload/sign/:bucket/*',
    operation: 'storage.object.sign_upload_url',
    caller: 'required',
  },
  {
    method: 'PUT',
    path: '/object/upload/sign/:bucket/*',
    operation: 'storage.object.upload_signed',
    caller: 'none',
  },
  {
    method: 'POST',
    path: '/object/:bucket/*',
    operation: 'storage.object.upload',
    caller: 'required',
    handler: upload,
  },
  {
    method: 'PUT',
    path: '/object/:bucket/*',
    operation: 'storage.object.upload_update',
    caller: 'required',
    handler: upload,
  },
  {
    method: 'DELETE',
    path: '/object/:bucket',
    operation: 'storage.object.delete_many',
    caller: 'required',
    handler: remove,
  },
  { method: 'DELETE', path: '/object/:bucket/*', operation: 'storage.object.delete', caller: 'required' },

  {
    method: 'GET',
    path: '/object/sign/:bucket/*',
    operation: 'storage.object.get_signed',
    caller: 'none',
    handler: signedDownload,
  },
  {
    method: 'GET',
    path: '/object/public/:bucket/*',
    operation: 'storage.object.get_public',
    caller: 'none',
    handler: publicDownload,
  },
  {
    method: 'GET',
    path: '/object/info/public/:bucket/*',
    operation: 'storage.object.info_public',
    caller: 'none',
    handler: publicInfo,
  },
  {
    method: 'GET',
    path: '/object/info/authenticated/:bucket/*',
    operation: 'storage.object.info_authenticated',
    caller: 'required',
    handler: info,
  },
  {
    method: 'GET',
    path: '/object/info/:bucket/*',
    operation: 'object.get_authenticated_info',
    caller: 'optional',
    handler: info,
  },
  {
    method: 'GET',
    path: '/object/authenticated/:bucket/*',
    operation: 'storage.object.get_authenticated',
    caller: 'required',
    handler: download,
  },
  {
    method: 'GET',
    path: '/object/:bucket/*',
    operation: 'storage.object.get_authenticated',
    caller: 'optional',
    handler: download,
  },
];

export interface RouteMatch {
  route: Route;
  /** The `:bucket` segment, still percent-encoded. */
  bucket: string | undefined;
  /** The `*` rest, still percent-encoded. */
  key: string | undefined;
}

function matchPath(pattern: string, path: string): Omit<RouteMatch, 'route'> | undefined {
  const want = pattern.split('/').slice(1);
  const have = path.split('/').slice(1);
  let bucket: string | undefined;
  for (let i = 0; i < want.length; i++) {
    const segment = want[i];
    if (segment === '*') return have.length > i ? { bucket, key: have.slice(i).join('/') } : undefined;
    const part = have[i];
    if (part === undefined) return undefined;
    if (segment === ':bucket') {
      if (part === '') return undefined;
      bucket = part;
    } else if (segment !== part) {
      return undefined;
    }
  }
  return have.length === want.length ? { bucket, key: undefined } : undefined;
}

/** The first route of `method` whose pattern fits `path` (the table lists static routes first). */
export function matchStorageRoute(method: string, path: string): RouteMatch | undefined {
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const found = matchPath(route.path, path);
    if (found) return { route, ...found };
  }
  return undefined;
}
