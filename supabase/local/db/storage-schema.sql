-- Supabase Storage's objects in the project's database, as a hosted project has them once the
-- platform's init script (supabase/postgres migrations/db/init-scripts/00000000000002-storage-schema.sql)
-- and the storage server's tenant migrations (supabase/storage migrations/tenant/0001…0063) have run:
-- written as that final state, not as the migration history. Run by bootstrapDatabase as the
-- superuser after base-schema.sql and before the project's migrations, so a migration can insert
-- its buckets and create policies on storage.objects. Idempotent: safe to run on every start.
--
-- Left out: what only the storage server's other protocols use (S3 multipart uploads, analytics /
-- Iceberg and vector buckets, object versioning beyond the columns it added to objects) and the
-- functions its own queries call (search, list_objects_with_delimiter, get_size_by_bucket, …); the
-- local server's Storage API (supabase/local/storage/) runs its own statements on these tables.

-- The role the storage server logs in as on hosted; it owns every storage table and function, so
-- `postgres` is not their owner (what it may do on them is hosted's supautils.policy_grants:
-- db/policy-grants.sql). Nothing logs in as it here.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin nologin noinherit createrole;
  end if;
end
$$;
alter role supabase_storage_admin set search_path = storage;
-- supabase/postgres 20231013070755: the storage server switches to the request's role through it.
grant authenticator to supabase_storage_admin;

create schema if not exists storage authorization supabase_admin;
grant usage on schema storage to anon, authenticated, service_role;
-- 10000000000000_demote-postgres: postgres may create its own objects in storage.
grant all on schema storage to postgres;
grant all on schema storage to supabase_storage_admin;
-- The init script's defaults for what the platform (supabase_admin) creates in storage.
alter default privileges in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on sequences to postgres, anon, authenticated, service_role;
-- The storage server's own (tenant migration 0002, run as supabase_storage_admin).
alter default privileges for role supabase_storage_admin in schema storage
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage
  grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage
  grant all on sequences to postgres, anon, authenticated, service_role;

set role supabase_storage_admin;

-- The storage server's migration bookkeeping (empty here: nothing runs its migrations locally).
create table if not exists storage.migrations (
  id integer primary key,
  name varchar(100) unique not null,
  hash varchar(40) not null,
  executed_at timestamp default current_timestamp
);

do $$
begin
  if to_regtype('storage.buckettype') is null then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end
$$;

-- Columns in the order the tenant migrations added them. `owner` (uuid) is deprecated for
-- `owner_id` (text, the JWT's sub); neither references auth.users any more (0017, 0018).
create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD',
  versioning_status text not null default 'DISABLED',
  constraint buckets_versioning_status_check check (versioning_status in ('DISABLED', 'ENABLED', 'SUSPENDED')),
  constraint buckets_versioning_standard_only_check check (type = 'STANDARD' or versioning_status = 'DISABLED'),
  constraint buckets_versioning_dark_check check (versioning_status = 'DISABLED')
);
create unique index if not exists bname on storage.buckets (name);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text constraint "objects_bucketId_fkey" references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb,
  archived_at timestamptz,
  is_delete_marker boolean not null default false,
  is_versioned boolean not null default false
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);
create index if not exists idx_objects_bucket_id_name on storage.objects (bucket_id, name collate "C");
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';

-- RLS on, no policy: only service_role (BYPASSRLS) and the owner see rows until a migration adds policies.
alter table storage.migrations enable row level security;
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- The path helpers policies use: 'a/b/c.pdf' → {a,b}, 'c.pdf', 'pdf' (0060, 0061).
create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable
as $$
declare
  parts text[] := string_to_array(name, '/');
begin
  return parts[1 : array_length(parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable
as $$
declare
  parts text[] := string_to_array(name, '/');
begin
  return parts[array_length(parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable
as $$
declare
  parts text[] := string_to_array(name, '/');
begin
  -- Everything after the last dot of the last segment (the whole segment when it has none).
  return reverse(split_part(reverse(parts[array_length(parts, 1)]), '.', 1));
end
$$;

-- The API operation a request performs ('storage.object.upload', …), set per request by the
-- storage server, for policies that allow one operation only (0024, 0058).
create or replace function storage.operation() returns text
language plpgsql stable
as $$
begin
  return current_setting('storage.operation', true);
end
$$;

create or replace function storage.allow_only_operation(expected_operation text) returns boolean
language sql stable
as $$
  select case
    when coalesce(expected_operation, '') = '' then false
    else coalesce(regexp_replace(storage.operation(), '^storage\.', '') = regexp_replace(expected_operation, '^storage\.', ''), false)
  end
$$;

create or replace function storage.allow_any_operation(expected_operations text[]) returns boolean
language sql stable
as $$
  select exists (
    select 1 from unnest(expected_operations) as expected
    where coalesce(expected, '') <> ''
      and regexp_replace(storage.operation(), '^storage\.', '') = regexp_replace(expected, '^storage\.', ''))
$$;

-- 0011: updated_at follows every update of an object.
create or replace function storage.update_updated_at_column() returns trigger
language plpgsql
as $$
begin
  new.updated_at = now();
  return new;
end
$$;
create or replace trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

-- 0037: bucket names longer than 100 characters are refused by the database too.
create or replace function storage.enforce_bucket_name_length() returns trigger
language plpgsql
as $$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end
$$;
create or replace trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets
  for each row execute function storage.enforce_bucket_name_length();

-- 0055: a DELETE on the storage tables fails unless the storage server runs it (it sets
-- storage.allow_delete_query for its requests), so SQL cannot orphan the stored files.
create or replace function storage.protect_delete() returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;
create or replace trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
create or replace trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

reset role;

-- Tenant migrations 0046 and 0049: the API roles hold every privilege on buckets and objects (RLS
-- decides), postgres with the grant option; demote-postgres gives postgres the rest of the schema.
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to postgres with grant option;
grant all on all tables in schema storage to postgres;
grant all on all sequences in schema storage to postgres;
grant all on all routines in schema storage to postgres;
