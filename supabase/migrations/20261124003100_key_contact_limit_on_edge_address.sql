-- The contact form's per-client limit keys on the address hosted Supabase's edge saw (issue 19).
-- Until now it read the FIRST x-forwarded-for entry. On hosted that entry is whatever the client
-- wrote: the platform's proxy passes the header through and the CDN (Cloudflare) appends the address
-- it saw to the right, so a client rotating a made-up first entry counted as a new client each time.
-- Cloudflare sets CF-Connecting-IP itself, to the address that connected to its edge, replacing any
-- value the client sent (developers.cloudflare.com, "Cloudflare HTTP headers"); PostgREST hands it to
-- Postgres in request.headers like every other header. The local gateway sets it the same way.
-- A request without it (a direct database session, a route that does not pass the edge) counts in
-- the one 'unknown' bucket: never the forgeable x-forwarded-for.
create or replace function private.request_client_address() returns text
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

comment on column public.contact_messages.client_address is
  'The sender''s network address (IPv6: its /64) as the edge saw it (cf-connecting-ip); the per-client rate limit counts by it.';
