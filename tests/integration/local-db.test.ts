import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite, openPostgres, type Database } from '../../supabase/local/db/engine';
import { bootstrapDatabase } from '../../supabase/local/db/migrate';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../supabase/local/db/throwaway-postgres';

// A project folder of its own, so this test does not depend on the app's migrations.
const project = mkdtempSync(join(tmpdir(), 'lc-project-'));
mkdirSync(join(project, 'migrations'));
writeFileSync(
  join(project, 'migrations', '20260101000000_create_notes.sql'),
  `create table public.notes (id bigint generated always as identity primary key, owner uuid not null default auth.uid(), body text not null, amount numeric(20,2) not null default 0);
   alter table public.notes enable row level security;
   grant select, insert on public.notes to authenticated;
   create policy notes_read_own on public.notes for select to authenticated using (owner = (select auth.uid()));
   create policy notes_insert_own on public.notes for insert to authenticated with check (owner = (select auth.uid()));`,
);
writeFileSync(
  join(project, 'seed.sql'),
  `insert into public.notes (owner, body, amount) values ('00000000-0000-0000-0000-00000000000a', 'seeded', 12345678901234.56);`,
);

const engines: Array<[string, () => Promise<{ db: Database; cleanup: () => Promise<void> }>]> = [
  [
    'pglite',
    async () => {
      const db = await openPglite();
      return { db, cleanup: () => db.close() };
    },
  ],
  [
    'postgres 15',
    async () => {
      const cluster: ThrowawayPostgres = await startThrowawayPostgres();
      const db = await openPostgres(cluster.url);
      return {
        db,
        cleanup: async () => {
          await db.close();
          await cluster.stop();
        },
      };
    },
  ],
];

describe.each(engines)('local database on %s', (_name, open) => {
  let db: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ db, cleanup } = await open()));
  afterAll(async () => {
    await cleanup();
  });

  it('creates the base objects, applies migrations once and seeds a new database', async () => {
    const first = await bootstrapDatabase(db, { projectDir: project });
    expect(first).toEqual({ created: true, applied: ['20260101000000_create_notes.sql'], seeded: true });
    const again = await bootstrapDatabase(db, { projectDir: project });
    expect(again).toEqual({ created: false, applied: [], seeded: false });
    const roles = await db.query<{ rolname: string }>(
      `select rolname from pg_roles where rolname in ('anon','authenticated','service_role') order by 1`,
    );
    expect(roles.rows.map((r) => r.rolname)).toEqual(['anon', 'authenticated', 'service_role']);
  });

  it('returns numeric values as exact text', async () => {
    const { rows } = await db.query<{ amount: string }>('select amount from public.notes');
    expect(rows[0]?.amount).toBe('12345678901234.56');
  });

  it('enforces RLS for the role and claims set in a transaction, as PostgREST does', async () => {
    const claims = (sub: string) => JSON.stringify({ sub, role: 'authenticated' });
    const visible = await db.transaction(async (tx) => {
      await tx.query(
        `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
        [claims('00000000-0000-0000-0000-00000000000b')],
      );
      await tx.query(`insert into public.notes (body) values ('mine')`);
      return (await tx.query<{ body: string }>('select body from public.notes')).rows.map((r) => r.body);
    });
    expect(visible).toEqual(['mine']);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`select set_config('role', 'anon', true)`);
        await tx.query(`insert into public.notes (body) values ('sneaky')`);
      }),
    ).rejects.toThrow(/permission denied/);
  });

  it('rolls back a failed migration and reports which one failed', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'lc-broken-'));
    mkdirSync(join(broken, 'migrations'));
    writeFileSync(
      join(broken, 'migrations', '20270101000000_broken.sql'),
      'create table public.half (id int); select 1/0;',
    );
    await expect(bootstrapDatabase(db, { projectDir: broken })).rejects.toThrow(/20270101000000_broken.sql/);
    const { rows } = await db.query<{ t: string | null }>(`select to_regclass('public.half')::text as t`);
    expect(rows[0]?.t).toBeNull();
    rmSync(broken, { recursive: true, force: true });
  });

  it('delivers NOTIFY only after commit', async () => {
    const received: string[] = [];
    const unlisten = await db.listen('lc_test', (payload) => received.push(payload));
    await db
      .transaction(async (tx) => {
        await tx.query(`select pg_notify('lc_test', 'rolled back')`);
        throw new Error('abort');
      })
      .catch(() => undefined);
    await db.query(`select pg_notify('lc_test', 'committed')`);
    await expect.poll(() => received, { timeout: 5000 }).toEqual(['committed']);
    await unlisten();
  });
});

describe('a throwaway PostgreSQL cluster', () => {
  let cluster: ThrowawayPostgres;
  beforeAll(async () => {
    cluster = await startThrowawayPostgres();
  });
  afterAll(() => cluster?.stop());

  it('creates empty databases of their own, and refuses a name that is not a plain identifier', async () => {
    const main = await openPostgres(cluster.url);
    await main.exec('create table public.only_in_main (id int)');
    await main.close();
    const url = await cluster.createDatabase('second_db');
    expect(url).toMatch(/\/second_db$/);
    const second = await openPostgres(url);
    try {
      const { rows } = await second.query<{ db: string; tables: string }>(
        `select current_database() as db,
                (select count(*) from pg_tables where tablename = 'only_in_main')::text as tables`,
      );
      expect(rows).toEqual([{ db: 'second_db', tables: '0' }]);
    } finally {
      await second.close();
    }
    await expect(cluster.createDatabase('x; drop database postgres')).rejects.toThrow(/plain database name/);
    await expect(cluster.createDatabase('second_db')).rejects.toThrow(/already exists/);
  });
});
