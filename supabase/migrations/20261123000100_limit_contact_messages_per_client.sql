-- Contact form limits per client network address instead of per typed e-mail (issue 15). Keyed on the
-- typed e-mail, one visitor could walk past the per-sender limit with a new address per message and
-- then use up the global hourly cap, closing the form for everyone. Now each client (the address
-- Supabase's gateway forwards to PostgREST) may send a few messages an hour, so it takes many
-- clients, not one, to reach the global safety valve.

-- The address the request came from, as PostgREST passes it: the first entry of the x-forwarded-for
-- request header (the hosted gateway and the local server both set it). IPv6 clients are keyed by
-- their /64 network, because one subscriber usually holds a whole /64. No header, or one that is not
-- an IP address (a direct database session, a misconfigured proxy): 'unknown', one shared bucket.
create function private.request_client_address() returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_headers text := current_setting('request.headers', true);
  v_first text;
  v_address inet;
begin
  if coalesce(btrim(v_headers), '') = '' then
    return 'unknown';
  end if;
  begin
    v_first := btrim(split_part(v_headers::jsonb ->> 'x-forwarded-for', ',', 1));
  exception when invalid_text_representation then
    return 'unknown';
  end;
  -- Some proxies add a port: "192.0.2.1:5123", "[2001:db8::1]:5123".
  v_first := coalesce(substring(v_first from '^\[([^]]+)\](?::[0-9]+)?$'),
                      substring(v_first from '^([0-9.]+):[0-9]+$'),
                      v_first);
  if coalesce(v_first, '') = '' or char_length(v_first) > 100 then
    return 'unknown';
  end if;
  begin
    v_address := v_first::inet;
  exception when invalid_text_representation then
    return 'unknown';
  end;
  if family(v_address) = 6 and v_address << '::ffff:0:0/96'::inet then
    -- IPv4-mapped IPv6 is the IPv4 client it names.
    v_address := '0.0.0.0'::inet + (v_address - '::ffff:0.0.0.0'::inet);
  end if;
  if family(v_address) = 6 then
    return network(set_masklen(v_address, 64))::text;
  end if;
  return host(v_address);
end
$$;

revoke execute on function private.request_client_address() from public, anon, authenticated, service_role;

comment on function private.request_client_address() is
  'The client address PostgREST received the request from (first x-forwarded-for entry; IPv6 as its /64), or ''unknown''.';

-- Where each message came from, written by the trigger below (clients cannot choose it: anon and
-- authenticated may insert only name, email, message and identity). Null for messages stored
-- before this migration and for service_role inserts that do not set it.
alter table public.contact_messages add column client_address text check (char_length(client_address) <= 100);

comment on column public.contact_messages.client_address is
  'The sender''s network address (IPv6: its /64) as the gateway forwarded it; the per-client rate limit counts by it.';

create index contact_messages_client_created_idx on public.contact_messages (client_address, created_at);
-- The per-e-mail limit is gone, and with it the only use of this index.
drop index public.contact_messages_sender_created_idx;

comment on table public.contact_messages is
  'Contact form messages. Insert: anyone (anon, authenticated), rate-limited per client address and globally per hour. Read: admins only. Update/delete: service_role only.';

-- Limits, checked in this order: 5 messages per client address per hour, then 300 per hour in total.
-- One client can fill at most 5 of the 300, so the global valve only closes when some 60 clients
-- flood at once. One advisory lock serialises every check-and-insert of the form, so two posts at
-- either limit (from one client or from two) cannot both get in; the form sees a few messages an
-- hour, so serialising them costs nothing noticeable. Security definer: senders cannot read the
-- table they are counted in.
create or replace function private.contact_messages_rate_limit() returns trigger
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
