-- The firm's own settings, one row (issues 22 and 23, docs/four-eyes.md). Nobody writes this table
-- directly: a setting changes only when a proposal to change it is approved by a second admin.
--   small_edit_threshold   balance edits whose largest change is below this amount need no second
--                          admin; null (the default) means no exemption, every edit is a proposal.
--   address_cooling_off    how long a new address-book entry waits before money may leave to it.
--   referral_bonus_rate    the share of a referred member's accepted subscription paid to the
--                          referrer (issue 33): 0.05 is the 5% the site promises; 0 pays none.

create table public.firm_settings (
  singleton boolean primary key default true check (singleton),
  small_edit_threshold numeric(20, 2) check (small_edit_threshold > 0),
  address_cooling_off interval not null default interval '24 hours'
    check (address_cooling_off >= interval '0' and address_cooling_off <= interval '30 days'),
  referral_bonus_rate numeric(6, 4) not null default 0.05 check (referral_bonus_rate between 0 and 0.2),
  updated_at timestamptz not null default now()
);

comment on table public.firm_settings is
  'The firm''s settings, one row. Read: every staff role at aal2; service_role. Write: staff only by an approved proposal (no grant to authenticated); service_role (seed, operator scripts).';

insert into public.firm_settings default values;

alter table public.firm_settings enable row level security;

grant select on public.firm_settings to authenticated;
grant select, update on public.firm_settings to service_role;

create policy firm_settings_select_staff on public.firm_settings
  for select to authenticated
  using ((select private.has_role('support', 'finance', 'auditor', 'owner')));

-- Functions read the settings through these, so a missing row can never mean "no cooling-off".
create function private.address_cooling_off() returns interval
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select s.address_cooling_off from public.firm_settings s where s.singleton), interval '24 hours')
$$;

create function private.small_edit_threshold() returns numeric
language sql
stable
security definer
set search_path = ''
as $$
  select s.small_edit_threshold from public.firm_settings s where s.singleton
$$;

create function private.referral_bonus_rate() returns numeric
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select s.referral_bonus_rate from public.firm_settings s where s.singleton), 0.05)
$$;

revoke execute on function private.address_cooling_off(), private.small_edit_threshold(), private.referral_bonus_rate()
  from public, anon, authenticated, service_role;
grant execute on function private.address_cooling_off(), private.small_edit_threshold(), private.referral_bonus_rate()
  to authenticated, service_role;
