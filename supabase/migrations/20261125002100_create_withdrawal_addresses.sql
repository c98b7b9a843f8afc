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

-- Step-up: the caller's token must show a one-time code from their mailbox ('otp', GoTrue's
-- verifyOtp) or from their authenticator ('totp', MFA verify) no more than 10 minutes ago. GoTrue
-- stamps each amr entry with the time that method last succeeded in this session. A member with a
-- verified factor must also be at aal2: an e-mailed code alone does not stand in for their factor.
create function private.require_recent_step_up() returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_amr jsonb := auth.jwt() -> 'amr';
  v_has_factor boolean;
  v_fresh boolean;
begin
  v_has_factor := exists (
    select 1 from auth.mfa_factors f where f.user_id = v_uid and f.status = 'verified');
  v_fresh := jsonb_typeof(v_amr) = 'array' and exists (
    select 1 from jsonb_array_elements(v_amr) e
    where e ->> 'method' in ('otp', 'totp')
      and jsonb_typeof(e -> 'timestamp') = 'number'
      and (e ->> 'timestamp')::numeric >= extract(epoch from now()) - 600);
  if v_fresh and v_has_factor and private.current_aal() <> 'aal2' then
    v_fresh := false;
  end if;
  if not v_fresh then
    raise exception '%', case when v_has_factor
      then 'Please confirm it is you with the code from your authenticator app, then try again.'
      else 'Please confirm it is you with the code we e-mail you, then try again.' end
      using errcode = '42501', hint = 'step_up_required';
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
  perform private.require_recent_step_up();

  insert into public.withdrawal_addresses (user_id, wallet_id, address, destination_tag, label, usable_from)
  values (v_uid, p_wallet_id, v_address, v_tag, v_label, now() + private.address_cooling_off())
  returning * into v_entry;
  v_json := private.address_json(v_entry);
  perform private.audit('address_added', v_uid, null,
    jsonb_build_object('id', v_entry.id, 'asset', v_wallet.asset, 'network', v_wallet.network,
      'label', v_entry.label, 'address', v_entry.address, 'destination_tag', v_entry.destination_tag,
      'usable_from', v_entry.usable_from),
    null);
  return v_json;
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
  v_wallet public.deposit_wallets;
begin
  update public.withdrawal_addresses a set removed_at = now()
  where a.id = p_id and a.user_id = v_uid and a.removed_at is null
  returning * into v_entry;
  if not found then
    raise exception 'That address is not in your address book (it may have been removed already).'
      using errcode = '22023';
  end if;
  select * into v_wallet from public.deposit_wallets w where w.id = v_entry.wallet_id;
  perform private.audit('address_removed', v_uid, null,
    jsonb_build_object('id', v_entry.id, 'asset', v_wallet.asset, 'network', v_wallet.network,
      'label', v_entry.label, 'address', v_entry.address),
    null);
  return private.address_json(v_entry);
end
$$;

revoke execute on function public.add_withdrawal_address(smallint, text, text, text),
  public.remove_withdrawal_address(bigint) from public, anon, authenticated, service_role;
grant execute on function public.add_withdrawal_address(smallint, text, text, text),
  public.remove_withdrawal_address(bigint) to authenticated;
