/**
 * Roles and privileges as on a hosted project (supabase/postgres's demote-postgres and auth-schema
 * lock-down): migrations and the seed ran as `postgres`, which is no superuser, may not create in
 * the auth schema, and whose functions in public are executable by the API roles by default while its
 * tables are granted to nobody. On PGlite and on PostgreSQL 15.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, pgError, type Engine } from './helpers/db';

describe.each(engines)('hosted roles and privileges on %s', (_name, open) => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await open();
  });
  afterAll(async () => {
    await engine?.close();
  });

  /** Runs `sql` as `postgres` in a transaction that is always rolled back; the error, or 'ok'. */
  const asPostgres = async (sql: string): Promise<string> => {
    const ROLLBACK = new Error('rollback');
    try {
      await engine.db.transaction(async (tx) => {
        await tx.exec('set local role postgres');
        await tx.exec(sql);
        throw ROLLBACK;
      });
    } catch (error) {
      if (error === ROLLBACK) return 'ok';
      const { code, message } = pgError(error);
      return `${code}: ${message}`;
    }
    return 'ok';
  };

  it('postgres is not a superuser and is not a member of supabase_auth_admin', async () => {
    const { rows } = await engine.db.query<{ rolsuper: boolean; member: boolean }>(
      `select r.rolsuper, pg_has_role('postgres', 'supabase_auth_admin', 'member') as member
       from pg_roles r where r.rolname = 'postgres'`,
    );
    expect(rows).toEqual([{ rolsuper: false, member: false }]);
  });

  it('every migration and the seed ran as postgres: it owns what they made', async () => {
    const { rows } = await engine.db.query<{ owner: string; n: string }>(
      `select pg_get_userbyid(c.relowner) as owner, count(*)::text as n
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('public', 'private') and c.relkind in ('r', 'v', 'S')
       group by 1`,
    );
    expect(rows.map((r) => r.owner)).toEqual(['postgres']);
    const seeded = await engine.db.query<{ n: string }>(`select count(*)::text as n from auth.users`);
    expect(Number(seeded.rows[0]!.n)).toBeGreaterThan(0);
  });

  it('postgres cannot create in auth nor read GoTrue’s migrations, but may hang a trigger on auth.users', async () => {
    expect(await asPostgres('create table auth.custom_table (id int)')).toBe(
      '42501: permission denied for schema auth',
    );
    expect(await asPostgres('create function auth.hello() returns int language sql as $$ select 1 $$')).toBe(
      '42501: permission denied for schema auth',
    );
    expect(await asPostgres('select * from auth.schema_migrations')).toBe(
      '42501: permission denied for table schema_migrations',
    );
    expect(
      await asPostgres(`create function public.noop() returns trigger language plpgsql as $$ begin return new; end $$;
        create trigger noop after insert on auth.users for each row execute function public.noop();
        select count(*) from auth.identities;`),
    ).toBe('ok');
  });

  it('default privileges: a new function is executable by anon and authenticated, a new table by nobody', async () => {
    const { rows } = await engine.db.transaction(async (tx) => {
      await tx.exec(`set local role postgres;
        create function public.probe_fn() returns int language sql as $$ select 1 $$;
        revoke execute on function public.probe_fn() from public;
        create table public.probe_table (id int);`);
      const result = await tx.query<{ anon_fn: boolean; auth_fn: boolean; anon_t: boolean; auth_t: boolean }>(
        `select has_function_privilege('anon', 'public.probe_fn()', 'execute') as anon_fn,
                has_function_privilege('authenticated', 'public.probe_fn()', 'execute') as auth_fn,
                has_table_privilege('anon', 'public.probe_table', 'select') as anon_t,
                has_table_privilege('authenticated', 'public.probe_table', 'select') as auth_t`,
      );
      await tx.exec('reset role; drop function public.probe_fn(); drop table public.probe_table;');
      return result;
    });
    // Revoking from public alone is not enough on hosted: anon and authenticated hold their own grant.
    expect(rows).toEqual([{ anon_fn: true, auth_fn: true, anon_t: false, auth_t: false }]);
  });
});
