-- Caps on what one member can put in the admins' review queue (issue 15): at most 5 pending deposit
-- notices and 3 pending withdrawal requests at a time, and at most 10 notices and 5 requests filed per
-- hour (counted whatever became of them, so filing and having them rejected cannot churn the queue).
-- Each filing function locks the member's profile row before counting, so two filings at a cap (two
-- tabs, a double click) run one after the other and cannot both get in.

create function private.refuse_over_filing_cap(
  p_pending bigint,
  p_pending_cap int,
  p_last_hour bigint,
  p_hourly_cap int,
  p_plural text
) returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_pending >= p_pending_cap then
    raise exception 'You already have % % waiting for review. Please wait until we have reviewed them.',
      p_pending_cap, p_plural
      using errcode = 'PT429';
  end if;
  if p_last_hour >= p_hourly_cap then
    raise exception 'You have filed % % in the last hour. Please try again later.', p_hourly_cap, p_plural
      using errcode = 'PT429';
  end if;
end
$$;

revoke execute on function private.refuse_over_filing_cap(bigint, int, bigint, int, text) from public, anon, authenticated, service_role;

create or replace function public.file_deposit_notice(p_wallet_id smallint, p_amount text, p_tx_id text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member();
  v_amount numeric;
  v_tx text := btrim(coalesce(p_tx_id, ''));
  v_notice public.deposit_notices;
  c_pending_cap constant int := 5;
  c_hourly_cap constant int := 10;
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

  perform 1 from public.profiles p where p.id = v_uid for update;
  perform private.refuse_over_filing_cap(
    (select count(*) from public.deposit_notices n where n.user_id = v_uid and n.status = 'pending'),
    c_pending_cap,
    (select count(*) from public.deposit_notices n
     where n.user_id = v_uid and n.created_at > now() - interval '1 hour'),
    c_hourly_cap,
    'deposit notices');
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

create or replace function public.file_withdrawal_request(
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
  c_pending_cap constant int := 3;
  c_hourly_cap constant int := 5;
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

  -- Lock the profile so two requests filed at once can neither both spend the same balance nor both
  -- slip under a cap.
  perform 1 from public.profiles p where p.id = v_uid for update;
  perform private.refuse_over_filing_cap(
    (select count(*) from public.withdrawal_requests r where r.user_id = v_uid and r.status = 'pending'),
    c_pending_cap,
    (select count(*) from public.withdrawal_requests r
     where r.user_id = v_uid and r.created_at > now() - interval '1 hour'),
    c_hourly_cap,
    'withdrawal requests');
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
