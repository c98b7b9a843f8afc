/**
 * `npm run db:types`: writes src/lib/database.types.ts exactly as `supabase gen types typescript
 * --local` would, without Docker. The CLI runs postgres-meta's `dist/server/server.js` with
 * PG_META_GENERATE_TYPES=typescript against the local database and prints what it writes to
 * stdout; this script runs the same package (devDependency @supabase/postgres-meta, pinned to the
 * CLI's version) the same way, against a throwaway PostgreSQL 15 cluster migrated as the local
 * server migrates its database. A test fails when the committed file is out of date.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadProjectConfig } from '../local/config';
import { openPostgres } from '../local/db/engine';
import { bootstrapDatabase } from '../local/db/migrate';
import { startThrowawayPostgres } from '../local/db/throwaway-postgres';

export const PROJECT_DIR = fileURLToPath(new URL('..', import.meta.url));
export const TYPES_FILE = fileURLToPath(new URL('../../src/lib/database.types.ts', import.meta.url));

/** The CLI's schema list when no --schema is given: public, then config.toml's [api] schemas. */
export function includedSchemas(projectDir = PROJECT_DIR): string[] {
  return [...new Set(['public', ...loadProjectConfig(projectDir).api.schemas])];
}

const postgresMetaServer = (): string =>
  join(
    dirname(createRequire(import.meta.url).resolve('@supabase/postgres-meta/package.json')),
    'dist/server/server.js',
  );

/** Runs postgres-meta's generator with the environment the CLI gives its container. */
export function runPostgresMeta(databaseUrl: string, schemas: string[]): Promise<string> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    PG_META_DB_URL: databaseUrl,
    PG_CONN_TIMEOUT_SECS: '90',
    PG_QUERY_TIMEOUT_SECS: '90',
    PG_META_GENERATE_TYPES: 'typescript',
    PG_META_GENERATE_TYPES_INCLUDED_SCHEMAS: schemas.join(','),
    PG_META_GENERATE_TYPES_SWIFT_ACCESS_CONTROL: 'internal',
    PG_META_GENERATE_TYPES_DETECT_ONE_TO_ONE_RELATIONSHIPS: 'true',
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [postgresMetaServer()], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`postgres-meta exited with ${code}: ${Buffer.concat(err).toString('utf8')}`));
    });
  });
}

/** Generates from a fresh throwaway PostgreSQL 15 database built from the migrations. */
export async function generateFromMigrations(): Promise<string> {
  const cluster = await startThrowawayPostgres();
  try {
    const db = await openPostgres(cluster.url);
    try {
      await bootstrapDatabase(db, { projectDir: PROJECT_DIR });
    } finally {
      await db.close();
    }
    return await runPostgresMeta(cluster.url, includedSchemas());
  } finally {
    await cluster.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = await generateFromMigrations();
  writeFileSync(TYPES_FILE, text);
  console.log(`Wrote ${TYPES_FILE}`);
}
