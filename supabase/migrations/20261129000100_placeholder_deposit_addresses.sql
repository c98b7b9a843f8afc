-- Placeholder deposit addresses are never live (issue 35). The seed's addresses are the chains' burn
-- addresses: valid for their networks, so the address checks accept them, but funds sent there are
-- lost. A wallet whose address is a known burn or placeholder value cannot be turned on, by anyone
-- (staff through a proposal, an approval, the service role); the seed inserts every wallet off; members
-- see which assets are not open yet, without any address; staff see which wallets are not configured.

-- The list. Ethereum addresses compare without case (EIP-55 case is only a checksum); the others are
-- case-sensitive encodings. Add to it when a new placeholder is found; the generated column below
-- follows on the next write of each row, and a migration that extends the list must touch the rows.
create function private.is_placeholder_address(p_network text, p_address text) returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case p_network
    when 'ethereum' then lower(btrim(coalesce(p_address, ''))) in (
      '0x0000000000000000000000000000000000000000',   -- the zero address
      '0x000000000000000000000000000000000000dead',   -- the common burn address
      '0xdead000000000000000042069420694206942069',   -- a well-known burn address
      '0x0000000000000000000000000000000000000001')
    when 'bitcoin' then btrim(coalesce(p_address, '')) in (
      '1111111111111111111114oLvT2',                  -- hash160 of zero bytes
      '1BitcoinEaterAddressDontSendf59kuE')           -- the "eater" address
    when 'tron' then btrim(coalesce(p_address, '')) in (
      'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',           -- the zero address
      'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy')           -- the "black hole" address
    when 'ripple' then btrim(coalesce(p_address, '')) in (
      'rrrrrrrrrrrrrrrrrrrrrhoLvTp',                  -- ACCOUNT_ZERO
      'rrrrrrrrrrrrrrrrrrrrBZbvji',                   -- ACCOUNT_ONE
      'rrrrrrrrrrrrrrrrrNAMEtxvNvQ',                  -- the name-reservation black hole
      'rrrrrrrrrrrrrrrrrrrn5RM1rHd')                  -- the NaN address
    else false
  end
$$;

comment on function private.is_placeholder_address(text, text) is
  'True for a known burn or placeholder address of the network: such a deposit wallet can never be turned on.';

revoke execute on function private.is_placeholder_address(text, text) from public, anon, authenticated, service_role;
-- The generated column below runs it as the writer: the service role may write the table directly.
grant execute on function private.is_placeholder_address(text, text) to service_role;

-- What staff see: a wallet with a placeholder address is "not configured", whether on or off.
alter table public.deposit_wallets
  add column placeholder boolean generated always as (private.is_placeholder_address(network, address)) stored;

comment on column public.deposit_wallets.placeholder is
  'True while the address is a known burn or placeholder value (private.is_placeholder_address): the wallet cannot be enabled.';

-- The rule itself, for every writer: the before-write trigger of deposit_wallets.
create function private.deposit_wallets_refuse_placeholder() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.enabled and private.is_placeholder_address(new.network, new.address) then
    raise exception 'That address is a placeholder (a burn address): funds sent there are lost. Set the firm''s real % address before turning deposits on.', private.network_label(new.network)
      using errcode = '22023', hint = 'placeholder_address';
  end if;
  return new;
end
$$;

revoke execute on function private.deposit_wallets_refuse_placeholder() from public, anon, authenticated, service_role;

create trigger deposit_wallets_refuse_placeholder
  before insert or update on public.deposit_wallets
  for each row execute function private.deposit_wallets_refuse_placeholder();

-- (A proposal meets this rule when it is made: propose_staff_change dry-runs the change it proposes.)

-- What a member sees: every asset, with its address only while deposits in it are open. (The table's
-- policy shows members enabled wallets only, so a closed asset would otherwise vanish unexplained.)
create function public.member_deposit_wallets()
returns table (id smallint, wallet_name text, asset text, network text, address text, enabled boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select w.id, w.wallet_name, w.asset, w.network, case when w.enabled then w.address end, w.enabled
  from public.deposit_wallets w
  where auth.uid() is not null
  order by w.id
$$;

comment on function public.member_deposit_wallets() is
  'Every deposit wallet for a signed-in user; the address only of enabled ones (closed assets show as not open yet).';

revoke execute on function public.member_deposit_wallets() from public, anon, authenticated, service_role;
grant execute on function public.member_deposit_wallets() to authenticated;
