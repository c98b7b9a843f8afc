import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAuthService } from './auth/router';
import { loadProjectConfig, type AuthConfig, type ProjectConfig } from './config';
import { openPglite, openPostgres, type Database } from './db/engine';
import { bootstrapDatabase, type BootstrapResult } from './db/migrate';
import { createDevService } from './dev/service';
import { createGateway, type Service } from './gateway/gateway';
import { JwtVerifier, resolveKeys, type Keys } from './gateway/keys';
import type { ServiceName } from './gateway/routes';
import { Outbox } from './mail/outbox';
import { loadProductTemplates, startMailDelivery } from './mail/product';
import { Realtime } from './realtime/server';
import { createRestService } from './rest/service';
import { diskBlobStore, memoryBlobStore } from './storage/blob-store';
import { createStorageService } from './storage/service';

export interface LocalSupabaseOptions {
  /** 0 picks a free port; default 54321 (the Supabase CLI's). */
  port?: number;
  host?: string;
  /** Keep the database in memory (a fresh database every start). */
  memory?: boolean;
  /** Where the PGlite files and the outbox live; default <projectDir>/.local. */
  dataDir?: string;
  /** Use this PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /**
   * With `memory`: start PGlite from this dump (a data folder PGlite's `dump()` gave) instead of an
   * empty cluster. Tests pass a migrated template, which skips initdb and the migrations; the
   * bootstrap still runs on it and applies whatever the dump lacks.
   */
  pgliteDump?: Blob;
  /** Folder with config.toml, migrations/ and seed.sql; default the repository's supabase/. */
  projectDir?: string;
  authOverrides?: Partial<AuthConfig>;
  jwtSecret?: string;
  anonKey?: string;
  serviceRoleKey?: string;
  /** `sb_publishable_…` key; derived from a custom jwtSecret when not given. */
  publishableKey?: string;
  /** `sb_secret_…` key; derived from a custom jwtSecret when not given. */
  secretKey?: string;
  /** bcrypt cost for new password hashes; default 10 as GoTrue. Tests may lower it to save CPU. */
  bcryptCost?: number;
  /** Silence request-independent logging (tests). */
  quiet?: boolean;
  /**
   * Proxies (addresses or CIDR ranges) whose X-Forwarded-For is believed. Without any, Postgres sees
   * the socket's peer address as the client's, whatever the request claims.
   */
  trustedProxies?: string[];
  /**
   * Clock of the auth rate limits kept in memory (per-IP request buckets, the hourly mail budget), so
   * tests can step to either side of a window; Date.now by default. Limits kept in the database
   * follow the database clock: tests backdate rows instead.
   */
  now?: () => number;
}

export interface LocalSupabase {
  url: string;
  port: number;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  jwtSecret: string;
  db: Database;
  config: ProjectConfig;
  dataDir: string | undefined;
  outboxDir: string | undefined;
  bootstrap: BootstrapResult;
  /** Reloads the REST schema cache and role settings, as PostgREST's `NOTIFY pgrst, 'reload schema'`. */
  reloadRestSchema(): Promise<void>;
  /** Cuts every realtime socket, as a network drop would; returns how many were open. */
  dropRealtimeConnections(): number;
  /** Changes auth settings of the running server (tests: short token expiry, confirmations on). */
  setAuthOverrides(overrides: Partial<AuthConfig>): void;
  /**
   * Delivers the product mails that are due (private.mail_outbox) to the outbox now and answers how
   * many; the server also does it by itself after each commit that queues one. 0 for a project
   * without the mail outbox.
   */
  deliverMail(): Promise<number>;
  stop(): Promise<void>;
}

export const DEFAULT_PROJECT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The options resolved into what the parts need: project config, keys, where to listen and keep data. */
interface Settings {
  projectDir: string;
  config: ProjectConfig;
  dataDir: string | undefined;
  keys: Keys;
  verifier: JwtVerifier;
  host: string;
  port: number;
}

async function resolveSettings(options: LocalSupabaseOptions): Promise<Settings> {
  const projectDir = resolve(options.projectDir ?? DEFAULT_PROJECT_DIR);
  const dataDir =
    options.memory && !options.dataDir ? undefined : resolve(options.dataDir ?? join(projectDir, '.local'));
  const keyOverrides: Partial<Keys> = {};
  for (const name of ['jwtSecret', 'anonKey', 'serviceRoleKey', 'publishableKey', 'secretKey'] as const) {
    const value = options[name];
    if (value) keyOverrides[name] = value;
  }
  const keys = await resolveKeys(keyOverrides);
  return {
    projectDir,
    config: loadProjectConfig(projectDir, options.authOverrides),
    dataDir,
    keys,
    verifier: new JwtVerifier(keys.jwtSecret),
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 54321,
  };
}

/** PGlite (in memory or in the data dir) or the given PostgreSQL, with migrations and seed applied. */
async function openDatabase(
  options: LocalSupabaseOptions,
  settings: Settings,
): Promise<{ db: Database; bootstrap: BootstrapResult }> {
  const { dataDir } = settings;
  const db = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(
        options.memory || !dataDir
          ? options.pgliteDump
            ? { loadDataDir: options.pgliteDump }
            : {}
          : { dataDir: join(dataDir, 'db') },
      );
  try {
    return { db, bootstrap: await bootstrapDatabase(db, { projectDir: settings.projectDir }) };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

/** GoTrue, PostgREST and Realtime on the database, and the development routes; `apiUrl` once listening. */
async function startServices(
  db: Database,
  settings: Settings,
  options: LocalSupabaseOptions,
  apiUrl: () => string,
) {
  const { config, keys, verifier } = settings;
  const outboxDir = settings.dataDir ? join(settings.dataDir, 'outbox') : undefined;
  const outbox = new Outbox(outboxDir);
  const auth = createAuthService({
    db,
    config: config.auth,
    keys,
    verifier,
    apiUrl,
    outbox,
    bcryptCost: options.bcryptCost ?? 10,
    ...(options.now ? { now: options.now } : {}),
  });
  const rest = createRestService({ db, api: config.api, verifier, anonRole: 'anon' });
  await rest.cache.reload();
  // PostgREST reloads its schema cache and in-database settings on `NOTIFY pgrst` ('reload schema',
  // 'reload config', or empty): the documented way to turn on aggregates ends with one.
  const stopRestListener = await db.listen('pgrst', () => {
    rest.cache.reload().catch(() => undefined);
  });
  const realtime = new Realtime({
    db,
    keys,
    verifier,
    quiet: (options.quiet ?? false) && !process.env['LOCAL_SUPABASE_DEBUG'],
  });
  await realtime.start();
  const mail = await startProductMail(db, outbox, settings);
  // Stored files go with the database: in memory for --memory, else under the data dir.
  const blobs =
    options.memory || !settings.dataDir
      ? memoryBlobStore()
      : diskBlobStore(join(settings.dataDir, 'storage'));
  const services: Record<ServiceName, Service> = {
    auth,
    rest: (request) => rest.handle(request),
    realtime: (request) => realtime.handleHttp(request),
    storage: createStorageService({ db, verifier, jwtSecret: keys.jwtSecret, blobs }),
    local: createDevService({ db, outbox, auth: config.auth, realtime }),
  };
  return { services, rest, realtime, outboxDir, mail, stopRestListener };
}

/** The delivery loop of the product's mail outbox, for a project whose migrations create one. */
async function startProductMail(db: Database, outbox: Outbox, settings: Settings) {
  const { rows } = await db.query<{ present: boolean }>(
    `select to_regprocedure('public.claim_member_mails(int, int)') is not null as present`,
  );
  if (!rows[0]?.present) return undefined;
  return startMailDelivery({
    db,
    outbox,
    templates: loadProductTemplates(settings.projectDir),
    siteUrl: () => settings.config.auth.siteUrl,
  });
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise<number>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolveListen((server.address() as AddressInfo).port));
  });
}

/** Config, database, services, gateway: the local Supabase, as GoTrue's serve() composes its parts. */
export async function startLocalSupabase(options: LocalSupabaseOptions = {}): Promise<LocalSupabase> {
  const settings = await resolveSettings(options);
  const { config, keys, verifier, host } = settings;
  // Fail before touching the data dir: a second server on the same PGlite files would corrupt them.
  if (settings.port !== 0) await assertPortFree(host, settings.port);
  const { db, bootstrap } = await openDatabase(options, settings);

  let baseUrl = '';
  const { services, rest, realtime, outboxDir, mail, stopRestListener } = await startServices(
    db,
    settings,
    options,
    () => baseUrl,
  );
  const server = createGateway({
    keys,
    verifier,
    trustedProxies: options.trustedProxies,
    services,
    onUpgrade: (req, socket, head) => realtime.handleUpgrade(req, socket, head),
  });

  let port: number;
  try {
    port = await listen(server, host, settings.port);
  } catch (error) {
    await mail?.stop();
    await stopRestListener();
    await realtime.stop();
    await db.close().catch(() => undefined);
    throw error;
  }
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let stopped = false;
  return {
    url: baseUrl,
    port,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    publishableKey: keys.publishableKey,
    secretKey: keys.secretKey,
    jwtSecret: keys.jwtSecret,
    db,
    config,
    dataDir: settings.dataDir,
    outboxDir,
    bootstrap,
    reloadRestSchema: () => rest.cache.reload(),
    dropRealtimeConnections: () => realtime.dropConnections(),
    setAuthOverrides: (overrides) => {
      // The auth service reads this object on every request.
      Object.assign(config.auth, overrides);
    },
    deliverMail: () => mail?.deliverNow() ?? Promise.resolve(0),
    async stop() {
      if (stopped) return;
      stopped = true;
      await mail?.stop();
      await stopRestListener();
      await realtime.stop();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await db.close().catch(() => undefined);
    },
  };
}

/**
 * `npm run supabase:reset`: forgets the local database so the next start applies every migration and
 * seed.sql again. PGlite: deletes <dataDir>/db, the outbox and the stored files. DATABASE_URL: drops
 * every user schema (public is recreated empty) and the stored files. Returns a line for the terminal.
 */
export async function resetLocalDatabase(options: {
  dataDir: string;
  databaseUrl?: string;
}): Promise<string> {
  if (options.databaseUrl) {
    const db = await openPostgres(options.databaseUrl);
    try {
      // Every user schema goes (migrations may create any); roles are cluster-wide and kept.
      await db.exec(`
        do $$
        declare s text;
        begin
          for s in select nspname from pg_namespace
                   where nspname not like 'pg\\_%' and nspname <> 'information_schema' loop
            execute format('drop schema %I cascade', s);
          end loop;
        end
        $$;
        drop publication if exists supabase_realtime;
        create schema public;`);
    } finally {
      await db.close();
    }
    // The rows that named them are gone.
    rmSync(join(options.dataDir, 'storage'), { recursive: true, force: true });
    return `Reset ${options.databaseUrl.replace(/\/\/[^@]*@/, '//***@')}: migrations and seed run at the next start.`;
  }
  for (const sub of ['db', 'outbox', 'storage'])
    rmSync(join(options.dataDir, sub), { recursive: true, force: true });
  return `Removed ${join(options.dataDir, 'db')}, the outbox and the stored files: migrations and seed run at the next start.`;
}

function assertPortFree(host: string, port: number): Promise<void> {
  return new Promise((resolvePort, reject) => {
    const probe = createNetServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`${host}:${port} is already in use (another local Supabase, e.g. npm run dev?)`)
          : error,
      ),
    );
    probe.listen(port, host, () => probe.close(() => resolvePort()));
  });
}
