-- Withdrawals in the money engine (issue 32, docs/money-and-trust.md). A member withdraws USD from
-- an account that is theirs to spend: Deposit Wallet (funds not invested), Interest Wallet (returns)
-- or Referral Earnings; never Total Invest (principal at work). Filing reserves the amount at once (a
-- pending withdrawal transfer to the firm's client funds in the asset), so two requests can never
-- spend the same money. A first finance admin or owner approves, a second one pays: paying posts the
-- transfer with what left the firm (the quantity sent, the rate, its source, the network fee).
-- Rejection, cancellation (by the member, or by removing the address) and expiry (30 days) release
-- the reservation. The request and its transfer are kept in step by triggers, so every path that
-- changes a request's status (these functions, the address book, staff losing their role) moves the
-- money the same way.

-- The member's four accounts: balance (posted), reserved (pending withdrawals), available.
create function public.my_accounts()
returns table (account text, label text, balance text, reserved text, available text, withdrawable boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member();
begin
  return query
  select a.purpose, private.account_label(a.purpose), (a.credits_posted - a.debits_posted)::text,
    a.debits_pending::text, (a.credits_posted - a.debits_posted - a.debits_pending)::text,
    a.purpose in ('deposit_wallet', 'interest_wallet', 'referral')
  from public.ledger_accounts a
  where a.user_id = v_uid
  order by array_position(array['deposit_wallet', 'interest_wallet', 'referral', 'total_invest'], a.purpose);
end
$$;

revoke execute on function public.my_accounts() from public, anon, authenticated, service_role;
grant execute on function public.my_accounts() to authenticated;

-- A withdrawal request as its filer and staff read it.
create function private.request_json(r public.withdrawal_requests) returns jsonb
language sql
stable
set search_path = ''
as $$
  select to_jsonb(r) || jsonb_build_object('amount', r.amount::text, 'quantity', r.quantity::text,
    'rate', r.rate::text, 'network_fee', r.network_fee::text,
    'asset', (select w.asset from public.deposit_wallets w where w.id = r.wallet_id))
$$;

-- Filing reserves the amount (any insert: the member's function, seed data, a test).
create function private.reserve_withdrawal() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wallet public.deposit_wallets;
  v_transfer public.transfers;
begin
  select * into v_wallet from public.deposit_wallets w where w.id = new.wallet_id;
  v_transfer := private.record_transfer('withdrawal:' || new.id, 'withdrawal',
    private.member_account(new.user_id, new.account), private.firm_account('client_funds', v_wallet.asset),
    new.amount, new.user_id,
    format('Withdrawal in %s to %s (request #%s)', v_wallet.asset,
      coalesce((select '"' || a.label || '"' from public.withdrawal_addresses a where a.id = new.address_id),
               new.destination_address), new.id),
    null, true,
    jsonb_build_object('initiated_by', new.user_id, 'proposed_by', null, 'expires_at', now() + interval '30 days', 'asset', v_wallet.asset,
      'source', 'withdrawal_request', 'source_id', new.id));
  new.transfer_id := v_transfer.id;
  return new;
end
$$;

create trigger withdrawal_requests_reserve before insert on public.withdrawal_requests
  for each row execute function private.reserve_withdrawal();

-- The transfer follows the request: paid posts it (the approver is the first pair of eyes, the payer
-- the second); rejected or cancelled releases it. Nothing to do when it was already resolved (expiry).
create function private.settle_withdrawal_transfer() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.transfer_id is null
     or not exists (select 1 from private.open_pending_transfers o where o.transfer_id = new.transfer_id) then
    if new.status = 'paid' then
      raise exception 'This request''s reservation was released (it expired or was cancelled); it cannot be paid.'
        using errcode = 'PT409';
    end if;
    return null;
  end if;
  if new.status = 'paid' then
    perform private.resolve_pending(new.transfer_id, 'post', null, jsonb_build_object(
      'proposed_by', new.approved_by, 'quantity', new.quantity, 'rate', new.rate, 'rate_source', new.rate_source,
      'rate_at', now(), 'network_fee', new.network_fee, 'internal_note', new.review_note));
  elsif new.status in ('rejected', 'cancelled') then
    perform private.resolve_pending(new.transfer_id, 'void', new.status, jsonb_build_object('internal_note', new.review_note));
  end if;
  return null;
end
$$;

create trigger withdrawal_requests_settle_transfer after update of status on public.withdrawal_requests
  for each row when (new.status in ('paid', 'rejected', 'cancelled') and new.status is distinct from old.status)
  execute function private.settle_withdrawal_transfer();

-- A reservation that ends on its own (expiry, 30 days) cancels its request, with a reason the member reads.
create function private.settle_withdrawal_request() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.withdrawal_requests
  set status = 'cancelled', review_note = 'Cancelled: it was not paid within 30 days, so the amount was released.'
  where id = new.source_id and status in ('pending', 'approved');
  return null;
end
$$;

create trigger transfers_settle_withdrawal_request after insert on public.transfers
  for each row when (new.source = 'withdrawal_request' and new.phase = 'void_pending' and new.void_reason = 'expired')
  execute function private.settle_withdrawal_request();

revoke execute on function private.request_json(public.withdrawal_requests),
  private.reserve_withdrawal(), private.settle_withdrawal_transfer(), private.settle_withdrawal_request()
  from public, anon, authenticated, service_role;

create function public.file_withdrawal_request(
  p_wallet_id smallint,
  p_account text,
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
  v_entry public.withdrawal_addresses;
  v_account public.ledger_accounts;
  v_available numeric;
  v_request public.withdrawal_requests;
  c_pending_cap constant int := 3;
  c_hourly_cap constant int := 5;
begin
  perform private.require_no_security_hold(v_uid);
  select * into v_wallet from public.deposit_wallets w where w.id = p_wallet_id and w.enabled;
  if not found then
    raise exception 'Choose one of the listed wallets.' using errcode = '22023';
  end if;
  if p_account is null or p_account not in ('deposit_wallet', 'interest_wallet', 'referral') then
    raise exception 'Choose the account to withdraw from: Deposit Wallet, Interest Wallet or Referral Earnings. Invested principal (Total Invest) cannot be withdrawn.'
      using errcode = '22023';
  end if;
  v_amount := private.parse_money(p_amount, 'Amount', true);
  if v_address = '' then
    raise exception 'Choose an address from your address book.' using errcode = '22023';
  end if;
  select * into v_entry from public.withdrawal_addresses a
  where a.user_id = v_uid and a.wallet_id = p_wallet_id and a.address = v_address
    and coalesce(a.destination_tag::text, '') = v_tag_text and a.removed_at is null;
  if not found then
    raise exception 'Withdrawals can only go to an address in your address book. Add it on the Addresses page first.'
      using errcode = '22023', hint = 'address_not_listed';
  end if;
  if v_entry.usable_from > now() then
    raise exception 'This address is still in its waiting period: you can withdraw to it from %.',
      private.when_words(v_entry.usable_from)
      using errcode = '22023', hint = 'address_pending';
  end if;

  perform 1 from public.profiles p where p.id = v_uid for update;
  perform private.refuse_over_filing_cap(
    (select count(*) from public.withdrawal_requests r where r.user_id = v_uid and r.status = 'pending'),
    c_pending_cap,
    (select count(*) from public.withdrawal_requests r
     where r.user_id = v_uid and r.created_at > now() - interval '1 hour'),
    c_hourly_cap,
    'withdrawal requests');
  select * into v_account from public.ledger_accounts a where a.user_id = v_uid and a.purpose = p_account for update;
  v_available := v_account.credits_posted - v_account.debits_posted - v_account.debits_pending;
  if v_amount > v_available then
    raise exception 'Amount is more than you can withdraw from your % (%).', private.account_label(p_account),
      private.usd_words(v_available::text) using errcode = '22023';
  end if;
  insert into public.withdrawal_requests (user_id, wallet_id, account, amount, destination_address, destination_tag, address_id)
  values (v_uid, p_wallet_id, p_account, v_amount, v_entry.address, v_entry.destination_tag, v_entry.id)
  returning * into v_request;
  return private.request_json(v_request);
end
$$;

revoke execute on function public.file_withdrawal_request(smallint, text, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.file_withdrawal_request(smallint, text, text, text, text) to authenticated;

-- pending -> approved | rejected; approved -> paid | rejected. The payer is not the approver, and
-- records what was sent: p_quantity of the asset at p_rate USD per unit (p_rate_source), and the
-- network fee in the asset. The member bears the network fee (the terms pass it on at cost), so the
-- quantity sent plus the fee, at the rate, must come to the amount debited, to the cent: the payout's
-- record then says what the ledger moved, as a deposit's valuation does.
create function public.review_withdrawal_request(
  p_request_id bigint,
  p_action text,
  p_note text default null,
  p_quantity text default null,
  p_rate text default null,
  p_network_fee text default null,
  p_rate_source text default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_request public.withdrawal_requests;
  v_asset text;
  v_note text;
  v_quantity numeric;
  v_rate numeric;
  v_fee numeric;
  v_worth numeric;
  v_source text := btrim(coalesce(p_rate_source, ''));
begin
  perform private.require_role('finance', 'owner');
  if auth.uid() is null then
    raise exception 'Withdrawal requests are reviewed by a signed-in admin.' using errcode = '42501';
  end if;
  if p_action is null or p_action not in ('approve', 'reject', 'pay') then
    raise exception 'Action must be approve, reject or pay.' using errcode = '22023';
  end if;
  if p_action = 'reject' and char_length(btrim(coalesce(p_note, ''))) < 3 then
    raise exception 'A reason (3 to 500 characters) is required to reject a request.' using errcode = '22023';
  end if;
  v_note := private.clean_note(p_note);
  select * into v_request from public.withdrawal_requests where id = p_request_id for update;
  if not found then
    raise exception 'That withdrawal request was not found.' using errcode = '22023';
  end if;
  if not ((v_request.status = 'pending' and p_action in ('approve', 'reject'))
          or (v_request.status = 'approved' and p_action in ('pay', 'reject'))) then
    raise exception 'This request is %; it cannot be %.', v_request.status,
      case p_action when 'approve' then 'approved' when 'reject' then 'rejected' else 'paid' end
      using errcode = 'PT409';
  end if;
  if p_action = 'pay' then
    if v_request.approved_by = auth.uid() then
      raise exception 'You approved this request: another admin must mark it paid.'
        using errcode = '42501', hint = 'four_eyes';
    end if;
    select w.asset into v_asset from public.deposit_wallets w where w.id = v_request.wallet_id;
    v_quantity := private.parse_decimal(p_quantity, format('Quantity sent (%s)', v_asset), private.asset_decimals(v_asset));
    v_rate := private.parse_decimal(p_rate, format('Rate (USD per %s)', v_asset), 10);
    v_fee := case when btrim(coalesce(p_network_fee, '')) ~ '^0*(\.0*)?$' and btrim(coalesce(p_network_fee, '')) <> ''
      then 0 else private.parse_decimal(p_network_fee, format('Network fee (%s)', v_asset), private.asset_decimals(v_asset)) end;
    if char_length(v_source) < 2 or char_length(v_source) > 120 then
      raise exception 'Say where the rate comes from (2 to 120 characters), for example "Kraken BTC/USD close".'
        using errcode = '22023';
    end if;
    v_worth := round((v_quantity + v_fee) * v_rate, 2);
    if v_worth <> v_request.amount then
      raise exception 'At % USD per %, % % sent% is worth % USD, not the % USD requested. Check the quantity, the network fee or the rate.',
        trim_scale(v_rate), v_asset, trim_scale(v_quantity), v_asset,
        case when v_fee > 0 then format(' plus a %s %s network fee', trim_scale(v_fee), v_asset) else '' end,
        -- Grouped like the amount while it fits the pattern (amounts stop below a trillion); a
        -- mistyped quantity or rate can be far larger, and is then written out whole.
        case when v_worth < 1e15 then to_char(v_worth, 'FM999,999,999,999,990.00') else v_worth::text end,
        to_char(v_request.amount, 'FM999,999,999,990.00')
        using errcode = '22023';
    end if;
  end if;
  update public.withdrawal_requests
  set status = case p_action when 'approve' then 'approved' when 'reject' then 'rejected' else 'paid' end,
      reviewed_by = auth.uid(), reviewed_at = now(), review_note = coalesce(v_note, review_note),
      approved_by = case when p_action = 'approve' then auth.uid() else approved_by end,
      paid_at = case when p_action = 'pay' then now() end,
      quantity = v_quantity, rate = v_rate, network_fee = v_fee, rate_source = nullif(v_source, '')
  where id = p_request_id
  returning * into v_request;
  return private.request_json(v_request);
end
$$;

revoke execute on function public.review_withdrawal_request(bigint, text, text, text, text, text, text)
  from public, anon, authenticated, service_role;
grant execute on function public.review_withdrawal_request(bigint, text, text, text, text, text, text)
  to authenticated, service_role;
