import type { Database, Queryable } from '../db/engine';
import type { Caller } from './caller';

/**
 * Storage's database scope (supabase/storage src/internal/database/postgres/scope.ts): every
 * statement of a request runs in a transaction that first becomes the caller's role and sets what
 * RLS policies read — request.jwt.claims (so auth.uid(), auth.jwt() and auth.role() work),
 * request.jwt.claim.sub/role, request.jwt, request.headers, request.method, request.path — plus
 * storage.operation (the API operation, for storage.operation() and allow_only_operation()) and
 * storage.allow_delete_query, which lets the storage server's own DELETEs past storage.protect_delete.
 */
export interface RequestScope {
  method: string;
  /** The request's path, as the storage server saw it (below /storage/v1). */
  path: string;
  headers: Record<string, string>;
  /** Storage's operation name, e.g. 'storage.object.upload' (src/http/routes/operations.ts). */
  operation: string;
}

async function enter(tx: Queryable, caller: Caller, scope: RequestScope): Promise<void> {
  await tx.query(
    `select set_config('role', $1, true), set_config('request.jwt.claim.role', $1, true),
       set_config('request.jwt', $2, true), set_config('request.jwt.claim.sub', $3, true),
       set_config('request.jwt.claims', $4, true), set_config('request.headers', $5, true),
       set_config('request.method', $6, true), set_config('request.path', $7, true),
       set_config('storage.operation', $8, true), set_config('storage.allow_delete_query', 'true', true)`,
    [
      caller.role,
      caller.jwt,
      caller.sub ?? '',
      JSON.stringify(caller.claims),
      JSON.stringify(scope.headers),
      scope.method,
      scope.path,
      scope.operation,
    ],
  );
}

/** Runs `work` as `caller` in one transaction, committed when it resolves. */
export function asCaller<T>(
  db: Database,
  caller: Caller,
  scope: RequestScope,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await enter(tx, caller, scope);
    return work(tx);
  });
}

/** Thrown inside the probe's transaction to end it in a rollback while carrying the answer out. */
class ProbeRollback<T> extends Error {
  constructor(readonly value: T) {
    super('rollback');
  }
}

/**
 * Runs `work` as `caller` and always rolls back: storage's testPermission, which tries a write
 * under the caller's policies before any bytes are stored.
 */
export async function probeAsCaller<T>(
  db: Database,
  caller: Caller,
  scope: RequestScope,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      await enter(tx, caller, scope);
      throw new ProbeRollback(await work(tx));
    });
  } catch (error) {
    if (error instanceof ProbeRollback) return error.value as T;
    throw error;
  }
  throw new Error('unreachable: the probe transaction always rolls back');
}
