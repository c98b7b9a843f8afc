-- contact_messages: the public contact form (spec §3 "Contact message"). Stored first so a message is
-- never lost. Anyone may send (anon inserts with Prefer: return=minimal, since anon cannot read back).

create table public.contact_messages (
  id bigint generated always as identity primary key,
  name text not null check (char_length(btrim(name)) between 1 and 100 and char_length(name) <= 100),
  email text not null check (
    char_length(email) <= 254
    and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
  ),
  message text not null check (char_length(btrim(message)) between 1 and 5000 and char_length(message) <= 5000),
  identity text check (identity in ('investor', 'borrower')),
  created_at timestamptz not null default now()
);

comment on table public.contact_messages is
  'Contact form messages. Insert: anyone (anon, authenticated), rate-limited per sender and globally per hour. Read: admins only. Update/delete: service_role only.';

-- The rate limit counts by lower(email) over the last hour; admins list newest first.
create index contact_messages_sender_created_idx on public.contact_messages (lower(email), created_at);
create index contact_messages_created_at_idx on public.contact_messages (created_at);

alter table public.contact_messages enable row level security;

revoke all on public.contact_messages from public, anon, authenticated;
grant insert (name, email, message, identity) on public.contact_messages to anon, authenticated;
grant select on public.contact_messages to authenticated;
grant select, insert, update, delete on public.contact_messages to service_role;

create policy contact_messages_insert_anyone on public.contact_messages
  for insert to anon, authenticated
  with check (true);

create policy contact_messages_select_admin on public.contact_messages
  for select to authenticated
  using ((select private.is_admin()));

-- Rate limit (the client's address: private.request_client_address, 20261123000100).
-- Limits, checked in this order: 5 messages per client address per hour, then 300 per hour in total.
-- One client can fill at most 5 of the 300, so the global valve only closes when some 60 clients
-- flood at once. One advisory lock serialises every check-and-insert of the form, so two posts at
-- either limit (from one client or from two) cannot both get in; the form sees a few messages an
-- hour, so serialising them costs nothing noticeable. Security definer: senders cannot read the
-- table they are counted in.
create function private.contact_messages_rate_limit() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_client text := private.request_client_address();
  c_per_client constant int := 5;
  c_global constant int := 300;
begin
  if coalesce(auth.role(), '') = 'service_role' then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtext('contact_messages'));
  if (select count(*) from public.contact_messages m
      where m.client_address = v_client and m.created_at > now() - interval '1 hour') >= c_per_client then
    raise exception 'You have sent too many messages. Please try again in an hour.'
      using errcode = 'PT429';
  end if;
  if (select count(*) from public.contact_messages m where m.created_at > now() - interval '1 hour') >= c_global then
    raise exception 'We are receiving too many messages right now. Please try again in an hour.'
      using errcode = 'PT429';
  end if;
  new.client_address := v_client;
  new.name := btrim(new.name);
  new.email := btrim(new.email);
  new.created_at := now();
  return new;
end
$$;

revoke execute on function private.contact_messages_rate_limit() from public, anon, authenticated, service_role;

create trigger contact_messages_rate_limit
  before insert on public.contact_messages
  for each row execute function private.contact_messages_rate_limit();
