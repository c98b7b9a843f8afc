import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/engine';
import type { JwtClaims } from '../gateway/keys';

/**
 * Realtime Authorization as Supabase Realtime checks it (lib/realtime/tenants/authorization.ex):
 * a private channel's reader and writer are decided by the RLS policies on `realtime.messages`,
 * asked as the channel's role and claims with `realtime.topic()` set to the channel's name.
 * Read: probe rows for the topic are inserted (as the owner), then selected as the role; a row the
 * role can see is permission. Write: the role inserts a row; RLS refusing it is no permission.
 * Both run in a transaction that is rolled back, so nothing is kept. No policy means no access.
 */
export type Extension = 'broadcast' | 'presence';

export interface Access {
  read: boolean | undefined;
  write: boolean | undefined;
}

export interface Policies {
  broadcast: Access;
  presence: Access;
}

export const noPolicies = (): Policies => ({
  broadcast: { read: undefined, write: undefined },
  presence: { read: undefined, write: undefined },
});

export interface AuthorizationContext {
  /** The channel's name: the topic without `realtime:`, what realtime.topic() answers. */
  topic: string;
  role: string;
  claims: JwtClaims;
  headers?: Record<string, string>;
}

/** Thrown inside the transaction to end it in a rollback while carrying the answer out. */
class Probe<T> extends Error {
  constructor(readonly value: T) {
    super('rollback');
  }
}

async function rolledBack<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new Probe(await fn(tx));
    });
  } catch (error) {
    if (error instanceof Probe) return error.value as T;
    throw error;
  }
  throw new Error('unreachable: the probe transaction always rolls back');
}

async function actAs(tx: Queryable, ctx: AuthorizationContext): Promise<void> {
  const sub = typeof ctx.claims.sub === 'string' ? ctx.claims.sub : '';
  await tx.query(
    `select set_config('role', $1, true), set_config('realtime.topic', $2, true),
       set_config('request.jwt.claims', $3, true), set_config('request.jwt.claim.sub', $4, true),
       set_config('request.jwt.claim.role', $1, true), set_config('request.headers', $5, true)`,
    [ctx.role, ctx.topic, JSON.stringify(ctx.claims), sub, JSON.stringify(ctx.headers ?? {})],
  );
}

/** Read permission per extension (presence only when asked: a join without presence skips it). */
export async function readAccess(
  db: Database,
  ctx: AuthorizationContext,
  extensions: readonly Extension[],
): Promise<Map<Extension, boolean>> {
  return rolledBack(db, async (tx) => {
    const ids = new Map(extensions.map((ext) => [ext, randomUUID()]));
    for (const [ext, id] of ids) {
      await tx.query(
        'insert into realtime.messages (id, topic, extension, private) values ($1, $2, $3, true)',
        [id, ctx.topic, ext],
      );
    }
    await actAs(tx, ctx);
    const { rows } = await tx.query<{ id: string }>(
      'select id::text from realtime.messages where id = any($1::uuid[])',
      [[...ids.values()]],
    );
    const seen = new Set(rows.map((r) => r.id));
    return new Map([...ids].map(([ext, id]) => [ext, seen.has(id)]));
  });
}

/** Write permission for one extension: whether RLS lets the role insert a message on the topic. */
export async function writeAccess(db: Database, ctx: AuthorizationContext, ext: Extension): Promise<boolean> {
  return rolledBack(db, async (tx) => {
    await actAs(tx, ctx);
    try {
      await tx.query('insert into realtime.messages (topic, extension, private) values ($1, $2, true)', [
        ctx.topic,
        ext,
      ]);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === '42501') return false;
      throw error;
    }
  });
}

export const unauthorizedRead = (topic: string): string =>
  `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`;
