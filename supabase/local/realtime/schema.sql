-- Realtime Authorization's objects as Supabase Realtime creates them in a project's database
-- (supabase/realtime priv/repo/tenant_schema/realtime): realtime.messages, whose RLS policies decide
-- who may read from and write to a private channel, and realtime.topic(), the channel a policy is
-- being asked about. Not partitioned here (hosted partitions it by day; policies see no difference).
-- Applied before the project's migrations, so they can create policies on it. Idempotent.
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  constraint messages_payload_exclusive check (payload is null or binary_payload is null),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant insert, select, update on table realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic() returns text
language sql stable
as $$ select nullif(current_setting('realtime.topic', true), '')::text $$;
grant execute on function realtime.topic() to anon, authenticated, service_role;
