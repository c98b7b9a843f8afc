-- deposit_wallets: the seven deposit addresses of spec §3, edited only by admins through
-- update_deposit_wallet; every change is recorded in deposit_wallet_changes by a trigger, so even a
-- service_role edit is audited. Addresses are validated for their network on every write.

create table public.deposit_wallets (
  id smallint primary key check (id between 1 and 7),
  wallet_name text not null check (char_length(wallet_name) between 1 and 60),
  asset text not null check (char_length(asset) between 1 and 20),
  network text not null check (network in ('bitcoin', 'ethereum', 'tron', 'ripple')),
  address text not null,
  enabled boolean not null default true,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);

comment on table public.deposit_wallets is
  'Deposit addresses. Read: signed-in users (enabled wallets), admins (all). Write: update_deposit_wallet (admins); service_role. Every change is validated and audited in deposit_wallet_changes.';

create table public.deposit_wallet_changes (
  id bigint generated always as identity primary key,
  wallet_id smallint not null references public.deposit_wallets (id),
  old_address text,
  new_address text not null,
  old_enabled boolean,
  new_enabled boolean not null,
  reason text not null check (char_length(reason) between 1 and 500),
  -- No foreign key: the audit row outlives its actor's account. Null for service_role edits.
  actor_id uuid,
  created_at timestamptz not null default now()
);

comment on table public.deposit_wallet_changes is
  'Audit of deposit_wallets changes. Read: admins, service_role. Write: the deposit_wallets trigger only; never changed.';

create index deposit_wallet_changes_wallet_idx on public.deposit_wallet_changes (wallet_id, created_at);
create index deposit_wallets_updated_by_idx on public.deposit_wallets (updated_by);

alter table public.deposit_wallets enable row level security;
alter table public.deposit_wallet_changes enable row level security;

revoke all on public.deposit_wallets from public, anon, authenticated;
revoke all on public.deposit_wallet_changes from public, anon, authenticated, service_role;
grant select on public.deposit_wallets to authenticated;
grant select, insert, update on public.deposit_wallets to service_role;
grant select on public.deposit_wallet_changes to authenticated, service_role;

create policy deposit_wallets_select_enabled_or_admin on public.deposit_wallets
  for select to authenticated
  using (enabled or (select private.is_admin()));

create policy deposit_wallet_changes_select_admin on public.deposit_wallet_changes
  for select to authenticated
  using ((select private.is_admin()));

-- Before a write: the address must be valid for its network; number and network are fixed.
create function private.deposit_wallets_validate() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.is_valid_address(new.network, new.address) then
    raise exception 'That is not a valid % address. Check it and try again.', private.network_label(new.network)
      using errcode = '22023';
  end if;
  if tg_op = 'UPDATE' then
    if new.id <> old.id or new.network <> old.network then
      raise exception 'A wallet''s number and network cannot change.' using errcode = '22023';
    end if;
    if new.address = old.address and new.enabled = old.enabled then
      return new;
    end if;
  end if;
  new.updated_at := now();
  new.updated_by := auth.uid();
  return new;
end
$$;

-- After a write that changed something: the audit row. The reason comes from
-- update_deposit_wallet through the transaction-local setting lc.change_reason.
create function private.deposit_wallets_audit() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text := nullif(btrim(coalesce(current_setting('lc.change_reason', true), '')), '');
begin
  if tg_op = 'UPDATE' and new.address = old.address and new.enabled = old.enabled then
    return null;
  end if;
  insert into public.deposit_wallet_changes (wallet_id, old_address, new_address, old_enabled, new_enabled, reason, actor_id)
  values (new.id,
          case when tg_op = 'UPDATE' then old.address end, new.address,
          case when tg_op = 'UPDATE' then old.enabled end, new.enabled,
          coalesce(v_reason, 'Direct change by ' || coalesce(auth.role(), current_user)), auth.uid());
  return null;
end
$$;

revoke execute on function private.deposit_wallets_validate(), private.deposit_wallets_audit() from public, anon, authenticated, service_role;

create trigger deposit_wallets_validate
  before insert or update on public.deposit_wallets
  for each row execute function private.deposit_wallets_validate();
create trigger deposit_wallets_audit
  after insert or update on public.deposit_wallets
  for each row execute function private.deposit_wallets_audit();

create function private.deposit_wallet_changes_append_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'Wallet change records are permanent.' using errcode = '42501';
end
$$;

revoke execute on function private.deposit_wallet_changes_append_only() from public, anon, authenticated, service_role;

create trigger deposit_wallet_changes_no_update_delete
  before update or delete on public.deposit_wallet_changes
  for each row execute function private.deposit_wallet_changes_append_only();
create trigger deposit_wallet_changes_no_truncate
  before truncate on public.deposit_wallet_changes
  for each statement execute function private.deposit_wallet_changes_append_only();

-- PLACEHOLDER ADDRESSES: valid for their networks but nobody's deposit address (the all-zero
-- "burn" addresses of each chain: funds sent there are lost). So every wallet starts off, and cannot
-- be turned on until staff propose the firm's real address (Admin > Wallets; a second admin approves):
-- migration 20261129000100 refuses to enable a known burn or placeholder address.
-- The ETH-type wallets (2, 3, 7) share one address and the TRON ones (4, 6) another, as in spec §3.
-- (Circle discontinued USDC on TRON: wallet 6 is for a firm that still needs it.)
select set_config('lc.change_reason', 'Initial placeholder address: deposits closed until the firm''s real address is set', true);
insert into public.deposit_wallets (id, wallet_name, asset, network, address, enabled) values
  (1, 'Bitcoin', 'BTC', 'bitcoin', '1111111111111111111114oLvT2', false),
  (2, 'Ethereum', 'ETH', 'ethereum', '0x000000000000000000000000000000000000dEaD', false),
  (3, 'Tether (ETH)', 'USDT', 'ethereum', '0x000000000000000000000000000000000000dEaD', false),
  (4, 'Tether (TRX-USDT)', 'USDT', 'tron', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', false),
  (5, 'Ripple', 'XRP', 'ripple', 'rrrrrrrrrrrrrrrrrrrrrhoLvTp', false),
  (6, 'USDC (TRX)', 'USDC', 'tron', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', false),
  (7, 'USDC (ETH)', 'USDC', 'ethereum', '0x000000000000000000000000000000000000dEaD', false);
select set_config('lc.change_reason', '', true);
