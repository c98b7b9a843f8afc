/**
 * What the REST handlers share: the database, the API settings, the schema cache and PostgREST's
 * per-request transaction (its settings first), which ends in a rollback when the request or the
 * server asks for one.
 */
import type { ApiConfig } from '../config';
import type { Database, Queryable } from '../db/engine';
import type { GatewayRequest, Reply } from '../gateway/http';
import type { JwtClaims } from '../gateway/keys';
import { ApiError, pgrstError } from './errors';
import { requestSettingsSql } from './statements';
import type { SchemaCache } from './schema-cache';

export type Auth = { role: string; claims: JwtClaims };

export interface RestRuntime {
  db: Database;
  api: ApiConfig;
  cache: SchemaCache;
}

/** A rollback carrying the reply to send (singular violations, max-affected, tx=rollback). */
export class Rollback extends Error {
  constructor(readonly reply: Reply | ApiError) {
    super('rollback');
  }
}

/** Prefer: handling=strict, max-affected=N (PGRST124 rolls the transaction back). */
export function checkMaxAffected(n: number, maxAffected: number | undefined): void {
  if (maxAffected !== undefined && n > maxAffected) throw new Rollback(pgrstError.PGRST124(n));
}

/** The request's pieces the transaction is set up from. */
export interface RunContext {
  req: GatewayRequest;
  schema: string;
  auth: Auth;
  readOnly: boolean;
  /** Settings only the server's own role may change, made before the switch to the request's role. */
  asServer?: (tx: Queryable) => Promise<void>;
}

/**
 * Runs `work` in one transaction prepared as PostgREST prepares it. A `Rollback` thrown inside undoes
 * the transaction and answers what it carries.
 */
export async function runInTransaction(
  rt: RestRuntime,
  run: RunContext,
  work: (tx: Queryable) => Promise<Reply>,
): Promise<Reply> {
  try {
    return await rt.db.transaction(async (tx) => {
      await run.asServer?.(tx);
      // The role's own `alter role … set` settings (statement_timeout and the like) apply first, as in PostgREST.
      const settings = requestSettingsSql({
        ...run,
        extraSearchPath: rt.api.extraSearchPath,
        roleSettings: rt.cache.roleSettings(run.auth.role),
      });
      await tx.query(settings.sql, settings.values);
      return work(tx);
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
    if (error.reply instanceof ApiError) throw error.reply;
    return error.reply;
  }
}
