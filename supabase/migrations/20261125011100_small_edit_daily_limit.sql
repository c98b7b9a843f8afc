-- The small-edit daily limit (docs/four-eyes.md): the most one admin may move alone, without a second
-- admin, in any rolling 24 hours, summed over every member and account as the size of each ledger
-- movement of their alone-posted small edits. Without it one admin could move any amount alone by
-- splitting it into many edits each below the small-edit threshold.
-- Null (the default) means "the threshold itself": an admin alone moves less than one threshold a day.

alter table public.firm_settings
  add column small_edit_daily_limit numeric(20, 2) check (small_edit_daily_limit > 0);

comment on column public.firm_settings.small_edit_daily_limit is
  'Most one admin may move alone (small edits) in any rolling 24 h; null = small_edit_threshold.';

-- The limit in force: null only when there is no threshold (then nothing is posted alone anyway).
create function private.small_edit_daily_limit() returns numeric
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(s.small_edit_daily_limit, s.small_edit_threshold) from public.firm_settings s where s.singleton
$$;

revoke execute on function private.small_edit_daily_limit() from public, anon, authenticated, service_role;
grant execute on function private.small_edit_daily_limit() to authenticated, service_role;
