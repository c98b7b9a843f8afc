/**
 * Roles and privileges as on a hosted project (supabase/postgres's demote-postgres and auth-schema
 * lock-down, supautils' reserved roles): migrations and the seed ran as `postgres`, which is no
 * superuser, may not create in the auth schema, and whose functions in public are executable by the
 * API roles by default while its tables are granted to nobody. The catalogue below is what Supabase's
 * docs have a project run as `postgres` (the SQL editor, a migration) and what hosted refuses; each
 * runs as a migration through the local runner, on PGlite (PostgreSQL 17, whose CREATEROLE rules
 * are 16's) and on PostgreSQL 15.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Queryable } from '../local/db/engine';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../local/db/throwaway-postgres';
import { applyAsPostgres, bootstrapDatabase } from '../local/db/migrate';
import { engines, pgError, PROJECT_DIR, type Engine } from './helpers/db';

/** What hosted lets `postgres` run, each with a query (as the superuser) that shows it took effect. */
const ALLOWED: Array<{ what: string; sql: string; check?: string }> = [
  {
    what: 'turn on PostgREST aggregates (Supabase docs) and reload its config',
    sql: `alter role authenticator set pgrst.db_aggregates_enabled = 'true'; notify pgrst, 'reload config';`,
    check: `select 'pgrst.db_aggregates_enabled=true' = any(setconfig) from pg_db_role_setting where setrole = 'authenticator'::regrole`,
  },
  {
    what: 'other PostgREST settings on authenticator, and reset one',
    sql: `alter role authenticator set pgrst.db_max_rows = '500';
      alter role authenticator set pgrst.db_plan_enabled = 'true';
      alter role authenticator set pgrst.db_extra_search_path = 'public, extensions';
      alter role authenticator set pgrst.db_pre_request = 'public.check_request';
      alter role authenticator reset pgrst.db_plan_enabled;
      notify pgrst, 'reload schema';`,
    check: `select 'pgrst.db_max_rows=500' = any(setconfig) and not ('pgrst.db_plan_enabled=true' = any(setconfig))
      from pg_db_role_setting where setrole = 'authenticator'::regrole`,
  },
  {
    what: 'statement and lock timeouts of the API roles (Supabase docs: timeouts)',
    sql: `alter role anon set statement_timeout = '5s';
      alter role authenticated set statement_timeout = '15s';
      alter role service_role set statement_timeout = '60s';
      alter role authenticator set statement_timeout = '20s';
      alter role authenticator set lock_timeout = '10s';
      alter role authenticated set idle_in_transaction_session_timeout = '30s';`,
    check: `select bool_and(ok) from (
      select 'statement_timeout=5s' = any(setconfig) as ok from pg_db_role_setting where setrole = 'anon'::regrole
      union all select 'statement_timeout=15s' = any(setconfig) from pg_db_role_setting where setrole = 'authenticated'::regrole
      union all select 'statement_timeout=60s' = any(setconfig) from pg_db_role_setting where setrole = 'service_role'::regrole
      union all select 'lock_timeout=10s' = any(setconfig) from pg_db_role_setting where setrole = 'authenticator'::regrole) t`,
  },
  {
    what: 'a superuser-only setting supautils allows (session_replication_role) on authenticator',
    sql: `alter role authenticator set session_replication_role = 'replica'; alter role authenticator reset session_replication_role;`,
  },
  {
    what: 'its own settings',
    sql: `alter role postgres set statement_timeout = '2min'; alter role postgres reset statement_timeout;`,
  },
  {
    what: 'a role of its own, granted to authenticator (custom claims roles)',
    sql: `create role app_reader nologin; grant app_reader to authenticator; grant authenticated to app_reader;`,
    check: `select pg_has_role('authenticator', 'app_reader', 'member')`,
  },
  {
    what: 'default privileges for what it creates (Supabase docs: hardening the Data API)',
    sql: `alter default privileges for role postgres in schema public revoke execute on functions from anon, authenticated;
      alter default privileges for role postgres revoke execute on functions from public;
      alter default privileges for role postgres in schema public grant select on tables to authenticated;
      alter default privileges in schema public grant usage on sequences to service_role;
      create table public.probe_dp (id int); create function public.probe_dp_fn() returns int language sql as 'select 1';`,
    check: `select has_table_privilege('authenticated', 'public.probe_dp', 'select')
      and not has_function_privilege('anon', 'public.probe_dp_fn()', 'execute')
      and has_function_privilege('service_role', 'public.probe_dp_fn()', 'execute')`,
  },
  {
    what: 'grants on the API schemas and everything in them',
    sql: `create schema api; grant usage on schema api to anon, authenticated, service_role;
      create table api.things (id int); create table public.other_things (id int);
      grant select on all tables in schema api to anon;
      grant all on all tables in schema public to service_role;
      grant execute on all functions in schema public to service_role;
      revoke all on all tables in schema public from anon;`,
    check: `select has_table_privilege('anon', 'api.things', 'select') and has_table_privilege('service_role', 'public.other_things', 'delete')`,
  },
  {
    what: 'a trigger on auth.users, and reading the auth tables',
    sql: `create function public.noop() returns trigger language plpgsql as $$ begin return new; end $$;
      create trigger noop after insert on auth.users for each row execute function public.noop();
      select count(*) from auth.identities;`,
  },
  {
    what: 'a private bucket and policies on storage.objects (supautils policy_grants; Storage access control docs)',
    sql: `insert into storage.buckets (id, name, public) values ('probe-files', 'probe-files', false);
      create policy "probe: own files" on storage.objects for select to authenticated
        using (bucket_id = 'probe-files' and (storage.foldername(name))[1] = (select auth.uid()::text));
      create policy "probe: nobody" on storage.objects for insert to authenticated with check (false);
      alter policy "probe: own files" on storage.objects to authenticated, anon;
      drop policy "probe: nobody" on storage.objects;`,
    check: `select exists (select 1 from storage.buckets where id = 'probe-files' and not public)
      and (select array_agg(policyname) from pg_policies where schemaname = 'storage' and policyname like 'probe:%') = array['probe: own files']::name[]`,
  },
  {
    what: 'a trigger on storage.objects (it holds TRIGGER there)',
    sql: `create function public.probe_noop() returns trigger language plpgsql as $$ begin return new; end $$;
      create trigger probe_noop after insert on storage.objects for each row execute function public.probe_noop();`,
  },
  {
    what: 'a table of its own in the storage schema, referencing a bucket, and drop it',
    sql: `create table storage.probe_extra (bucket_id text references storage.buckets (id)); drop table storage.probe_extra;`,
  },
  {
    what: 'a table in the realtime publication',
    sql: `create table public.feed (id int primary key); alter publication supabase_realtime add table public.feed;`,
  },
  // The trusted contrib extensions of supautils.privileged_extensions that both engines ship (hosted
  // also lets postgres create untrusted ones such as earthdistance or moddatetime, as the superuser;
  // nothing here can, see supabase/local/README.md).
  ...[
    'btree_gin',
    'btree_gist',
    'citext',
    'cube',
    'fuzzystrmatch',
    'hstore',
    'intarray',
    'isn',
    'ltree',
    'pg_trgm',
    'pgcrypto',
    'seg',
    'tablefunc',
    'tsm_system_rows',
    'unaccent',
    'uuid-ossp',
  ].map((name) => ({
    what: `create extension ${name}`,
    sql: `create extension if not exists "${name}" with schema extensions;`,
    check: `select exists (select 1 from pg_extension where extname = '${name}')`,
  })),
];

/** What hosted refuses `postgres`, with the SQLSTATE and (where both engines agree) the words. */
const REFUSED: Array<{ what: string; sql: string; error: RegExp }> = [
  { what: 'change an API role’s attributes', sql: 'alter role anon bypassrls', error: /^42501: / },
  { what: 'give authenticator a password', sql: `alter role authenticator password 'x'`, error: /^42501: / },
  { what: 'log in as anon', sql: 'alter role anon login', error: /^42501: / },
  { what: 'rename an API role', sql: 'alter role authenticated rename to members', error: /^42501: / },
  { what: 'drop an API role', sql: 'drop role service_role', error: /^(42501|2BP01): / },
  {
    what: 'settings of supabase_auth_admin',
    sql: `alter role supabase_auth_admin set search_path = public`,
    error: /^42501: /,
  },
  {
    what: 'settings of supabase_admin',
    sql: `alter role supabase_admin set statement_timeout = '1s'`,
    error: /^42501: /,
  },
  {
    what: 'membership of authenticator',
    sql: 'create role sneaky nologin; grant authenticator to sneaky',
    error: /^42501: "authenticator" role memberships are reserved, only superusers can grant them$/,
  },
  {
    what: 'a role into supabase_auth_admin',
    sql: 'create role sneaky nologin; grant sneaky to supabase_auth_admin',
    error: /^42501: /,
  },
  { what: 'become supabase_auth_admin', sql: 'grant supabase_auth_admin to postgres', error: /^42501: / },
  {
    what: 'a platform role name',
    sql: 'create role pgbouncer login',
    error: /^42501: "pgbouncer" is a reserved role/,
  },
  { what: 'a superuser', sql: 'create role boss superuser', error: /^42501: / },
  { what: 'superuser for itself', sql: 'alter role postgres superuser', error: /^42501: / },
  {
    what: 'a setting supautils does not list',
    sql: `alter role authenticator set log_statement = 'all'`,
    error: /^42501: /,
  },
  {
    what: 'create in auth',
    sql: 'create table auth.custom_table (id int)',
    error: /^42501: permission denied for schema auth$/,
  },
  {
    what: 'a function in auth',
    sql: 'create function auth.hello() returns int language sql as $$ select 1 $$',
    error: /^42501: permission denied for schema auth$/,
  },
  // Hosted grants postgres policies on the storage tables, not their ownership (supautils
  // policy_grants; supabase_storage_admin owns them): the classic "enable RLS" line fails there.
  {
    what: 'enable RLS on storage.objects (only its owner may)',
    sql: 'alter table storage.objects enable row level security',
    error: /^42501: must be owner of table objects$/,
  },
  {
    what: 'an index on storage.objects',
    sql: 'create index on storage.objects (owner_id)',
    error: /^42501: must be owner of table objects$/,
  },
  {
    what: 'take storage.buckets over',
    sql: 'alter table storage.buckets owner to postgres',
    error: /^42501: must be owner of table buckets$/,
  },
  {
    what: 'replace a storage helper',
    sql: `create or replace function storage.foldername(name text) returns text[] language sql as $$ select array[name] $$`,
    error: /^42501: must be owner of function foldername$/,
  },
  {
    what: 'drop a storage trigger',
    sql: 'drop trigger protect_objects_delete on storage.objects',
    error: /^42501: must be owner of table objects$/,
  },
  {
    what: 'delete rows of storage.objects (only the Storage API may: storage.protect_delete)',
    sql: 'delete from storage.objects',
    error: /^42501: Direct deletion from storage tables is not allowed\. Use the Storage API instead\.$/,
  },
  {
    what: 'read GoTrue’s migrations',
    sql: 'select * from auth.schema_migrations',
    error: /^42501: permission denied for table schema_migrations$/,
  },
];

describe.each(engines)('hosted roles and privileges on %s', (_name, open) => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await open();
  });
  afterAll(async () => {
    await engine?.close();
  });

  /**
   * Runs `sql` as a migration (as `postgres`, through the runner's reserved-role check) in a
   * transaction that is always rolled back; then `check` as the superuser. The error, or 'ok'.
   */
  const asMigration = async (sql: string, check?: string): Promise<string> => {
    const ROLLBACK = new Error('rollback');
    let took = true;
    try {
      await engine.db.transaction(async (tx) => {
        await applyAsPostgres(tx, sql);
        if (check) took = (await tx.query<{ ok: boolean }>(`select (${check}) as ok`)).rows[0]?.ok === true;
        throw ROLLBACK;
      });
    } catch (error) {
      if (error !== ROLLBACK) {
        const { code, message } = pgError(error);
        return `${code}: ${message}`;
      }
    }
    return took ? 'ok' : 'ran, but did not take effect';
  };

  it.each(ALLOWED)('postgres may: $what', async ({ sql, check }) => {
    expect(await asMigration(sql, check)).toBe('ok');
  });

  it.each(REFUSED)('postgres may not: $what', async ({ sql, error }) => {
    expect(await asMigration(sql)).toMatch(error);
  });

  it('postgres is not a superuser and is not a member of supabase_auth_admin', async () => {
    const { rows } = await engine.db.query<{ rolsuper: boolean; member: boolean }>(
      `select r.rolsuper, pg_has_role('postgres', 'supabase_auth_admin', 'member') as member
       from pg_roles r where r.rolname = 'postgres'`,
    );
    expect(rows).toEqual([{ rolsuper: false, member: false }]);
  });

  it('storage is the storage server’s: it owns the tables, RLS is on, the API roles and postgres hold every privilege', async () => {
    const { rows } = await engine.db.query<{ name: string; owner: string; rls: boolean; grants: string }>(
      `select c.relname as name, pg_get_userbyid(c.relowner) as owner, c.relrowsecurity as rls,
         (select string_agg(distinct a.grantee::regrole::text || case when a.is_grantable then '*' else '' end, ',' order by a.grantee::regrole::text || case when a.is_grantable then '*' else '' end)
          from aclexplode(c.relacl) a where a.privilege_type = 'DELETE' and a.grantee <> c.relowner) as grants
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'storage' and c.relkind = 'r' order by 1`,
    );
    expect(rows).toEqual([
      {
        name: 'buckets',
        owner: 'supabase_storage_admin',
        rls: true,
        grants: 'anon,authenticated,postgres*,service_role',
      },
      {
        name: 'migrations',
        owner: 'supabase_storage_admin',
        rls: true,
        grants: 'anon,authenticated,postgres,service_role',
      },
      {
        name: 'objects',
        owner: 'supabase_storage_admin',
        rls: true,
        grants: 'anon,authenticated,postgres*,service_role',
      },
    ]);
    const roles = await engine.db.query<{ bypass: boolean; member: boolean }>(
      `select (select rolbypassrls from pg_roles where rolname = 'service_role') as bypass,
         exists (select 1 from pg_auth_members where roleid = 'supabase_storage_admin'::regrole
                 and member = 'postgres'::regrole) as member`,
    );
    // The membership that lets a migration create policies lasts only for that migration.
    expect(roles.rows).toEqual([{ bypass: true, member: false }]);
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

/**
 * Hosted's default privileges, as `\ddp` lists them on a project: supabase/postgres's
 * 20211115181400_update-auth-permissions (what GoTrue creates in auth is postgres's), and the
 * platform's defaults for what postgres creates in public (functions executable by the API roles;
 * tables and sequences granted to nobody on projects made since 2026-05-30). PostgreSQL's own
 * default, EXECUTE for PUBLIC on every function, is not listed: it is not in pg_default_acl.
 */
const STORAGE_GRANTEES = ['anon', 'authenticated', 'postgres', 'service_role'];
// What the platform (the storage init script, as supabase_admin) and the storage server (its tenant
// migration 0002, as supabase_storage_admin) create in storage is the API roles' and postgres's.
const storageDefaults = (creator: string): string[] => [
  ...STORAGE_GRANTEES.map((role) => `${creator} in storage: function to ${role} EXECUTE`),
  ...STORAGE_GRANTEES.map((role) => `${creator} in storage: sequence to ${role} SELECT,UPDATE,USAGE`),
  ...STORAGE_GRANTEES.map(
    (role) =>
      `${creator} in storage: table to ${role} DELETE,INSERT,REFERENCES,SELECT,TRIGGER,TRUNCATE,UPDATE`,
  ),
];
const HOSTED_DEFAULT_PRIVILEGES = [
  'postgres in public: function to anon EXECUTE',
  'postgres in public: function to authenticated EXECUTE',
  'postgres in public: function to service_role EXECUTE',
  ...storageDefaults('supabase_admin'),
  'supabase_auth_admin in auth: function to postgres EXECUTE',
  'supabase_auth_admin in auth: sequence to postgres SELECT,UPDATE,USAGE',
  'supabase_auth_admin in auth: table to postgres DELETE,INSERT,REFERENCES,SELECT,TRIGGER,TRUNCATE,UPDATE',
  ...storageDefaults('supabase_storage_admin'),
];

// MAINTAIN exists from PostgreSQL 17 on (PGlite) and nowhere on 15: left out so the engines compare.
const DEFAULT_PRIVILEGES_SQL = `
select pg_get_userbyid(d.defaclrole) || ' in ' || coalesce(d.defaclnamespace::regnamespace::text, 'every schema') || ': '
  || case d.defaclobjtype when 'f' then 'function' when 'r' then 'table' when 'S' then 'sequence' else d.defaclobjtype::text end
  || ' to ' || case when a.grantee = 0 then 'public' else a.grantee::regrole::text end
  || ' ' || string_agg(a.privilege_type, ',' order by a.privilege_type) as line
from pg_default_acl d, aclexplode(d.defaclacl) a
where a.privilege_type <> 'MAINTAIN'
group by d.defaclrole, d.defaclnamespace, d.defaclobjtype, a.grantee
order by 1`;

/** Who may do what to every function, table, view and sequence of the project's schemas (owner left out). */
const GRANTS_SQL = `
with objects as (
  select 'function ' || p.oid::regprocedure::text as object, coalesce(p.proacl, acldefault('f', p.proowner)) as acl, p.proowner as owner
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('public', 'private')
  union all
  select case c.relkind when 'S' then 'sequence ' else 'table ' end || c.oid::regclass::text,
    coalesce(c.relacl, acldefault(case c.relkind when 'S' then 's' else 'r' end::"char", c.relowner)), c.relowner
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname in ('public', 'private') and c.relkind in ('r', 'p', 'v', 'm', 'S'))
select o.object, coalesce(string_agg(g.line, '; ' order by g.line), '') as grants
from objects o left join lateral (
  select case when a.grantee = 0 then 'public' else a.grantee::regrole::text end || ' '
    || string_agg(a.privilege_type, ',' order by a.privilege_type) as line
  from aclexplode(o.acl) a where a.grantee <> o.owner and a.privilege_type <> 'MAINTAIN' group by a.grantee) g on true
group by o.object order by o.object`;

describe('grants: every function says who may execute it, alike on both engines', () => {
  type Grants = Map<string, string>;
  const grantsOf = async (db: Queryable): Promise<Grants> =>
    new Map(
      (await db.query<{ object: string; grants: string }>(GRANTS_SQL)).rows.map((r) => [r.object, r.grants]),
    );

  /**
   * Bootstraps the project in a new database of `cluster` with `defaults` run (as the superuser)
   * before the migrations. Default privileges are kept per database, so the two extremes share one
   * PostgreSQL cluster: the whole bootstrap from nothing takes a fraction of PGlite's time there.
   */
  let cluster: ThrowawayPostgres;
  let databases = 0;
  const withDefaults = async (defaults: string): Promise<Grants> => {
    const db = await openPostgres(await cluster.createDatabase(`defaults_${++databases}`));
    try {
      await bootstrapDatabase(db, { projectDir: PROJECT_DIR, beforeMigrations: (d) => d.exec(defaults) });
      return await grantsOf(db);
    } finally {
      await db.close();
    }
  };
  afterAll(() => cluster?.stop());

  const found: Record<string, { grants: Grants; defaults: string[] }> = {};
  let everyone: Grants;
  let nobody: Grants;

  beforeAll(async () => {
    for (const [name, open] of engines) {
      const engine = await open();
      try {
        found[name] = {
          grants: await grantsOf(engine.db),
          defaults: (await engine.db.query<{ line: string }>(DEFAULT_PRIVILEGES_SQL)).rows.map((r) => r.line),
        };
      } finally {
        await engine.close();
      }
    }
    // The two extremes a migration's grants must not depend on: every API role gets every function
    // wherever it is made, or nobody does (not even PUBLIC).
    cluster = await startThrowawayPostgres();
    everyone = await withDefaults(
      `alter default privileges for role postgres grant execute on functions to anon, authenticated, service_role`,
    );
    nobody = await withDefaults(
      `alter default privileges for role postgres in schema public revoke execute on functions from anon, authenticated, service_role;
       alter default privileges for role postgres revoke execute on functions from public;`,
    );
  }, 240_000);

  it('the local default privileges are hosted’s, on both engines', () => {
    for (const name of Object.keys(found)) {
      expect(found[name]!.defaults, name).toEqual(HOSTED_DEFAULT_PRIVILEGES);
    }
  });

  it('every function grants and revokes EXECUTE explicitly: its grants do not follow the default privileges', () => {
    const relying = [...everyone.keys()]
      .filter((object) => object.startsWith('function '))
      .filter((object) => everyone.get(object) !== nobody.get(object))
      .map(
        (object) =>
          `${object}: ${everyone.get(object) || 'nobody'} with every default, ${nobody.get(object) || 'nobody'} with none`,
      );
    // Each needs `revoke execute on function … from public, anon, authenticated, service_role` and
    // grants to exactly the roles meant to call it, in the migration that creates it.
    expect(relying).toEqual([]);
  });

  it('every function, table and sequence has the same grants on PGlite and PostgreSQL 15', () => {
    const [first, second] = Object.values(found);
    const differing = [...new Set([...first!.grants.keys(), ...second!.grants.keys()])]
      .filter((object) => first!.grants.get(object) !== second!.grants.get(object))
      .map((object) => `${object}: ${first!.grants.get(object)} | ${second!.grants.get(object)}`);
    expect(differing).toEqual([]);
  });

  it('no API role holds more than it is granted: anon reaches no table, and only what a migration names', () => {
    const grants = found['pglite']!.grants;
    // A sanity line on the description: the member functions are authenticated's alone.
    expect(grants.get('function my_activity(bigint,integer,text)')).toBe('authenticated EXECUTE');
    expect([...grants].filter(([object, g]) => object.startsWith('table ') && /\banon\b/.test(g))).toEqual(
      [],
    );
  });
});
