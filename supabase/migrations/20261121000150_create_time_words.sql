-- One way the database writes a moment for a person to read: the firm's clock, Hong Kong time,
-- with the zone beside it ("27 Nov 2026, 20:40 HKT"), exactly as the portal's date-time module
-- writes it (src/lib/date-time.ts). Every sentence SQL writes for a member (notifications,
-- activity, mails, refusals) calls this, so a member never reads two clocks.
-- Hong Kong has kept UTC+8 without daylight saving since 1979: a fixed offset needs no tz data.
-- 'Mon' without the TM prefix is English whatever lc_time says.
create function private.when_words(p_at timestamptz) returns text
language sql
immutable
set search_path = ''
as $$
  select to_char(p_at at time zone 'UTC' + interval '8 hours', 'FMDD Mon YYYY, HH24:MI "HKT"')
$$;

revoke execute on function private.when_words(timestamptz) from public, anon, authenticated, service_role;
