-- Staff never type balances (issue 32, docs/money-and-trust.md): a correction is a signed amount on
-- one of a member's accounts, with a category, the text the member reads and a note only staff read.
-- It is a pending transfer (against the firm's corrections account) that a second finance admin or
-- owner posts; rejection, the proposer's withdrawal or expiry (7 days) voids it. A correction below
-- the firm's small-edit threshold, within the proposer's small-edit daily limit, is posted at once
-- by its proposer (firm_settings, changed only by an approved proposal).
-- Deposit credits are pending transfers too (20261127000300) and are approved here the same way.

create index transfers_small_edits_idx on public.transfers (created_by, created_at) include (amount)
  where small_edit;

create function private.check_correction_category(p_category text) returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_category is null or p_category not in ('error_correction', 'goodwill', 'opening_balance', 'other') then
    raise exception 'Choose a category: error correction, goodwill, opening balance or other.' using errcode = '22023';
  end if;
  return p_category;
end
$$;

-- A signed amount as staff type it: "12.50" credits the member, "-12.50" debits them.
create function private.parse_signed_money(p_value text, p_label text) returns numeric
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_text text := btrim(coalesce(p_value, ''));
  v_negative boolean := left(v_text, 1) = '-';
begin
  if v_negative or left(v_text, 1) = '+' then
    v_text := btrim(substr(v_text, 2));
  end if;
  return case when v_negative then -1 else 1 end * private.parse_money(v_text, p_label, true);
end
$$;

-- Which account is debited and which credited when a member account moves by a signed amount
-- against one of the firm's accounts.
create function private.member_legs(p_user_id uuid, p_account text, p_signed numeric, p_firm_account bigint,
  out debit_account_id bigint, out credit_account_id bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_member bigint;
begin
  if p_account is null or p_account not in ('deposit_wallet', 'interest_wallet', 'total_invest', 'referral') then
    raise exception 'Choose an account: Deposit Wallet, Interest Wallet, Total Invest or Referral Earnings.' using errcode = '22023';
  end if;
  v_member := private.member_account(p_user_id, p_account);
  if p_signed > 0 then
    debit_account_id := p_firm_account;
    credit_account_id := v_member;
  else
    debit_account_id := v_member;
    credit_account_id := p_firm_account;
  end if;
end
$$;

create function private.transfer_json(t public.transfers) returns jsonb
language sql
stable
set search_path = ''
as $$
  select to_jsonb(t) || jsonb_build_object('amount', t.amount::text, 'quantity', t.quantity::text,
    'rate', t.rate::text, 'network_fee', t.network_fee::text)
$$;

revoke execute on function private.check_correction_category(text), private.parse_signed_money(text, text),
  private.member_legs(uuid, text, numeric, bigint), private.transfer_json(public.transfers)
  from public, anon, authenticated, service_role;

-- Invested principal (Total Invest) is held in a plan: a correction of it names the plan (issue 33).
create function private.correction_plan(p_user_id uuid, p_account text, p_signed numeric, p_plan text) returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_plan text := nullif(lower(btrim(coalesce(p_plan, ''))), '');
begin
  if p_account = 'total_invest' then
    if v_plan is null or not exists (select 1 from public.plans pl where pl.slug = v_plan) then
      raise exception 'Invested principal is held in a plan: choose the plan this correction is in.'
        using errcode = '22023', hint = 'plan_required';
    end if;
    -- A plan's principal never goes below zero (the account as a whole is the engine's own check).
    if p_signed < 0 and -p_signed > private.plan_redeemable(p_user_id, v_plan) then
      raise exception 'Not enough invested in the % plan for this: % available.',
        (select pl.name from public.plans pl where pl.slug = v_plan),
        private.usd_words(private.plan_redeemable(p_user_id, v_plan)::text)
        using errcode = '22023', hint = 'insufficient_funds';
    end if;
    return v_plan;
  end if;
  if v_plan is not null then
    raise exception 'Only a correction of Total Invest names a plan.' using errcode = '22023';
  end if;
  return null;
end
$$;

revoke execute on function private.correction_plan(uuid, text, numeric, text) from public, anon, authenticated, service_role;

-- p_request_key: the form's own id for this attempt, so a retried click records one correction.
create function public.propose_correction(
  p_user_id uuid,
  p_account text,
  p_amount text,
  p_category text,
  p_client_text text,
  p_internal_note text default null,
  p_request_key text default null,
  p_plan text default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_amount numeric;
  v_legs record;
  v_client_text text;
  v_note text;
  v_threshold numeric;
  v_daily_limit numeric;
  v_used numeric;
  v_small boolean := false;
  v_plan text;
  v_transfer public.transfers;
begin
  perform private.require_role('finance', 'owner');
  if auth.uid() is null then
    raise exception 'Corrections are proposed by a signed-in admin.' using errcode = '42501';
  end if;
  if p_user_id is null or not exists (select 1 from public.profiles p where p.id = p_user_id) then
    raise exception 'Choose a member.' using errcode = '22023';
  end if;
  perform private.refuse_own_money(p_user_id, auth.uid());
  v_amount := private.parse_signed_money(p_amount, 'Amount');
  perform private.check_correction_category(p_category);
  v_client_text := btrim(coalesce(p_client_text, ''));
  if char_length(v_client_text) < 3 or char_length(v_client_text) > 500 then
    raise exception 'The text the client reads must be 3 to 500 characters.' using errcode = '22023';
  end if;
  v_note := private.clean_note(p_internal_note);
  if p_request_key is not null and p_request_key !~ '^[A-Za-z0-9_-]{8,64}$' then
    raise exception 'The request key must be 8 to 64 letters, digits, - or _.' using errcode = '22023';
  end if;
  select * into v_legs from private.member_legs(p_user_id, p_account, v_amount, private.firm_account('corrections'));
  v_plan := private.correction_plan(p_user_id, p_account, v_amount, p_plan);

  -- The small-edit exemption: below the threshold, within this admin's rolling 24 h limit.
  v_threshold := private.small_edit_threshold();
  if v_threshold is not null and abs(v_amount) < v_threshold then
    perform pg_advisory_xact_lock(hashtextextended('small_edits:' || auth.uid()::text, 0));
    v_daily_limit := private.small_edit_daily_limit();
    select coalesce(sum(t.amount), 0) into v_used from public.transfers t
    where t.created_by = auth.uid() and t.small_edit and t.created_at > now() - interval '24 hours';
    v_small := v_used + abs(v_amount) < v_daily_limit;
  end if;

  v_transfer := private.record_transfer(
    'correction:' || coalesce(p_request_key, gen_random_uuid()::text), 'correction',
    v_legs.debit_account_id, v_legs.credit_account_id, abs(v_amount), p_user_id, v_client_text, v_note,
    not v_small, jsonb_build_object('category', p_category, 'small_edit', v_small, 'plan', v_plan));
  return private.transfer_json(v_transfer);
end
$$;

-- The open pending transfer a staff decision is about, locked; withdrawals are decided on the
-- Requests page (review_withdrawal_request), not here.
create function private.lock_pending_for_decision(p_transfer_id bigint) returns public.transfers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_transfer public.transfers;
begin
  perform private.require_role('finance', 'owner');
  if auth.uid() is null then
    raise exception 'Transfers are decided by a signed-in admin.' using errcode = '42501';
  end if;
  select t.* into v_transfer from public.transfers t where t.id = p_transfer_id and t.phase = 'pending';
  if not found then
    raise exception 'That pending transfer was not found.' using errcode = '22023';
  end if;
  if v_transfer.kind = 'withdrawal' then
    raise exception 'Withdrawals are approved and paid on the Requests page.' using errcode = '22023';
  end if;
  perform 1 from private.open_pending_transfers o where o.transfer_id = p_transfer_id for update;
  if not found then
    raise exception 'Transfer #% is not awaiting approval: it was already posted or voided.', p_transfer_id
      using errcode = 'PT409';
  end if;
  return v_transfer;
end
$$;

revoke execute on function private.lock_pending_for_decision(bigint) from public, anon, authenticated, service_role;

create function public.approve_transfer(p_transfer_id bigint) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_transfer public.transfers;
begin
  v_transfer := private.lock_pending_for_decision(p_transfer_id);
  perform private.refuse_own_proposal(v_transfer.proposed_by, 'You proposed this transfer: another admin must approve it.');
  perform private.refuse_own_money(v_transfer.user_id, auth.uid());
  if v_transfer.kind in ('subscription', 'redemption') then
    -- The member's own instruction is the first pair of eyes; accepting it is the second. Accepting a
    -- subscription pays the referrer's bonus in the same transaction (20261127000700): never to the
    -- admin who accepts.
    if v_transfer.kind = 'subscription' then
      perform private.refuse_own_money((select p.referred_by from public.profiles p where p.id = v_transfer.user_id),
        auth.uid());
    end if;
  end if;
  return private.transfer_json(private.resolve_pending(p_transfer_id, 'post', null, '{}'));
end
$$;

create function public.reject_transfer(p_transfer_id bigint, p_reason text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_transfer public.transfers;
  v_reason text;
begin
  v_reason := private.clean_reason(p_reason);
  v_transfer := private.lock_pending_for_decision(p_transfer_id);
  perform private.refuse_own_proposal(v_transfer.proposed_by, 'You proposed this transfer: retract it instead.');
  perform private.refuse_own_money(v_transfer.user_id, auth.uid());
  return private.transfer_json(private.resolve_pending(p_transfer_id, 'void', 'rejected',
    jsonb_build_object('internal_note', 'Rejected: ' || v_reason)));
end
$$;

create function public.withdraw_transfer(p_transfer_id bigint) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_transfer public.transfers;
begin
  v_transfer := private.lock_pending_for_decision(p_transfer_id);
  if v_transfer.proposed_by is distinct from auth.uid() then
    raise exception 'Only the admin who proposed this transfer can withdraw it.' using errcode = '42501';
  end if;
  return private.transfer_json(private.resolve_pending(p_transfer_id, 'void', 'withdrawn', '{}'));
end
$$;

-- What awaits a second person, for the Approvals page and a member's row: the member's side of each
-- open pending transfer (signed: positive credits the member), with the proposer's e-mail.
create function public.admin_pending_transfers(p_user_id uuid default null)
returns table (
  id bigint,
  kind text,
  user_id uuid,
  email text,
  account text,
  amount text,
  client_text text,
  internal_note text,
  category text,
  asset text,
  quantity text,
  rate text,
  rate_source text,
  source text,
  source_id bigint,
  proposed_by uuid,
  proposed_by_email text,
  created_at timestamptz,
  expires_at timestamptz,
  plan text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_role('finance', 'auditor', 'owner');
  return query
  select t.id, t.kind, t.user_id, p.email, a.purpose,
    (case when a.id = t.credit_account_id then t.amount else -t.amount end)::text,
    t.client_text, t.internal_note, t.category, t.asset, t.quantity::text, t.rate::text, t.rate_source,
    t.source, t.source_id, t.proposed_by, pu.email::text, t.created_at, o.expires_at, t.plan
  from private.open_pending_transfers o
  join public.transfers t on t.id = o.transfer_id
  join public.profiles p on p.id = t.user_id
  -- The member's side; a subscription or redemption moves two of the member's accounts, and is
  -- shown as what happens to the invested principal (Total Invest).
  join public.ledger_accounts a on a.id in (t.debit_account_id, t.credit_account_id) and a.user_id is not null
    and (t.plan is null or a.purpose = 'total_invest')
  left join auth.users pu on pu.id = t.proposed_by
  where p_user_id is null or o.user_id = p_user_id
  order by t.id;
end
$$;

-- Seed data and operator scripts (the service role, never a browser): a correction posted at once.
create function public.operator_post_correction(
  p_user_id uuid,
  p_account text,
  p_amount text,
  p_client_text text,
  p_category text default 'opening_balance',
  p_plan text default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_amount numeric;
  v_legs record;
begin
  if coalesce(auth.role(), '') <> 'service_role' and current_user <> 'postgres' then
    raise exception 'Staff corrections need a second admin: propose them (propose_correction).'
      using errcode = '42501', hint = 'four_eyes';
  end if;
  if p_user_id is null or not exists (select 1 from public.profiles p where p.id = p_user_id) then
    raise exception 'Choose a member.' using errcode = '22023';
  end if;
  v_amount := private.parse_signed_money(p_amount, 'Amount');
  perform private.check_correction_category(p_category);
  if char_length(btrim(coalesce(p_client_text, ''))) < 3 then
    raise exception 'The text the client reads must be 3 to 500 characters.' using errcode = '22023';
  end if;
  select * into v_legs from private.member_legs(p_user_id, p_account, v_amount, private.firm_account('corrections'));
  return private.transfer_json(private.record_transfer('correction:' || gen_random_uuid()::text, 'correction',
    v_legs.debit_account_id, v_legs.credit_account_id, abs(v_amount), p_user_id, p_client_text, null, false,
    jsonb_build_object('category', p_category, 'plan', private.correction_plan(p_user_id, p_account, v_amount, p_plan))));
end
$$;

revoke execute on function
  public.propose_correction(uuid, text, text, text, text, text, text, text),
  public.approve_transfer(bigint),
  public.reject_transfer(bigint, text),
  public.withdraw_transfer(bigint),
  public.admin_pending_transfers(uuid),
  public.operator_post_correction(uuid, text, text, text, text, text)
from public, anon, authenticated, service_role;
grant execute on function
  public.propose_correction(uuid, text, text, text, text, text, text, text),
  public.approve_transfer(bigint),
  public.reject_transfer(bigint, text),
  public.withdraw_transfer(bigint),
  public.admin_pending_transfers(uuid)
to authenticated, service_role;
grant execute on function public.operator_post_correction(uuid, text, text, text, text, text) to service_role;
