import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  linkSync,
  mkdirSync,
  openAsBlob,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite, openPostgres, type Database } from '../../supabase/local/db/engine';
import { bootstrapDatabase } from '../../supabase/local/db/migrate';
import { startThrowawayPostgres } from '../../supabase/local/db/throwaway-postgres';
import { openTestWalletsSql } from './test-wallets';

/**
 * Migrated databases to copy, one per project folder and run. Building one (the base schema, every
 * migration, the seed; PGlite's initdb on top, 4 s of WebAssembly) took most of a small test file's
 * time, once per file, engine and server start; so each is built once per content (a digest of
 * everything that shapes it: the project's migrations and seed, the local server's base schema and
 * migration code, the engines' versions) and copied: a dump for PGlite, a stopped cluster's data
 * folder for PostgreSQL. Each file or server still gets its own database, and bootstrapDatabase
 * still runs on the copy (it finds nothing left to apply).
 */
const TEMPLATES = join(tmpdir(), 'lc-test-templates');
const REPO = fileURLToPath(new URL('../..', import.meta.url));

export interface TemplateSpec {
  /** Folder with migrations/ and seed.sql. */
  projectDir: string;
  /** The deposit wallets opened for filing (the product's suites; the seed keeps them closed). */
  openWallets: boolean;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

const digests = new Map<string, string>();
function templateDigest({ projectDir, openWallets }: TemplateSpec): string {
  const key = `${projectDir}|${openWallets}`;
  const known = digests.get(key);
  if (known) return known;
  const hash = createHash('sha256').update(key);
  const inputs = [
    ...filesUnder(join(projectDir, 'migrations')),
    join(projectDir, 'seed.sql'),
    ...filesUnder(join(REPO, 'supabase', 'local', 'db')).filter(
      (f) => /\.(sql|ts)$/.test(f) && !f.endsWith('.test.ts'),
    ),
    join(REPO, 'package-lock.json'),
    ...(openWallets ? [join(REPO, 'tests', 'support', 'test-wallets.ts')] : []),
  ];
  for (const file of inputs) if (existsSync(file)) hash.update(file).update(readFileSync(file));
  hash.update(execFileSync('initdb', ['--version']).toString());
  const digest = hash.digest('hex').slice(0, 16);
  digests.set(key, digest);
  return digest;
}

/**
 * Moves `built` to `target` unless another worker got there first (then `built` goes). A file is
 * linked, never renamed over: a dump another worker is reading must not be replaced under it.
 */
function publish(built: string, target: string): void {
  mkdirSync(dirname(target), { recursive: true });
  try {
    if (statSync(built).isDirectory()) renameSync(built, target);
    else linkSync(built, target);
  } catch {
    // Another worker's copy is in place (a folder renamed onto a full one fails too).
  }
  rmSync(built, { recursive: true, force: true });
}

async function prepare(db: Database, spec: TemplateSpec): Promise<void> {
  await bootstrapDatabase(db, { projectDir: spec.projectDir });
  if (spec.openWallets) await db.transaction((tx) => tx.exec(openTestWalletsSql()));
}

/** A PGlite dump of the migrated database (open it with `openPglite({ loadDataDir })`). */
export async function pgliteTemplate(spec: TemplateSpec): Promise<Blob> {
  const file = join(TEMPLATES, `pglite-${templateDigest(spec)}.tar`);
  if (!existsSync(file)) {
    const db = await openPglite();
    await prepare(db, spec);
    const dump = await db.dump();
    await db.close();
    mkdirSync(TEMPLATES, { recursive: true });
    const built = `${file}.${process.pid}`;
    writeFileSync(built, Buffer.from(await dump.arrayBuffer()));
    publish(built, file);
  }
  // Read from the file as PGlite unpacks it: 0.5 s less per open than a Blob of the whole buffer.
  return openAsBlob(file);
}

/** A stopped PostgreSQL 15 cluster's data folder holding the migrated database as `postgres`. */
export async function postgresTemplate(spec: TemplateSpec): Promise<string> {
  const dir = join(TEMPLATES, `pg-${templateDigest(spec)}`);
  if (!existsSync(dir)) {
    const cluster = await startThrowawayPostgres();
    const db = await openPostgres(cluster.url);
    await prepare(db, spec);
    await db.close();
    const data = await cluster.stopKeepingData();
    publish(data, dir);
    // The rest of that cluster's folder (its log, its socket) is not needed.
    rmSync(dirname(data), { recursive: true, force: true });
  }
  return dir;
}
