-- The member's address book (issue 23, docs/address-book.md): money leaves only to an address the
-- member added here, and only once its cooling-off period (firm_settings.address_cooling_off) is over.
-- Rows are never deleted: removing an entry stamps removed_at, so the requests that named it keep
-- pointing at what the member saw. Members write only through add_withdrawal_address (which needs a
-- fresh step-up) and remove_withdrawal_address.

create table public.withdrawal_addresses (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  wallet_id smallint not null references public.deposit_wallets (id),
  address text not null check (char_length(address) between 1 and 128),
  destination_tag bigint check (destination_tag between 0 and 4294967295),
  label text not null check (char_length(label) between 1 and 60),
  created_at timestamptz not null default now(),
  usable_from timestamptz not null,
  removed_at timestamptz,
  check (removed_at is null or removed_at >= created_at)
);

comment on table public.withdrawal_addresses is
  'Member address book. Read: the member (own rows); every staff role at aal2; service_role. Write: add_withdrawal_address, remove_withdrawal_address (member); never deleted.';

-- One live entry per destination per wallet; a removed entry may be added again (and waits again).
create unique index withdrawal_addresses_live_key on public.withdrawal_addresses
  (user_id, wallet_id, address, coalesce(destination_tag, -1)) where removed_at is null;
create index withdrawal_addresses_user_created_idx on public.withdrawal_addresses (user_id, created_at);
create index withdrawal_addresses_wallet_idx on public.withdrawal_addresses (wallet_id);

alter table public.withdrawal_addresses enable row level security;

revoke all on public.withdrawal_addresses from public, anon, authenticated, service_role;
grant select on public.withdrawal_addresses to authenticated, service_role;
-- The service role may move usable_from (support, and tests that travel past the cooling-off).
grant update (usable_from) on public.withdrawal_addresses to service_role;

create policy withdrawal_addresses_select_own_or_staff on public.withdrawal_addresses
  for select to authenticated
  using (
    user_id = (select auth.uid())
    or (select private.has_role('support', 'finance', 'auditor', 'owner'))
  );

alter publication supabase_realtime add table public.withdrawal_addresses;

-- Step-up: proof beyond the password, no more than 10 minutes old (issue 30, docs/address-book.md
-- "Step-up: the rule"). GoTrue stamps each amr entry with the time that method last succeeded in this
-- session, and lets a password-only (aal1) session enrol and verify a first authenticator, which
-- raises that very session to aal2 with a fresh `totp`: a thief holding only the password could pass
-- a check that trusted any `totp`. So:
--   * `otp` (the mailed code, GoTrue's verifyOtp) counts: it proves the mailbox;
--   * `totp` counts only if the authenticator that raised this session (auth.sessions.factor_id of the
--     token's session_id) was verified before this session began (its first verification older than
--     the session's created_at): an authenticator added in this session proves nothing the password
--     did not, whatever older authenticator the account has, so such a session needs the mailed code
--     too (hint step_up_mail_required);
--   * a member with a verified authenticator must also be at aal2: a mailed code alone never stands
--     in for their authenticator.
-- A factor's first verification is its member_factor_enrolled audit event (written when GoTrue marks
-- a session verified by it, 20261125004200); a factor with no such event (written directly) counts
-- from its created_at, which is never later than its verification.
create function private.factor_first_verified_at(p_factor auth.mfa_factors) returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select min(a.occurred_at) from public.audit_events a
     where a.member_id = p_factor.user_id and a.kind = 'member_factor_enrolled'
       and a.after ->> 'factor_id' = p_factor.id::text),
    p_factor.created_at)
$$;

revoke execute on function private.factor_first_verified_at(auth.mfa_factors) from public, anon, authenticated, service_role;

-- The caller's session (null: the token names no session this database knows, or another user's).
create function private.current_session() returns auth.sessions
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_session text := auth.jwt() ->> 'session_id';
  v_row auth.sessions;
begin
  if v_session is null or v_session !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return null;
  end if;
  select * into v_row from auth.sessions s where s.id = v_session::uuid and s.user_id = auth.uid();
  return v_row;
end
$$;

revoke execute on function private.current_session() from public, anon, authenticated, service_role;

create function private.require_recent_step_up() returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_amr jsonb := auth.jwt() -> 'amr';
  v_session auth.sessions := private.current_session();
  v_has_factor boolean;
  v_old_factor boolean;
  v_fresh_otp boolean := false;
  v_fresh_totp boolean := false;
  v_ok boolean;
begin
  v_has_factor := exists (
    select 1 from auth.mfa_factors f where f.user_id = v_uid and f.status::text = 'verified');
  -- The authenticator whose code raised this session (GoTrue names it in sessions.factor_id) must
  -- be older than the session: another, older factor of the account does not vouch for it.
  v_old_factor := v_session.id is not null and exists (
    select 1 from auth.mfa_factors f
    where f.id = v_session.factor_id and f.user_id = v_uid and f.status::text = 'verified'
      and private.factor_first_verified_at(f) < v_session.created_at);
  if jsonb_typeof(v_amr) = 'array' then
    select coalesce(bool_or(e ->> 'method' = 'otp'), false), coalesce(bool_or(e ->> 'method' = 'totp'), false)
    into v_fresh_otp, v_fresh_totp
    from jsonb_array_elements(v_amr) e
    where jsonb_typeof(e -> 'timestamp') = 'number'
      and (e ->> 'timestamp')::numeric >= extract(epoch from now()) - 600;
  end if;
  v_ok := v_fresh_otp or (v_fresh_totp and v_old_factor);
  if v_ok and v_has_factor and private.current_aal() <> 'aal2' then
    v_ok := false;
  end if;
  if not v_ok then
    raise exception '%', case
      when v_has_factor and v_old_factor
        then 'Please confirm it is you with the code from your authenticator app, then try again.'
      when v_has_factor
        then 'Your authenticator app was added in this session, so it cannot confirm this yet: please also confirm it is you with the code we e-mail you, then try again.'
      else 'Please confirm it is you with the code we e-mail you, then try again.' end
      using errcode = '42501', hint = case when v_has_factor and not v_old_factor then 'step_up_mail_required' else 'step_up_required' end;
  end if;
end
$$;

revoke execute on function private.require_recent_step_up() from public, anon, authenticated, service_role;
grant execute on function private.require_recent_step_up() to authenticated, service_role;

create function private.address_json(a public.withdrawal_addresses) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('id', a.id, 'wallet_id', a.wallet_id, 'asset', w.asset, 'network', w.network,
    'label', a.label, 'address', a.address, 'destination_tag', a.destination_tag,
    'created_at', a.created_at, 'usable_from', a.usable_from, 'removed_at', a.removed_at)
  from public.deposit_wallets w where w.id = a.wallet_id
$$;

revoke execute on function private.address_json(public.withdrawal_addresses) from public, anon, authenticated, service_role;

create function public.add_withdrawal_address(
  p_wallet_id smallint,
  p_address text,
  p_label text,
  p_destination_tag text default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member();
  v_wallet public.deposit_wallets;
  v_address text := btrim(coalesce(p_address, ''));
  v_label text := btrim(coalesce(p_label, ''));
  v_tag_text text := btrim(coalesce(p_destination_tag, ''));
  v_tag bigint;
  v_entry public.withdrawal_addresses;
  v_json jsonb;
  c_daily_cap constant int := 5;
  c_live_cap constant int := 50;
begin
  select * into v_wallet from public.deposit_wallets w where w.id = p_wallet_id and w.enabled;
  if not found then
    raise exception 'Choose one of the listed assets.' using errcode = '22023';
  end if;
  if v_address = '' then
    raise exception 'Address is required.' using errcode = '22023';
  end if;
  if not private.is_valid_address(v_wallet.network, v_address) then
    raise exception 'That is not a valid % address. Check it and try again.', private.network_label(v_wallet.network)
      using errcode = '22023';
  end if;
  if v_tag_text <> '' then
    if v_wallet.network <> 'ripple' then
      raise exception 'A destination tag applies to XRP only.' using errcode = '22023';
    end if;
    if v_tag_text !~ '^[0-9]{1,10}$' or v_tag_text::bigint > 4294967295 then
      raise exception 'Destination tag must be a whole number from 0 to 4294967295.' using errcode = '22023';
    end if;
    v_tag := v_tag_text::bigint;
  end if;
  if v_label = '' or char_length(v_label) > 60 then
    raise exception 'Label is required (up to 60 characters).' using errcode = '22023';
  end if;

  -- One addition at a time per member, so two tabs cannot both slip under the caps or add a duplicate.
  perform 1 from public.profiles p where p.id = v_uid for update;
  if exists (select 1 from public.withdrawal_addresses a
             where a.user_id = v_uid and a.wallet_id = p_wallet_id and a.address = v_address
               and a.destination_tag is not distinct from v_tag and a.removed_at is null) then
    raise exception 'This address is already in your address book for %.', v_wallet.wallet_name
      using errcode = '23505';
  end if;
  if (select count(*) from public.withdrawal_addresses a
      where a.user_id = v_uid and a.created_at > now() - interval '24 hours') >= c_daily_cap then
    raise exception 'You can add at most % addresses in 24 hours. Please try again later.', c_daily_cap
      using errcode = 'PT429';
  end if;
  if (select count(*) from public.withdrawal_addresses a
      where a.user_id = v_uid and a.removed_at is null) >= c_live_cap then
    raise exception 'Your address book holds at most % addresses. Remove one you no longer use first.', c_live_cap
      using errcode = 'PT429';
  end if;
  -- A security hold (20261126001200) is said before the code is asked for: no code would help.
  perform private.require_no_security_hold(v_uid);
  perform private.require_recent_step_up();

  insert into public.withdrawal_addresses (user_id, wallet_id, address, destination_tag, label, usable_from)
  values (v_uid, p_wallet_id, v_address, v_tag, v_label, now() + private.address_cooling_off())
  returning * into v_entry;
  -- The audit event (address_added) comes from the table's trigger below, for every path.
  return private.address_json(v_entry);
end
$$;

create function public.remove_withdrawal_address(p_id bigint) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member();
  v_entry public.withdrawal_addresses;
begin
  update public.withdrawal_addresses a set removed_at = now()
  where a.id = p_id and a.user_id = v_uid and a.removed_at is null
  returning * into v_entry;
  if not found then
    raise exception 'That address is not in your address book (it may have been removed already).'
      using errcode = '22023';
  end if;
  -- Money must not leave to an address the member took off their list (issue 30): every pending or
  -- approved withdrawal to it is cancelled in this transaction, with a reason the member reads.
  update public.withdrawal_requests r
  set status = 'cancelled',
      review_note = format('Cancelled because you removed the address "%s" from your address book.', v_entry.label)
  where r.address_id = v_entry.id and r.status in ('pending', 'approved');
  return private.address_json(v_entry);
end
$$;

revoke execute on function public.add_withdrawal_address(smallint, text, text, text),
  public.remove_withdrawal_address(bigint) from public, anon, authenticated, service_role;
grant execute on function public.add_withdrawal_address(smallint, text, text, text),
  public.remove_withdrawal_address(bigint) to authenticated;

-- Every addition and removal is in the audit log, from the table (issue 30: every function that
-- changes a money table writes an audit event; supabase/tests/money-audit.test.ts reads the catalogue).
-- Audit `after` fields: address_added {id, asset, network, label, address, destination_tag,
-- usable_from}; address_removed {id, asset, network, label, address}.
create function private.audit_withdrawal_address() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wallet public.deposit_wallets;
begin
  select * into v_wallet from public.deposit_wallets w where w.id = new.wallet_id;
  if tg_op = 'INSERT' then
    perform private.audit('address_added', new.user_id, null,
      jsonb_build_object('id', new.id, 'asset', v_wallet.asset, 'network', v_wallet.network,
        'label', new.label, 'address', new.address, 'destination_tag', new.destination_tag,
        'usable_from', new.usable_from),
      null);
  else
    perform private.audit('address_removed', new.user_id, null,
      jsonb_build_object('id', new.id, 'asset', v_wallet.asset, 'network', v_wallet.network,
        'label', new.label, 'address', new.address),
      null);
  end if;
  return null;
end
$$;

revoke execute on function private.audit_withdrawal_address() from public, anon, authenticated, service_role;

create trigger withdrawal_addresses_audit after insert on public.withdrawal_addresses
  for each row execute function private.audit_withdrawal_address();
create trigger withdrawal_addresses_audit_removed after update of removed_at on public.withdrawal_addresses
  for each row when (old.removed_at is null and new.removed_at is not null)
  execute function private.audit_withdrawal_address();
