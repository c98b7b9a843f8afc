-- Hosted's supautils.policy_grants for the storage tables, as the local migration runner needs it.
--
-- On hosted, `postgres` does not own storage.objects (supabase_storage_admin does), yet supautils lets
-- it create, alter and drop policies there ("postgres": ["storage.buckets", "storage.objects", …] in
-- supabase/postgres's supautils.conf.j2), which is how a migration protects a bucket. Everything else
-- an owner may do stays refused: `alter table storage.objects enable row level security` fails with
-- "must be owner of table objects", and so do indexes, comments, replacing storage.foldername() or
-- dropping a storage trigger. PostgreSQL cannot let a non-owner create a policy, so the runner makes
-- `postgres` a member of supabase_storage_admin for the length of each migration (db/policy-grants.ts)
-- and these event triggers refuse, with PostgreSQL's own error, every DDL statement of that
-- migration on an object supabase_storage_admin owned when it began, but for policies, new triggers
-- (postgres holds TRIGGER on the tables) and grants (it holds the grant option).
--
-- The objects are listed by local_policy_grant_objects() into the transaction-local setting
-- supabase_local.policy_grant_objects before the migration runs; outside a migration the setting is
-- empty, the triggers do nothing and `postgres` has no membership, so PostgreSQL refuses by itself.
-- The functions live in extensions, where hosted keeps its own event-trigger functions.

create or replace function extensions.local_policy_grant_objects() returns text
language sql stable
as $$
  select coalesce(string_agg(key, ',' order by key), '')
  from (
    select 'pg_class:' || c.oid from pg_class c where c.relowner = 'supabase_storage_admin'::regrole
    union all
    select 'pg_proc:' || p.oid from pg_proc p where p.proowner = 'supabase_storage_admin'::regrole
    union all
    select 'pg_type:' || t.oid from pg_type t where t.typowner = 'supabase_storage_admin'::regrole
  ) as owned (key)
$$;

-- The refusal PostgreSQL gives a non-owner, e.g. "must be owner of table objects".
create or replace function extensions.local_policy_grant_refuse(kind text, name text) returns void
language plpgsql
as $$
begin
  raise exception 'must be owner of % %', kind, name using errcode = '42501';
end
$$;

create or replace function extensions.local_policy_grant_owned(catalog text, object oid) returns boolean
language sql stable
as $$
  select position(',' || catalog || ':' || object || ',' in
    ',' || coalesce(current_setting('supabase_local.policy_grant_objects', true), '') || ',') > 0
$$;

-- A relation's kind as PostgreSQL names it in ownership errors.
create or replace function extensions.local_policy_grant_relkind(kind "char") returns text
language sql immutable
as $$
  select case kind when 'i' then 'index' when 'I' then 'index' when 'S' then 'sequence' when 'v' then 'view'
    when 'm' then 'materialized view' when 'f' then 'foreign table' else 'table' end
$$;

create or replace function extensions.local_policy_grant_ddl_end() returns event_trigger
language plpgsql
as $$
declare
  cmd record;
  parent oid;
  parent_name text;
begin
  if coalesce(current_setting('supabase_local.policy_grant_objects', true), '') = ''
     or (select rolsuper from pg_roles where rolname = current_user) then
    return;
  end if;
  for cmd in select * from pg_event_trigger_ddl_commands() loop
    -- GRANT and REVOKE name no object here; policies are what the grant is for; a new trigger needs
    -- only the TRIGGER privilege postgres holds.
    continue when cmd.objid is null or cmd.classid = 'pg_policy'::regclass
      or (cmd.classid = 'pg_trigger'::regclass and cmd.command_tag = 'CREATE TRIGGER');
    if cmd.classid = 'pg_class'::regclass then
      if extensions.local_policy_grant_owned('pg_class', cmd.objid) then
        perform extensions.local_policy_grant_refuse(extensions.local_policy_grant_relkind(c.relkind), c.relname)
        from pg_class c where c.oid = cmd.objid;
      end if;
      -- A new index on a storage table belongs to its table's owner.
      select i.indrelid into parent from pg_index i where i.indexrelid = cmd.objid;
    elsif cmd.classid = 'pg_proc'::regclass then
      if extensions.local_policy_grant_owned('pg_proc', cmd.objid) then
        perform extensions.local_policy_grant_refuse(case p.prokind when 'p' then 'procedure' else 'function' end, p.proname)
        from pg_proc p where p.oid = cmd.objid;
      end if;
      continue;
    elsif cmd.classid = 'pg_type'::regclass then
      if extensions.local_policy_grant_owned('pg_type', cmd.objid) then
        perform extensions.local_policy_grant_refuse('type', t.typname) from pg_type t where t.oid = cmd.objid;
      end if;
      continue;
    elsif cmd.classid = 'pg_trigger'::regclass then
      select t.tgrelid into parent from pg_trigger t where t.oid = cmd.objid;
    elsif cmd.classid = 'pg_rewrite'::regclass then
      select r.ev_class into parent from pg_rewrite r where r.oid = cmd.objid;
    elsif cmd.classid = 'pg_constraint'::regclass then
      select k.conrelid into parent from pg_constraint k where k.oid = cmd.objid;
    else
      continue;
    end if;
    if parent is not null and extensions.local_policy_grant_owned('pg_class', parent) then
      select c.relname into parent_name from pg_class c where c.oid = parent;
      perform extensions.local_policy_grant_refuse('table', parent_name);
    end if;
    parent := null;
  end loop;
end
$$;

create or replace function extensions.local_policy_grant_sql_drop() returns event_trigger
language plpgsql
as $$
declare
  dropped record;
  parent oid;
begin
  if coalesce(current_setting('supabase_local.policy_grant_objects', true), '') = ''
     or (select rolsuper from pg_roles where rolname = current_user) then
    return;
  end if;
  -- Only what the statement named: a table of postgres's own that references storage.buckets takes
  -- internal triggers on buckets with it, which hosted allows too.
  for dropped in select * from pg_event_trigger_dropped_objects() where original loop
    continue when dropped.classid = 'pg_policy'::regclass;
    if dropped.classid in ('pg_class'::regclass, 'pg_proc'::regclass, 'pg_type'::regclass) then
      if extensions.local_policy_grant_owned(dropped.classid::regclass::text, dropped.objid) then
        perform extensions.local_policy_grant_refuse(dropped.object_type,
          coalesce(dropped.object_name, dropped.address_names[array_length(dropped.address_names, 1)]));
      end if;
    elsif array_length(dropped.address_names, 1) >= 3 then
      -- A trigger, rule, constraint, column or default: [schema, table, name] while its table stays.
      parent := to_regclass(format('%I.%I', dropped.address_names[1], dropped.address_names[2]));
      if parent is not null and extensions.local_policy_grant_owned('pg_class', parent) then
        perform extensions.local_policy_grant_refuse('table', dropped.address_names[2]);
      end if;
    end if;
  end loop;
end
$$;

do $$
begin
  if not exists (select 1 from pg_event_trigger where evtname = 'local_policy_grants_ddl') then
    create event trigger local_policy_grants_ddl on ddl_command_end
      execute function extensions.local_policy_grant_ddl_end();
  end if;
  if not exists (select 1 from pg_event_trigger where evtname = 'local_policy_grants_drop') then
    create event trigger local_policy_grants_drop on sql_drop
      execute function extensions.local_policy_grant_sql_drop();
  end if;
end
$$;
