import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { RELAXED_RATE_LIMITS } from './config';
import { parseTrustedProxies } from './gateway/client-address';
import { DEFAULT_PROJECT_DIR, resetLocalDatabase, startLocalSupabase } from './server';

/**
 * `tsx supabase/local/cli.ts start [--port N] [--host H] [--memory] [--data-dir DIR]` runs the local
 * Supabase; `reset` deletes the local database so the next start re-applies migrations and seed.sql.
 * Env: DATABASE_URL (use PostgreSQL), SUPABASE_JWT_SECRET, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY,
 * SUPABASE_PUBLISHABLE_KEY, SUPABASE_SECRET_KEY, LOCAL_SUPABASE_TRUSTED_PROXIES (comma-separated
 * addresses/CIDR ranges whose X-Forwarded-For is believed). `--relax-rate-limits` lifts the auth rate
 * limits for test suites that create many users from one address.
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    memory: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    'project-dir': { type: 'string' },
    'relax-rate-limits': { type: 'boolean', default: false },
  },
});

const command = positionals[0] ?? 'start';
const projectDir = resolve(values['project-dir'] ?? DEFAULT_PROJECT_DIR);
const dataDir = resolve(values['data-dir'] ?? join(projectDir, '.local'));
// `--memory` keeps everything in this process (database and outbox) unless a --data-dir is named.
const memoryOnly = (values.memory ?? false) && values['data-dir'] === undefined;
const databaseUrl = process.env['DATABASE_URL'] || undefined;

// A bug in one request or socket must never take the development server down.
process.on('unhandledRejection', (error) => console.error('[local-supabase] unhandled rejection:', error));
process.on('uncaughtException', (error) => console.error('[local-supabase] uncaught exception:', error));

async function reset(): Promise<void> {
  console.log(await resetLocalDatabase({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) }));
}

async function start(): Promise<void> {
  const port = values.port === undefined ? 54321 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid --port ${values.port}`);
  const server = await startLocalSupabase({
    port,
    host: values.host ?? '127.0.0.1',
    memory: values.memory ?? false,
    ...(memoryOnly ? {} : { dataDir }),
    projectDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    trustedProxies: parseTrustedProxies(process.env['LOCAL_SUPABASE_TRUSTED_PROXIES']),
    ...(process.env['SUPABASE_JWT_SECRET'] ? { jwtSecret: process.env['SUPABASE_JWT_SECRET'] } : {}),
    ...(process.env['SUPABASE_ANON_KEY'] ? { anonKey: process.env['SUPABASE_ANON_KEY'] } : {}),
    ...(process.env['SUPABASE_SERVICE_ROLE_KEY']
      ? { serviceRoleKey: process.env['SUPABASE_SERVICE_ROLE_KEY'] }
      : {}),
    ...(process.env['SUPABASE_PUBLISHABLE_KEY']
      ? { publishableKey: process.env['SUPABASE_PUBLISHABLE_KEY'] }
      : {}),
    ...(process.env['SUPABASE_SECRET_KEY'] ? { secretKey: process.env['SUPABASE_SECRET_KEY'] } : {}),
    ...(values['relax-rate-limits'] ? { authOverrides: { rateLimit: RELAXED_RATE_LIMITS } } : {}),
  });
  const db = databaseUrl
    ? databaseUrl.replace(/\/\/[^@]*@/, '//***@')
    : values.memory
      ? 'PGlite (in memory)'
      : `PGlite in ${join(dataDir, 'db')}`;
  const { bootstrap } = server;
  console.log(
    [
      `Local Supabase running on ${server.url}`,
      `  Auth:      ${server.url}/auth/v1`,
      `  REST:      ${server.url}/rest/v1`,
      `  Realtime:  ${server.url.replace(/^http/, 'ws')}/realtime/v1/websocket`,
      `  Storage:   ${server.url}/storage/v1 (files ${values.memory ? 'in memory' : `in ${join(dataDir, 'storage')}`})`,
      `  Database:  ${db}`,
      `  Migrations applied now: ${bootstrap.applied.length ? bootstrap.applied.join(', ') : 'none'}${bootstrap.seeded ? ' (seed.sql loaded)' : ''}`,
      `  Mail outbox: ${server.outboxDir ?? '(in memory)'} and ${server.url}/__local/outbox (apikey: the secret key)`,
      ...(values['relax-rate-limits'] ? ['  Auth rate limits: relaxed (--relax-rate-limits)'] : []),
      `  JWT secret:       ${server.jwtSecret}`,
      `  anon key:         ${server.anonKey}`,
      `  service_role key: ${server.serviceRoleKey}`,
      `  publishable key:  ${server.publishableKey}`,
      `  secret key:       ${server.secretKey}`,
    ].join('\n'),
  );
  let stopping = false;
  const shutdown = (): void => {
    if (stopping) return;
    stopping = true;
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (command === 'start') {
  start().catch((error: unknown) => {
    console.error(`Local Supabase failed to start: ${(error as Error).message}`);
    if (!databaseUrl && existsSync(join(dataDir, 'db'))) {
      console.error('If the local database is broken or from an old schema, run `npm run supabase:reset`.');
    }
    process.exit(1);
  });
} else if (command === 'reset') {
  reset().catch((error: unknown) => {
    console.error(`Reset failed: ${(error as Error).message}`);
    process.exit(1);
  });
} else {
  console.error(
    `Unknown command "${command}". Use: start [--port N] [--host H] [--memory] [--data-dir DIR] [--relax-rate-limits] | reset`,
  );
  process.exit(2);
}
