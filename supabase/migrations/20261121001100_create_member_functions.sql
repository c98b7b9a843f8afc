-- Member RPCs (docs/data-contract.md). Each checks its caller first (private.require_member: a
-- signed-in user with a profile) and validates every input before writing.

-- Interest Wallet minus what pending and approved withdrawal requests hold; never below zero (an
-- admin edit can lower the wallet under the held total).
create function private.withdrawable(p_user_id uuid) returns numeric
language sql
stable
security definer
set search_path = ''
as $$
  select greatest(0, p.interest_wallet - coalesce((
    select sum(r.amount) from public.withdrawal_requests r
    where r.user_id = p.id and r.status in ('pending', 'approved')), 0))
  from public.profiles p where p.id = p_user_id
$$;

revoke execute on function private.withdrawable(uuid) from public, anon, authenticated, service_role;

create function public.withdrawable_balance() returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member();
begin
  return private.withdrawable(v_uid)::numeric(20, 2)::text;
end
$$;

create function public.my_ledger()
returns table (
  id bigint,
  account text,
  delta text,
  balance_before text,
  balance_after text,
  reason text,
  source text,
  source_id bigint,
  created_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member();
begin
  return query
    select l.id, l.account, l.delta::text, l.balance_before::text, l.balance_after::text, l.reason,
           l.source, l.source_id, l.created_at
    from public.ledger_entries l
    where l.user_id = v_uid
    order by l.created_at desc, l.id desc;
end
$$;

create function public.file_deposit_notice(p_wallet_id smallint, p_amount text, p_tx_id text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member();
  v_amount numeric;
  v_tx text := btrim(coalesce(p_tx_id, ''));
  v_notice public.deposit_notices;
begin
  if not exists (select 1 from public.deposit_wallets w where w.id = p_wallet_id and w.enabled) then
    raise exception 'Choose one of the listed wallets.' using errcode = '22023';
  end if;
  v_amount := private.parse_money(p_amount, 'Amount', true);
  if v_tx = '' then
    raise exception 'Transaction ID is required.' using errcode = '22023';
  end if;
  if char_length(v_tx) > 128 or v_tx ~ '[[:space:]]' then
    raise exception 'Transaction ID must be at most 128 characters, without spaces.' using errcode = '22023';
  end if;
  begin
    insert into public.deposit_notices (user_id, wallet_id, amount, tx_id)
    values (v_uid, p_wallet_id, v_amount, v_tx)
    returning * into v_notice;
  exception when unique_violation then
    raise exception 'This transaction ID has already been submitted.' using errcode = '23505';
  end;
  return private.notice_json(v_notice);
end
$$;

create function public.file_withdrawal_request(
  p_wallet_id smallint,
  p_amount text,
  p_destination_address text,
  p_destination_tag text default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member();
  v_wallet public.deposit_wallets;
  v_amount numeric;
  v_address text := btrim(coalesce(p_destination_address, ''));
  v_tag_text text := btrim(coalesce(p_destination_tag, ''));
  v_tag bigint;
  v_available numeric;
  v_request public.withdrawal_requests;
begin
  select * into v_wallet from public.deposit_wallets w where w.id = p_wallet_id and w.enabled;
  if not found then
    raise exception 'Choose one of the listed wallets.' using errcode = '22023';
  end if;
  v_amount := private.parse_money(p_amount, 'Amount', true);
  if v_address = '' then
    raise exception 'Destination address is required.' using errcode = '22023';
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

  -- Lock the profile so two requests filed at once cannot both spend the same balance.
  perform 1 from public.profiles p where p.id = v_uid for update;
  v_available := private.withdrawable(v_uid);
  if v_amount > v_available then
    raise exception 'Amount is more than your withdrawable balance (%).', v_available::numeric(20, 2)
      using errcode = '22023';
  end if;
  insert into public.withdrawal_requests (user_id, wallet_id, amount, destination_address, destination_tag)
  values (v_uid, p_wallet_id, v_amount, v_address, v_tag)
  returning * into v_request;
  return private.request_json(v_request);
end
$$;

revoke execute on function
  public.withdrawable_balance(),
  public.my_ledger(),
  public.file_deposit_notice(smallint, text, text),
  public.file_withdrawal_request(smallint, text, text, text)
from public, anon, authenticated, service_role;
grant execute on function
  public.withdrawable_balance(),
  public.my_ledger(),
  public.file_deposit_notice(smallint, text, text),
  public.file_withdrawal_request(smallint, text, text, text)
to authenticated, service_role;
