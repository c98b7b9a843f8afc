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

-- An Arabic month's name (1 = يناير), as the Gulf names them: one list for every date SQL writes in
-- Arabic (here, and a statement's month in private.month_words).
create function private.arabic_month(p_month int) returns text
language sql
immutable
set search_path = ''
as $$
  select (array['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر',
                'نوفمبر', 'ديسمبر'])[p_month]
$$;

-- The same moment in a member's language, for their mails: '27 Nov 2026, 20:40 HKT',
-- '2026年11月27日 20:40（香港時間）', '27 نوفمبر 2026، 20:40 (بتوقيت هونغ كونغ)' (Latin digits, as the
-- portal writes figures in Arabic). An unknown language gets English.
create function private.when_words(p_at timestamptz, p_locale text) returns text
language sql
immutable
set search_path = ''
as $$
  select case p_locale
    when 'zh-hant' then to_char(p_at at time zone 'UTC' + interval '8 hours', 'YYYY"年"FMMM"月"FMDD"日" HH24:MI') || '（香港時間）'
    when 'ar' then to_char(p_at at time zone 'UTC' + interval '8 hours', 'FMDD') || ' '
      || private.arabic_month(extract(month from p_at at time zone 'UTC' + interval '8 hours')::int)
      || ' ' || to_char(p_at at time zone 'UTC' + interval '8 hours', 'YYYY، HH24:MI') || ' (بتوقيت هونغ كونغ)'
    else private.when_words(p_at) end
$$;

revoke execute on function private.arabic_month(int), private.when_words(timestamptz), private.when_words(timestamptz, text)
  from public, anon, authenticated, service_role;
