import { PGlite, type ParserOptions } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { hstore } from '@electric-sql/pglite/contrib/hstore';
import { intarray } from '@electric-sql/pglite/contrib/intarray';
import { isn } from '@electric-sql/pglite/contrib/isn';
import { ltree } from '@electric-sql/pglite/contrib/ltree';
import { seg } from '@electric-sql/pglite/contrib/seg';
import { tablefunc } from '@electric-sql/pglite/contrib/tablefunc';
import { tsm_system_rows } from '@electric-sql/pglite/contrib/tsm_system_rows';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import pg from 'pg';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';

// Node 24's V8 (13.6) can free a WebAssembly import wrapper twice when its wasm code GC runs while a
// call tiers that wrapper up, and the process dies with "Check failed: jit_page_->allocations_.erase
// (addr) == 1" (nodejs/node#64500; V8 fixed it in "[wasm] Fix lookup of wrappers marked is_dying",
// which 24.x does not carry). PGlite is the only WebAssembly here, and it killed `npm run dev` once on
// CI while the migrations ran. Without wasm code GC, code a module no longer uses stays until the
// module itself goes; measured over 15 PGlite open/close cycles: the same peak memory and time.
// Every process that opens PGlite imports this file first (the server, the tests, the scripts).
setFlagsFromString('--no-wasm-code-gc');

/**
 * One small interface over the two databases the local server can run on: PGlite (Postgres in
 * WebAssembly, one connection, the default) and a real PostgreSQL (DATABASE_URL). Everything above
 * this file talks to `Database` and never to a driver.
 */
export interface QueryResult<T> {
  rows: T[];
  /** Rows changed by INSERT/UPDATE/DELETE, when the driver reports it. */
  affectedRows?: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements (no parameters). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; it commits when `fn` resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Subscribes to NOTIFY on `channel`; resolves to a function that unsubscribes. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// Values are returned as Postgres renders them (text) for the types whose JS conversion loses
// information: numeric, int8 and json would otherwise be rounded through floats.
const TEXT_TYPES = [20, 114, 1700, 3802] as const; // int8, json, numeric, jsonb

/** Hosted Supabase's superuser; `postgres` (what migrations run as) is an ordinary role there. */
export const SUPERUSER = 'supabase_admin';

/**
 * PGlite's data directory is made by initdb with `postgres` as its bootstrap superuser, and a
 * bootstrap superuser cannot be demoted. As the hosted image does (initdb as supabase_admin, then
 * `postgres` created without SUPERUSER), the bootstrap role is renamed supabase_admin and a plain
 * `postgres` is created, on a new database; a database already converted is opened as supabase_admin.
 * Renaming needs a session that is not the role's own: a temporary superuser's, dropped afterwards.
 */
async function openPgliteAsSuperuser(
  options: { dataDir?: string; loadDataDir?: Blob },
  parsers: ParserOptions,
): Promise<PGlite> {
  const base = {
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    // pg_trgm: the admin users search's trigram indexes (a migration creates the extension). The
    // others: the trusted contrib extensions a hosted project may create as `postgres` that PGlite
    // ships (supautils.privileged_extensions ∩ PostgreSQL's trusted contrib; hosted-roles.test.ts).
    extensions: {
      pgcrypto,
      pg_trgm,
      btree_gin,
      btree_gist,
      citext,
      cube,
      earthdistance,
      fuzzystrmatch,
      hstore,
      intarray,
      isn,
      ltree,
      seg,
      tablefunc,
      tsm_system_rows,
      unaccent,
      uuid_ossp,
    },
    parsers,
  };
  // A data folder made here before is converted already: open it as the superuser at once. Each
  // PGlite.create starts Postgres anew (the WebAssembly compiled, the data and the extensions
  // unpacked): about a third of a test file's set-up went on the probe opening that preceded it.
  const hasData =
    options.loadDataDir !== undefined ||
    (options.dataDir !== undefined && existsSync(join(options.dataDir, 'PG_VERSION')));
  if (hasData) {
    const direct = await PGlite.create({ ...base, username: SUPERUSER }).catch((error: unknown) => {
      // Made before the conversion: no such role yet, so open it as `postgres` below.
      if (String(error).includes(`role "${SUPERUSER}" does not exist`)) return null;
      throw error;
    });
    if (direct) {
      const { rows } = await direct.query<{ rolsuper: boolean }>(
        'select rolsuper from pg_roles where rolname = current_user',
      );
      if (rows[0]?.rolsuper) return direct;
      // An older database's plain supabase_admin (it owns nothing): converted below.
      await direct.close();
    }
  }
  const first = await PGlite.create(base);
  const { rows } = await first.query<{ converted: boolean }>(
    `select exists (select 1 from pg_roles where rolname = $1 and rolsuper) as converted`,
    [SUPERUSER],
  );
  if (rows[0]?.converted) {
    // Opened as the plain `postgres` role: reopen as the superuser.
    await first.close();
    return PGlite.create({ ...base, username: SUPERUSER });
  }
  await first.exec(`
    create role lc_bootstrap superuser;
    set session authorization lc_bootstrap;
    -- Older local databases have a plain supabase_admin role that owns nothing: it makes way.
    drop role if exists ${SUPERUSER};
    alter role postgres rename to ${SUPERUSER};
    create role postgres login createdb createrole replication bypassrls;
    set session authorization ${SUPERUSER};
    drop role lc_bootstrap;`);
  return first;
}

/** A PGlite database; `dump` is its whole data folder (for a test's migrated template). */
export type PgliteDatabase = Database & { dump(): Promise<Blob> };

/**
 * PGlite in memory, or in `dataDir`; `loadDataDir` starts it from a dump (a folder `dump()` gave),
 * which the tests use to skip the migrations each file would otherwise run (supabase/tests/helpers).
 */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<PgliteDatabase> {
  const parsers = Object.fromEntries(TEXT_TYPES.map((oid) => [oid, (value: string) => value]));
  // PGlite creates its own folder but not the parents: a fresh clone has no supabase/.local/ yet.
  if (options.dataDir) mkdirSync(dirname(options.dataDir), { recursive: true });
  const db = await openPgliteAsSuperuser(options, parsers);

  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, params as unknown[]);
      return {
        rows: result.rows,
        ...(result.affectedRows !== undefined ? { affectedRows: result.affectedRows } : {}),
      };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });

  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    async listen(channel, handler) {
      const unlisten = await db.listen(channel, handler);
      return async () => {
        await unlisten();
      };
    },
    close: () => db.close(),
    dump: async () => {
      const dumped = await db.dumpDataDir('none');
      return dumped;
    },
  };
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const types = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if ((TEXT_TYPES as readonly number[]).includes(oid)) return (value: string) => value;
      return pg.types.getTypeParser(oid, format);
    },
  };
  const pool = new pg.Pool({ connectionString, types, max: 10 });
  // An idle client that dies (server restart) must not crash the process.
  pool.on('error', () => undefined);

  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query(sql, params as unknown[]);
      return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await target.query(sql);
    },
  });

  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, handler) {
      if (!listener) {
        listener = new pg.Client({ connectionString, types });
        listener.on('error', () => undefined);
        await listener.connect();
        listener.on('notification', (message) => {
          for (const h of handlers.get(message.channel) ?? []) h(message.payload ?? '');
        });
      }
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await listener.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
      };
    },
    async close() {
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

/** PGlite unless a PostgreSQL connection string is given. */
export function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(options.dataDir ? { dataDir: options.dataDir } : {});
}
