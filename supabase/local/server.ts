import { rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAuthService } from './auth/router';
import { localTotpCode } from './auth/mfa';
import { loadProjectConfig, type AuthConfig, type ProjectConfig } from './config';
import { openPglite, openPostgres, type Database } from './db/engine';
import { bootstrapDatabase, type BootstrapResult } from './db/migrate';
import { ClientAddressResolver, withClientAddress } from './gateway/client-address';
import { corsHeaders, preflightHeaders } from './gateway/cors';
import {
  json,
  MAX_URL_BYTES,
  PayloadTooLarge,
  readBody,
  send,
  type GatewayRequest,
  type Reply,
} from './gateway/http';
import { JwtVerifier, mapAuthorization, resolveKeys, type Keys } from './gateway/keys';
import { Outbox } from './mail/outbox';
import { Realtime } from './realtime/server';
import { createRestService } from './rest/service';

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
  stop(): Promise<void>;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

export const DEFAULT_PROJECT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const INVALID_KEY = {
  message: 'Invalid API key',
  hint: 'Double check your Supabase `anon` or `service_role` API key.',
};
const MISSING_KEY = {
  message: 'No API key found in request',
  hint: 'No `apikey` request header or url param was found.',
};
// Kong lets e-mail links through without a key: a mail client cannot add headers.
const OPEN_AUTH_ROUTES = new Set(['/verify', '/callback', '/authorize']);

export async function startLocalSupabase(options: LocalSupabaseOptions = {}): Promise<LocalSupabase> {
  const projectDir = resolve(options.projectDir ?? DEFAULT_PROJECT_DIR);
  const config = loadProjectConfig(projectDir, options.authOverrides);
  const dataDir =
    options.memory && !options.dataDir ? undefined : resolve(options.dataDir ?? join(projectDir, '.local'));
  const keyOverrides: Partial<Keys> = {};
  if (options.jwtSecret) keyOverrides.jwtSecret = options.jwtSecret;
  if (options.anonKey) keyOverrides.anonKey = options.anonKey;
  if (options.serviceRoleKey) keyOverrides.serviceRoleKey = options.serviceRoleKey;
  if (options.publishableKey) keyOverrides.publishableKey = options.publishableKey;
  if (options.secretKey) keyOverrides.secretKey = options.secretKey;
  const keys = await resolveKeys(keyOverrides);
  const verifier = new JwtVerifier(keys.jwtSecret);
  const clientAddress = new ClientAddressResolver(options.trustedProxies);

  const host = options.host ?? '127.0.0.1';
  const wantedPort = options.port ?? 54321;
  // Fail before touching the data dir: a second server on the same PGlite files would corrupt them.
  if (wantedPort !== 0) await assertPortFree(host, wantedPort);

  const db = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(options.memory || !dataDir ? {} : { dataDir: join(dataDir, 'db') });
  let bootstrap: BootstrapResult;
  try {
    bootstrap = await bootstrapDatabase(db, { projectDir });
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }

  const outboxDir = dataDir ? join(dataDir, 'outbox') : undefined;
  const outbox = new Outbox(outboxDir);
  let baseUrl = '';
  const auth = createAuthService({
    db,
    config: config.auth,
    keys,
    verifier,
    apiUrl: () => baseUrl,
    outbox,
    bcryptCost: options.bcryptCost ?? 10,
    ...(options.now ? { now: options.now } : {}),
  });
  const rest = createRestService({ db, api: config.api, verifier, anonRole: 'anon' });
  await rest.cache.reload();
  const realtime = new Realtime({
    db,
    keys,
    verifier,
    quiet: (options.quiet ?? false) && !process.env['LOCAL_SUPABASE_DEBUG'],
  });
  await realtime.start();

  function isKnownKey(key: string): boolean {
    return (
      key === keys.anonKey ||
      key === keys.serviceRoleKey ||
      key === keys.publishableKey ||
      key === keys.secretKey
    );
  }

  async function checkApiKey(apikey: string | undefined): Promise<Reply | undefined> {
    if (!apikey) return json(401, MISSING_KEY);
    if (isKnownKey(apikey)) return undefined;
    // An API key signed with the project's secret is accepted; a user's session token is not a key.
    const result = await verifier.verify(apikey);
    const keyRole = result.ok && (result.claims.role === 'anon' || result.claims.role === 'service_role');
    return keyRole && result.ok && result.claims.sub === undefined ? undefined : json(401, INVALID_KEY);
  }

  /**
   * The outbox holds working sign-in links and codes, so it answers only to the service_role key or
   * the sb_secret_ key (apikey header or bearer), like the admin API would.
   */
  async function holdsServiceKey(
    apikey: string | undefined,
    authorization: string | undefined,
  ): Promise<boolean> {
    const bearer = mapAuthorization(keys, authorization, apikey);
    if (!bearer) return false;
    const result = await verifier.verify(bearer);
    return result.ok && result.claims.role === 'service_role';
  }

  async function localRoutes(path: string, query: URLSearchParams): Promise<Reply | undefined> {
    if (path === '/__local/outbox') return json(200, outbox.list(query.get('to') ?? undefined));
    if (path === '/__local/totp') {
      const found = await localTotpCode(db, query.get('email') ?? '');
      return found ? json(200, found) : json(404, { message: 'No authenticator enrolled for that e-mail' });
    }
    // Browser tests that keep a page open across token refreshes and reconnects (service key only).
    if (path === '/__local/auth-settings' && query.has('jwt_expiry')) {
      const seconds = Number(query.get('jwt_expiry'));
      if (!Number.isInteger(seconds) || seconds < 10) {
        return json(400, { message: 'jwt_expiry must be a whole number of seconds, at least 10' });
      }
      config.auth.jwtExpiry = seconds;
      return json(200, { jwt_expiry: seconds });
    }
    if (path === '/__local/realtime/drop') return json(200, { dropped: realtime.dropConnections() });
    if (path === '/__local/outbox/latest') {
      const mail = outbox.latest(query.get('to') ?? undefined);
      return mail ? json(200, mail) : json(404, { message: 'No mail yet' });
    }
    return undefined;
  }

  async function route(req: IncomingMessage): Promise<Reply> {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname;
    const method = (req.method ?? 'GET').toUpperCase();
    if (path.startsWith('/__local/')) {
      const apikey = header(req, 'apikey') ?? url.searchParams.get('apikey') ?? undefined;
      if (!(await holdsServiceKey(apikey, header(req, 'authorization')))) {
        return json(401, {
          message: 'The local outbox needs the service_role or sb_secret_ key (apikey header).',
        });
      }
      return (await localRoutes(path, url.searchParams)) ?? json(404, { message: 'Not found' });
    }
    if (path === '/' || path === '') {
      return json(200, {
        name: 'local supabase',
        auth: '/auth/v1',
        rest: '/rest/v1',
        realtime: '/realtime/v1/websocket',
      });
    }
    const service = /^\/(auth|rest|realtime)\/v1(\/.*)?$/.exec(path);
    if (!service) return json(404, { message: 'no Route matched with those values' });
    const subPath = service[2] ?? '/';
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    }
    // As hosted's edge does: the database's rate limits key on cf-connecting-ip, which the client cannot set.
    withClientAddress(headers, clientAddress.resolve(req), clientAddress.peer(req));
    const apikey = headers['apikey'] ?? url.searchParams.get('apikey') ?? undefined;
    const open = service[1] === 'auth' && OPEN_AUTH_ROUTES.has(subPath) && method === 'GET';
    if (!open) {
      const refused = await checkApiKey(apikey);
      if (refused) return refused;
    }
    const greq: GatewayRequest = {
      method,
      path: subPath,
      query: url.searchParams,
      headers,
      bearer: mapAuthorization(keys, headers['authorization'], apikey),
      body: method === 'GET' || method === 'HEAD' ? '' : await readBody(req),
      raw: req,
    };
    if (service[1] === 'realtime') return realtime.handleHttp(greq);
    return service[1] === 'auth' ? auth(greq) : rest.handle(greq);
  }

  // Local-only routes are for this machine's tools and tests, never for web pages: no CORS at all, so
  // a page open in the developer's browser cannot read mailed links.
  const isLocalRoute = (req: IncomingMessage): boolean => (req.url ?? '').startsWith('/__local/');
  const corsFor = (req: IncomingMessage): Record<string, string> =>
    isLocalRoute(req) ? {} : corsHeaders(req);

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if ((req.method ?? '').toUpperCase() === 'OPTIONS') {
      if (isLocalRoute(req)) res.writeHead(403);
      else res.writeHead(200, preflightHeaders(req));
      res.end();
      return;
    }
    if ((req.url ?? '').length > MAX_URL_BYTES) {
      send(req, res, json(414, { message: 'URI Too Long' }), corsHeaders(req));
      return;
    }
    route(req)
      .then((reply) => send(req, res, reply, corsFor(req)))
      .catch((error: unknown) => {
        if (error instanceof PayloadTooLarge) {
          send(
            req,
            res,
            json(413, { message: 'Payload Too Large' }, { connection: 'close' }),
            corsHeaders(req),
          );
          return;
        }
        // A bug in one request must never take the server down.
        console.error('[local-supabase] unhandled request error:', error);
        if (!res.headersSent) send(req, res, json(500, { message: 'Internal server error' }), corsFor(req));
        else res.end();
      });
  });
  server.on('upgrade', (req, socket, head) => realtime.handleUpgrade(req, socket, head));
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket) => {
    // Over-long URLs overflow Node's header limit: answer 414 (431 for other big headers), never a reset.
    if (error.code === 'HPE_HEADER_OVERFLOW' && socket.writable) {
      const firstLine = (error.rawPacket?.toString('latin1') ?? '').split('\r\n')[0] ?? '';
      const status =
        firstLine.length > MAX_URL_BYTES || !firstLine.endsWith('HTTP/1.1')
          ? '414 URI Too Long'
          : '431 Request Header Fields Too Large';
      socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
      return;
    }
    socket.destroy();
  });

  try {
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(wantedPort, host, () => resolveListen());
    });
  } catch (error) {
    await realtime.stop();
    await db.close().catch(() => undefined);
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
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
    dataDir,
    outboxDir,
    bootstrap,
    reloadRestSchema: () => rest.cache.reload(),
    dropRealtimeConnections: () => realtime.dropConnections(),
    setAuthOverrides: (overrides) => {
      // The auth service reads this object on every request.
      Object.assign(config.auth, overrides);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await realtime.stop();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await db.close().catch(() => undefined);
    },
  };
}

/**
 * `npm run supabase:reset`: forgets the local database so the next start applies every migration and
 * seed.sql again. PGlite: deletes <dataDir>/db and the outbox. DATABASE_URL: drops every user schema
 * (public is recreated empty). Returns a line for the terminal.
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
    return `Reset ${options.databaseUrl.replace(/\/\/[^@]*@/, '//***@')}: migrations and seed run at the next start.`;
  }
  for (const sub of ['db', 'outbox']) rmSync(join(options.dataDir, sub), { recursive: true, force: true });
  return `Removed ${join(options.dataDir, 'db')} and the outbox: migrations and seed run at the next start.`;
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
