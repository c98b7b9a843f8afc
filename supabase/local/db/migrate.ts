import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './engine';
import { closePolicyGrants, openPolicyGrants } from './policy-grants';
import { refuseReservedRoleChanges, snapshotReservedRoles } from './reserved-roles';

const BASE_SCHEMA = join(dirname(fileURLToPath(import.meta.url)), 'base-schema.sql');
// Supabase Storage's schema, and what hosted lets postgres do on its tables (supautils.policy_grants).
const STORAGE_SCHEMA = join(dirname(fileURLToPath(import.meta.url)), 'storage-schema.sql');
const POLICY_GRANTS = join(dirname(fileURLToPath(import.meta.url)), 'policy-grants.sql');
// Realtime Authorization's table and function, owned by the realtime module, needed before migrations.
const REALTIME_SCHEMA = join(dirname(fileURLToPath(import.meta.url)), '..', 'realtime', 'schema.sql');
const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;
/**
 * `supabase db push` and `db reset` apply migrations and the seed connected as `postgres`, which is
 * not a superuser on hosted: each runs with that role's rights here too (until its transaction ends),
 * so a migration that only works as a superuser fails locally as it would on hosted.
 */
const AS_POSTGRES = 'set local role postgres';

/**
 * Runs one migration (or the seed) inside the caller's transaction as hosted runs it: as `postgres`,
 * with supautils' policy grants on the storage tables (db/policy-grants.ts), then refuses it, as
 * supautils would have, when it changed a role hosted keeps from `postgres` (db/reserved-roles.ts).
 * The transaction is the superuser's again afterwards.
 */
export async function applyAsPostgres(tx: Queryable, sql: string): Promise<void> {
  const before = await snapshotReservedRoles(tx);
  const grants = await openPolicyGrants(tx);
  await tx.exec(AS_POSTGRES);
  await tx.exec(sql);
  await tx.exec('reset role');
  await closePolicyGrants(tx, grants);
  refuseReservedRoleChanges(before, await snapshotReservedRoles(tx));
}

export interface BootstrapResult {
  /** True when the database had never been bootstrapped (the seed ran). */
  created: boolean;
  applied: string[];
  seeded: boolean;
}

/**
 * Brings a database to the state `supabase start` + `supabase db reset` would: Supabase's base
 * objects (as the superuser), then every migration (as `postgres`) not yet recorded (in file-name order, each in its own transaction,
 * recorded in supabase_migrations.schema_migrations as the CLI does), then seed.sql on a new database.
 */
export async function bootstrapDatabase(
  db: Database,
  options: {
    projectDir: string;
    /** Runs as the superuser between the base schema and the migrations (tests vary the defaults there). */
    beforeMigrations?: (db: Database) => Promise<void>;
  },
): Promise<BootstrapResult> {
  const { rows } = await db.query<{ exists: boolean }>(
    `select exists (select 1 from pg_namespace where nspname = 'supabase_migrations') as exists`,
  );
  const created = !rows[0]?.exists;
  await db.exec(readFileSync(BASE_SCHEMA, 'utf8'));
  await db.exec(readFileSync(STORAGE_SCHEMA, 'utf8'));
  await db.exec(readFileSync(POLICY_GRANTS, 'utf8'));
  await db.exec(readFileSync(REALTIME_SCHEMA, 'utf8'));

  await options.beforeMigrations?.(db);

  const migrationsDir = join(options.projectDir, 'migrations');
  const files = existsSync(migrationsDir)
    ? readdirSync(migrationsDir)
        .filter((name) => MIGRATION_FILE.test(name))
        .sort()
    : [];
  const done = new Set(
    (
      await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
    ).rows.map((r) => r.version),
  );

  const applied: string[] = [];
  for (const file of files) {
    const [, version = '', name = ''] = MIGRATION_FILE.exec(file) ?? [];
    if (done.has(version)) continue;
    const sql = readFileSync(join(migrationsDir, file), 'utf8');
    try {
      await db.transaction(async (tx) => {
        await applyAsPostgres(tx, sql);
        await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
          version,
          name,
        ]);
      });
    } catch (error) {
      throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
    }
    applied.push(file);
  }

  const seedFile = join(options.projectDir, 'seed.sql');
  let seeded = false;
  if (created && existsSync(seedFile)) {
    const seed = readFileSync(seedFile, 'utf8');
    try {
      await db.transaction((tx) => applyAsPostgres(tx, seed));
    } catch (error) {
      throw new Error(`seed.sql failed: ${(error as Error).message}`, { cause: error });
    }
    seeded = true;
  }
  return { created, applied, seeded };
}
