import type { Database } from '../db/engine';
import type { GatewayRequest, Reply } from '../gateway/http';
import type { BlobStore } from './blob-store';
import type { Authenticator, Caller } from './caller';
import type { RequestScope } from './scope';

/** What every storage handler shares. */
export interface StorageContext {
  db: Database;
  blobs: BlobStore;
  authenticator: Authenticator;
  /** The project's JWT secret: signed URLs are signed and checked with it, as on hosted. */
  jwtSecret: string;
  /** The largest file accepted, in bytes (hosted's global upload limit; a bucket may set less). */
  fileSizeLimit: number;
}

/** One routed request: the raw request, its route parameters (decoded) and its caller. */
export interface StorageRequest {
  http: GatewayRequest;
  /** The bucket id of the route, when it names one. */
  bucket: string;
  /** The object key of the route (everything after the bucket), when it has one. */
  key: string;
  caller: Caller;
  /** The database scope for `caller` (or another role: storage's superuser lookups). */
  scope: RequestScope;
}

export type Handler = (ctx: StorageContext, req: StorageRequest) => Promise<Reply>;
