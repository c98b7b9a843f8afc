-- A deposit is credited once, in the asset it arrived in (issue 32, docs/money-and-trust.md):
--   1. the member files a notice: the asset's wallet, the quantity sent, the transaction id;
--   2. finance values it: the USD value and the rate (USD per unit, its source, read now), which must
--      agree (value = quantity x rate, to the cent). That records a pending deposit transfer from the
--      firm's client funds in the asset to the member's Deposit Wallet, whose business id is
--      'deposit:<network>:<canonical transaction id>'; the notice is 'valued';
--   3. a second finance admin or owner approves it (approve_transfer): the transfer is posted and the
--      notice is 'confirmed' with the amount credited, in the same transaction. A rejection, a
--      withdrawal by the proposer or expiry voids it and the notice is 'pending' again, valuation cleared.
-- The same on-chain transaction is posted at most once whatever the path: the business id is unique
-- among posted transfers (transfers_posted_once_key), besides the one-confirmation-per-id trigger.

-- How many decimals each asset has on its chain.
create function private.asset_decimals(p_asset text) returns int
language sql
immutable
set search_path = ''
as $$
  select case p_asset when 'BTC' then 8 when 'ETH' then 18 when 'USDT' then 6 when 'USDC' then 6 when 'XRP' then 6 end
$$;

-- A positive decimal number as text, with at most p_decimals decimals.
create function private.parse_decimal(p_value text, p_label text, p_decimals int) returns numeric
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_text text := btrim(coalesce(p_value, ''));
  v_amount numeric;
begin
  if v_text = '' then
    raise exception '% is required.', p_label using errcode = '22023';
  end if;
  if v_text !~ '^[0-9]{1,20}(\.[0-9]+)?$' then
    raise exception '% must be a positive number, like 0.5.', p_label using errcode = '22023';
  end if;
  if v_text ~ '\.' and char_length(split_part(v_text, '.', 2)) > p_decimals then
    raise exception '% can have at most % decimals.', p_label, p_decimals using errcode = '22023';
  end if;
  v_amount := v_text::numeric;
  if v_amount = 0 then
    raise exception '% must be more than 0.', p_label using errcode = '22023';
  end if;
  return v_amount;
end
$$;

-- A deposit notice as its filer and staff read it: amounts as text, and the asset of its wallet.
create function private.notice_json(n public.deposit_notices) returns jsonb
language sql
stable
set search_path = ''
as $$
  select to_jsonb(n) || jsonb_build_object('amount', n.amount::text, 'quantity', n.quantity::text,
    'rate', n.rate::text, 'credited_amount', n.credited_amount::text,
    'asset', (select w.asset from public.deposit_wallets w where w.id = n.wallet_id))
$$;

revoke execute on function private.asset_decimals(text), private.parse_decimal(text, text, int),
  private.notice_json(public.deposit_notices)
  from public, anon, authenticated, service_role;

-- 'confirm' values the notice (p_usd_value, p_rate, p_rate_source) and records the pending credit;
-- 'reject' closes a notice that is not being credited. finance and owner only, never their own.
create function public.review_deposit_notice(
  p_notice_id bigint,
  p_decision text,
  p_note text default null,
  p_usd_value text default null,
  p_rate text default null,
  p_rate_source text default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_notice public.deposit_notices;
  v_wallet public.deposit_wallets;
  v_note text;
  v_value numeric;
  v_rate numeric;
  v_source text := btrim(coalesce(p_rate_source, ''));
  v_transfer public.transfers;
begin
  perform private.require_role('finance', 'owner');
  if auth.uid() is null then
    raise exception 'Deposit notices are reviewed by a signed-in admin.' using errcode = '42501';
  end if;
  if p_decision is null or p_decision not in ('confirm', 'reject') then
    raise exception 'Decision must be confirm or reject.' using errcode = '22023';
  end if;
  v_note := private.clean_note(p_note);
  select * into v_notice from public.deposit_notices where id = p_notice_id for update;
  if not found then
    raise exception 'That deposit notice was not found.' using errcode = '22023';
  end if;
  perform private.refuse_own_money(v_notice.user_id, auth.uid());
  if v_notice.status = 'valued' then
    raise exception 'This deposit notice is awaiting a second admin''s approval of its credit (transfer #%): approve or reject that first.',
      v_notice.transfer_id using errcode = 'PT409';
  end if;
  if v_notice.status <> 'pending' then
    raise exception 'This deposit notice was already %.', v_notice.status using errcode = 'PT409';
  end if;
  select * into v_wallet from public.deposit_wallets w where w.id = v_notice.wallet_id;

  if p_decision = 'reject' then
    if v_note is null or char_length(v_note) < 3 then
      raise exception 'A reason (3 to 500 characters) is required to reject a notice.' using errcode = '22023';
    end if;
    update public.deposit_notices
    set status = 'rejected', reviewed_by = auth.uid(), reviewed_at = now(), review_note = v_note
    where id = p_notice_id
    returning * into v_notice;
    return private.notice_json(v_notice);
  end if;

  v_value := private.parse_money(p_usd_value, 'USD value', true);
  v_rate := private.parse_decimal(p_rate, 'Rate (USD per ' || v_wallet.asset || ')', 10);
  if char_length(v_source) < 2 or char_length(v_source) > 120 then
    raise exception 'Say where the rate comes from (2 to 120 characters), for example "Kraken BTC/USD close".'
      using errcode = '22023';
  end if;
  if round(v_notice.quantity * v_rate, 2) <> v_value then
    raise exception 'At % USD per %, % % is worth % USD, not %. Check the rate or the value.',
      trim_scale(v_rate), v_wallet.asset, trim_scale(v_notice.quantity), v_wallet.asset,
      to_char(round(v_notice.quantity * v_rate, 2), 'FM999,999,999,990.00'), to_char(v_value, 'FM999,999,999,990.00')
      using errcode = '22023';
  end if;
  v_transfer := private.record_transfer(
    'deposit:' || v_wallet.network || ':' || v_notice.tx_id, 'deposit',
    private.firm_account('client_funds', v_wallet.asset), private.member_account(v_notice.user_id, 'deposit_wallet'),
    v_value, v_notice.user_id,
    format('Deposit of %s %s (notice #%s)', trim_scale(v_notice.quantity), v_wallet.asset, v_notice.id),
    v_note, true,
    jsonb_build_object('asset', v_wallet.asset, 'quantity', v_notice.quantity, 'rate', v_rate,
      'rate_source', v_source, 'rate_at', now(), 'source', 'deposit_notice', 'source_id', v_notice.id));
  if v_transfer.phase <> 'pending' or v_transfer.source_id is distinct from v_notice.id then
    raise exception 'This transaction was already credited (transfer #%).', coalesce(v_transfer.pending_id, v_transfer.id)
      using errcode = 'PT409', hint = 'already_recorded';
  end if;
  update public.deposit_notices
  set status = 'valued', amount = v_value, rate = v_rate, rate_source = v_source, rate_at = now(),
      transfer_id = v_transfer.id
  where id = p_notice_id
  returning * into v_notice;
  return private.notice_json(v_notice);
end
$$;

revoke execute on function public.review_deposit_notice(bigint, text, text, text, text, text)
  from public, anon, authenticated, service_role;
grant execute on function public.review_deposit_notice(bigint, text, text, text, text, text)
  to authenticated, service_role;

-- The notice follows its transfer, whatever resolved it (approval, rejection, withdrawal, expiry,
-- the proposer losing their role): posted -> confirmed; voided -> pending again, valuation cleared.
create function private.settle_deposit_notice() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.phase = 'post_pending' then
    update public.deposit_notices
    set status = 'confirmed', credited_amount = new.amount, transfer_id = new.id,
        reviewed_by = new.created_by, reviewed_at = now()
    where id = new.source_id and status = 'valued';
  else
    update public.deposit_notices
    set status = 'pending', amount = null, rate = null, rate_source = null, rate_at = null, transfer_id = null
    where id = new.source_id and status = 'valued';
  end if;
  return null;
end
$$;

revoke execute on function private.settle_deposit_notice() from public, anon, authenticated, service_role;

create trigger transfers_settle_deposit_notice after insert on public.transfers
  for each row when (new.source = 'deposit_notice' and new.phase in ('post_pending', 'void_pending'))
  execute function private.settle_deposit_notice();
