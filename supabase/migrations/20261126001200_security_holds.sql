-- The security hold (issue 30, docs/address-book.md "Security hold"). After any change of credentials
-- (an authenticator added or removed, the password changed or reset, the e-mail changed, an
-- authenticator reset by staff), new withdrawal addresses and new withdrawal requests wait until the
-- hold ends (48 h by default; firm_settings.security_hold, changed only by an approved proposal).
-- Exchanges and custodians do the same: a thief who took over the password has to wait, while the
-- owner is told at once (notification and mail) and can freeze withdrawals from any session.
--
-- The hold is started from the audit log: the credential events are already written there by the
-- triggers on auth.users and auth.sessions (20261125004200, 20261121000300) and by admin_reset_mfa,
-- so one trigger on audit_events covers every way a credential changes, including ones added later
-- that audit under the same kinds.

alter table public.firm_settings
  add column security_hold interval not null default interval '48 hours'
    check (security_hold >= interval '0' and security_hold <= interval '30 days');

comment on column public.firm_settings.security_hold is
  'How long new withdrawal addresses and withdrawal requests wait after a change of credentials.';

create function private.security_hold_period() returns interval
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select s.security_hold from public.firm_settings s where s.singleton), interval '48 hours')
$$;

revoke execute on function private.security_hold_period() from public, anon, authenticated, service_role;

create table public.security_holds (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  change text not null check (change in ('password_changed', 'email_changed', 'factor_enrolled', 'factor_removed', 'factor_reset')),
  -- The audit event of the change that started it (not a foreign key: the audit log's integrity is
  -- its hash chain, whose checks must be able to see a deleted event as missing, not refused).
  event_id bigint not null,
  started_at timestamptz not null default now(),
  hold_until timestamptz not null,
  check (hold_until >= started_at)
);

comment on table public.security_holds is
  'Security holds after credential changes. Read: the member (own rows, at any assurance level: the owner must see why they wait even before their code); every staff role at aal2; service_role. Write: the audit trigger only; the service role may move hold_until (audited).';

create index security_holds_user_until_idx on public.security_holds (user_id, hold_until);
create index security_holds_event_idx on public.security_holds (event_id);

alter table public.security_holds enable row level security;

revoke all on public.security_holds from public, anon, authenticated, service_role;
grant select on public.security_holds to authenticated, service_role;
-- Support and tests that travel past the hold move its end; every such write is audited (20261126002000).
grant update (hold_until) on public.security_holds to service_role;

create policy security_holds_select_own_or_staff on public.security_holds
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy security_holds_update_service on public.security_holds
  for update to service_role
  using (true)
  with check (true);

-- The member's hold in force now, if any: the one that ends last.
create function private.active_security_hold(p_user_id uuid) returns public.security_holds
language sql
stable
security definer
set search_path = ''
as $$
  select h.* from public.security_holds h
  where h.user_id = p_user_id and h.hold_until > now()
  order by h.hold_until desc, h.id desc
  limit 1
$$;

revoke execute on function private.active_security_hold(uuid) from public, anon, authenticated, service_role;

-- Which audit kinds are a change of credentials, and the word the hold records for each.
create function private.credential_change(p_kind text) returns text
language sql
immutable
set search_path = ''
as $$
  select case p_kind
    when 'member_password_changed' then 'password_changed'
    when 'member_email_changed' then 'email_changed'
    when 'member_factor_enrolled' then 'factor_enrolled'
    when 'member_factor_removed' then 'factor_removed'
    when 'mfa_reset' then 'factor_reset' end
$$;

revoke execute on function private.credential_change(text) from public, anon, authenticated, service_role;

create function private.start_security_hold() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from auth.users u where u.id = new.member_id) then
    return null;
  end if;
  insert into public.security_holds (user_id, change, event_id, started_at, hold_until)
  values (new.member_id, private.credential_change(new.kind), new.id, new.occurred_at,
    new.occurred_at + private.security_hold_period());
  return null;
end
$$;

-- Every hold, however written, is audited (security_hold_started, which the member reads as a
-- notification) and mailed, in the same transaction.
create function private.announce_security_hold() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.audit('security_hold_started', new.user_id, null,
    jsonb_build_object('hold_id', new.id, 'change', new.change, 'hold_until', new.hold_until), null);
  perform private.enqueue_member_mail(new.user_id, 'security_hold', 'security_hold:' || new.id,
    jsonb_build_object('change', new.change, 'hold_until', new.hold_until));
  return null;
end
$$;

revoke execute on function private.announce_security_hold() from public, anon, authenticated, service_role;

revoke execute on function private.start_security_hold() from public, anon, authenticated, service_role;

create trigger audit_events_start_security_hold after insert on public.audit_events
  for each row when (new.member_id is not null and new.kind in
    ('member_password_changed', 'member_email_changed', 'member_factor_enrolled', 'member_factor_removed', 'mfa_reset'))
  execute function private.start_security_hold();

create trigger security_holds_announce after insert on public.security_holds
  for each row execute function private.announce_security_hold();

-- The refusal. add_withdrawal_address and file_withdrawal_request call it before anything else, so
-- the member reads the hold rather than a code prompt; the triggers below call it too, so no path
-- (the service role, a later function, a direct write) adds an address or files a withdrawal while
-- a hold is on.
create function private.require_no_security_hold(p_user_id uuid) returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_hold public.security_holds := private.active_security_hold(p_user_id);
begin
  if v_hold.id is not null then
    raise exception 'A security hold is on your account until % because %: new withdrawal addresses and withdrawal requests wait until then. If this was not you, freeze withdrawals now.',
      private.when_words(v_hold.hold_until),
      case v_hold.change
        when 'password_changed' then 'your password was changed'
        when 'email_changed' then 'your e-mail address was changed'
        when 'factor_enrolled' then 'an authenticator app was added'
        when 'factor_removed' then 'an authenticator app was removed'
        else 'your authenticator apps were reset' end
      using errcode = '42501', hint = 'security_hold';
  end if;
end
$$;

revoke execute on function private.require_no_security_hold(uuid) from public, anon, authenticated, service_role;
grant execute on function private.require_no_security_hold(uuid) to authenticated, service_role;

create function private.refuse_during_security_hold() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_no_security_hold(new.user_id);
  return new;
end
$$;

revoke execute on function private.refuse_during_security_hold() from public, anon, authenticated, service_role;

create trigger withdrawal_addresses_security_hold before insert on public.withdrawal_addresses
  for each row execute function private.refuse_during_security_hold();
create trigger withdrawal_requests_security_hold before insert on public.withdrawal_requests
  for each row execute function private.refuse_during_security_hold();

-- What the freeze page (/user/freeze) shows, at any assurance level (issue 30): whether withdrawals
-- are frozen, the security hold in force, and the latest security notices. The owner who reaches the
-- page through the password-recovery link, or whose account a thief gave an authenticator, must be
-- able to read what happened and freeze. It holds nothing the holder of the password did not cause
-- or could not see on the address book: no balances, no other notices. The notices are in p_locale
-- ('en', 'zh-hant', 'ar'; null: the member's own language, issue 36).
create function public.my_security_status(p_locale text default null) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  -- Any assurance level: the owner reads this before any code (private.require_member would ask).
  v_uid uuid := private.require_account_holder();
  v_hold public.security_holds;
  v_locale text := private.reader_locale(p_locale);
begin
  v_hold := private.active_security_hold(v_uid);
  return jsonb_build_object(
    'frozen_at', (select f.frozen_at from public.withdrawal_freezes f where f.user_id = v_uid and f.lifted_at is null),
    'hold', case when v_hold.id is null then null
      else jsonb_build_object('change', v_hold.change, 'hold_until', v_hold.hold_until) end,
    'notices', coalesce((
      select jsonb_agg(jsonb_build_object('id', n.id, 'title', w.title, 'body', w.body, 'at', n.available_at)
        order by n.available_at desc, n.id desc)
      from (
        select * from public.notifications n
        where n.user_id = v_uid and n.available_at <= now()
          and n.kind in ('security_hold_started', 'security_hold_changed', 'member_password_changed',
            'member_email_changed', 'member_factor_enrolled', 'member_factor_removed', 'mfa_reset',
            'address_added', 'address_removed', 'address_cooling_off_changed', 'withdrawal_filed',
            'withdrawals_frozen', 'withdrawals_unfrozen')
        order by n.available_at desc, n.id desc
        limit 10) n
      cross join lateral private.notice_words(n.event_id, n.kind, v_locale) w), '[]'::jsonb));
end
$$;

revoke execute on function public.my_security_status(text) from public, anon, authenticated, service_role;
grant execute on function public.my_security_status(text) to authenticated;

alter publication supabase_realtime add table public.security_holds;
