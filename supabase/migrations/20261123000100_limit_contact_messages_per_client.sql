-- Contact form limits per client network address instead of per typed e-mail (issue 15). Keyed on the
-- typed e-mail, one visitor could walk past the per-sender limit with a new address per message and
-- then use up the global hourly cap, closing the form for everyone. Now each client may send a few
-- messages an hour, so it takes many clients, not one, to reach the global safety valve.

-- The client is the address hosted Supabase's edge saw (issue 19). Never the x-forwarded-for header:
-- on hosted its first entry is whatever the client wrote (the platform's proxy passes it through and
-- the CDN, Cloudflare, appends the address it saw to the right), so a client rotating a made-up first
-- entry would count as a new client each time. Cloudflare sets CF-Connecting-IP itself, to the address
-- that connected to its edge, replacing any value the client sent (developers.cloudflare.com,
-- "Cloudflare HTTP headers"); PostgREST hands it to Postgres in request.headers like every other
-- header, and the local gateway sets it the same way. IPv6 clients are keyed by their /64. A request
-- without it, or with something that is not an address (a direct database session, a route that does
-- not pass the edge): 'unknown', one shared bucket.
create function private.request_client_address() returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_headers text := current_setting('request.headers', true);
  v_edge text;
  v_address inet;
begin
  if coalesce(btrim(v_headers), '') = '' then
    return 'unknown';
  end if;
  begin
    -- One address by contract; a list means something in front rewrote it, so only the first counts.
    v_edge := btrim(split_part(v_headers::jsonb ->> 'cf-connecting-ip', ',', 1));
  exception when invalid_text_representation or invalid_parameter_value then
    return 'unknown';
  end;
  -- Some proxies add a port: "192.0.2.1:5123", "[2001:db8::1]:5123".
  v_edge := coalesce(substring(v_edge from '^\[([^]]+)\](?::[0-9]+)?$'),
                     substring(v_edge from '^([0-9.]+):[0-9]+$'),
                     v_edge);
  if coalesce(v_edge, '') = '' or char_length(v_edge) > 100 then
    return 'unknown';
  end if;
  begin
    v_address := v_edge::inet;
  exception when invalid_text_representation then
    return 'unknown';
  end;
  if family(v_address) = 6 and v_address << '::ffff:0:0/96'::inet then
    -- IPv4-mapped IPv6 is the IPv4 client it names.
    v_address := '0.0.0.0'::inet + (v_address - '::ffff:0.0.0.0'::inet);
  end if;
  if family(v_address) = 6 then
    -- One subscriber usually holds a whole /64.
    return network(set_masklen(v_address, 64))::text;
  end if;
  return host(v_address);
end
$$;

revoke execute on function private.request_client_address() from public, anon, authenticated, service_role;

comment on function private.request_client_address() is
  'The address the platform edge saw (cf-connecting-ip; IPv6 as its /64), or ''unknown''. Never x-forwarded-for: clients write its first entries.';

-- Where each message came from, written by the trigger below (clients cannot choose it: anon and
-- authenticated may insert only name, email, message and identity). Null for messages stored
-- before this migration and for service_role inserts that do not set it.
alter table public.contact_messages add column client_address text check (char_length(client_address) <= 100);

comment on column public.contact_messages.client_address is
  'The sender''s network address (IPv6: its /64) as the edge saw it (cf-connecting-ip); the per-client rate limit counts by it.';

create index contact_messages_client_created_idx on public.contact_messages (client_address, created_at);
-- The per-e-mail limit is gone, and with it the only use of this index.
drop index public.contact_messages_sender_created_idx;

comment on table public.contact_messages is
  'Contact form messages. Insert: anyone (anon, authenticated), rate-limited per client address and globally per hour. Read: admins only. Update/delete: service_role only.';
