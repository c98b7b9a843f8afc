-- A member's instructions on the plans (issue 33, docs/plans-and-referrals.md). A subscription moves
-- principal from the Deposit Wallet (funds not invested) to Total Invest; a redemption moves it back.
-- Each is a pending transfer of the money engine: the member's instruction is the first pair of
-- eyes, a finance admin or owner accepting it (approve_transfer) the second; the member may cancel
-- while it is pending, staff may decline it (reject_transfer, with a reason the member reads). The
-- amount is reserved from the moment of the instruction, so two instructions can never spend the
-- same dollars. Principal per plan is derived from the transfers (plan column), never stored.

-- The member's principal in one plan: the sum of their Total Invest lines in it (subscriptions,
-- redemptions and any correction of principal, which names its plan).
create function private.plan_principal(p_user_id uuid, p_plan text) returns numeric
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(e.delta), 0) from public.ledger_entries e
  where e.plan = p_plan and e.account = 'total_invest' and e.user_id = p_user_id
$$;

-- What one plan can still give back: its principal less what pending transfers already take out of
-- it (redemptions, corrections of principal awaiting approval).
create function private.plan_redeemable(p_user_id uuid, p_plan text) returns numeric
language sql
stable
security definer
set search_path = ''
as $$
  select private.plan_principal(p_user_id, p_plan) - coalesce((
    select sum(t.amount)
    from private.open_pending_transfers o join public.transfers t on t.id = o.transfer_id
    where o.user_id = p_user_id and t.plan = p_plan
      and t.debit_account_id = private.member_account(p_user_id, 'total_invest')), 0)
$$;

-- The checks every instruction shares; returns the plan, locked against a concurrent terms change.
create function private.plan_for_instruction(p_user_id uuid, p_plan text, p_request_key text) returns public.plans
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_plan public.plans;
begin
  select * into v_plan from public.plans pl where pl.slug = lower(btrim(coalesce(p_plan, ''))) for share;
  if not found then
    raise exception 'Choose one of the plans: Silver, Gold, Diamond or Platinum.' using errcode = '22023';
  end if;
  if p_request_key is null or p_request_key !~ '^[A-Za-z0-9_-]{8,64}$' then
    raise exception 'The request key must be 8 to 64 letters, digits, - or _.' using errcode = '22023';
  end if;
  if private.withdrawals_frozen(p_user_id) then
    raise exception 'Your account is frozen, so no investment instruction can be given. Contact us to lift the freeze.'
      using errcode = '42501', hint = 'withdrawals_frozen';
  end if;
  -- One instruction at a time per member: the per-plan checks below then see every earlier one.
  perform 1 from public.profiles p where p.id = p_user_id for update;
  return v_plan;
end
$$;

create function public.subscribe_to_plan(p_plan text, p_amount text, p_request_key text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member();
  v_plan public.plans;
  v_amount numeric;
begin
  v_plan := private.plan_for_instruction(v_uid, p_plan, p_request_key);
  if not v_plan.accepting then
    raise exception 'The % plan is not accepting new investments at the moment.', v_plan.name
      using errcode = '22023', hint = 'plan_closed';
  end if;
  v_amount := private.parse_money(p_amount, 'Amount', true);
  if v_amount < v_plan.minimum then
    raise exception 'The % plan starts at %: enter at least that amount.', v_plan.name,
      private.usd_words(v_plan.minimum::text) using errcode = '22023', hint = 'below_minimum';
  end if;
  return private.transfer_json(private.record_transfer(
    'subscription:' || v_uid || ':' || p_request_key, 'subscription',
    private.member_account(v_uid, 'deposit_wallet'), private.member_account(v_uid, 'total_invest'),
    v_amount, v_uid, 'Investment in the ' || v_plan.name || ' plan', null, true,
    jsonb_build_object('plan', v_plan.slug, 'proposed_by', null)));
end
$$;

create function public.redeem_from_plan(p_plan text, p_amount text, p_request_key text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member();
  v_plan public.plans;
  v_amount numeric;
  v_redeemable numeric;
  v_left numeric;
begin
  v_plan := private.plan_for_instruction(v_uid, p_plan, p_request_key);
  v_amount := private.parse_money(p_amount, 'Amount', true);
  v_redeemable := private.plan_redeemable(v_uid, v_plan.slug);
  if v_amount > v_redeemable then
    raise exception 'You can redeem at most % from the % plan.', private.usd_words(greatest(v_redeemable, 0)::text),
      v_plan.name using errcode = '22023', hint = 'insufficient_funds';
  end if;
  v_left := v_redeemable - v_amount;
  if v_left > 0 and v_left < v_plan.minimum then
    raise exception 'A part redemption must leave at least % in the % plan: redeem % or less, or all of it (%).',
      private.usd_words(v_plan.minimum::text), v_plan.name, private.usd_words((v_redeemable - v_plan.minimum)::text),
      private.usd_words(v_redeemable::text) using errcode = '22023', hint = 'below_minimum';
  end if;
  return private.transfer_json(private.record_transfer(
    'redemption:' || v_uid || ':' || p_request_key, 'redemption',
    private.member_account(v_uid, 'total_invest'), private.member_account(v_uid, 'deposit_wallet'),
    v_amount, v_uid, 'Redemption from the ' || v_plan.name || ' plan', null, true,
    jsonb_build_object('plan', v_plan.slug, 'proposed_by', null,
      -- Paid within the notice period; the instruction lapses a week after it.
      'expires_at', now() + make_interval(days => v_plan.notice_days + 7))));
end
$$;

create function public.cancel_plan_instruction(p_transfer_id bigint) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member();
begin
  if not exists (select 1 from public.transfers t where t.id = p_transfer_id and t.user_id = v_uid
                 and t.phase = 'pending' and t.kind in ('subscription', 'redemption')) then
    raise exception 'That instruction was not found.' using errcode = '22023';
  end if;
  return private.transfer_json(private.resolve_pending(p_transfer_id, 'void', 'cancelled', '{}'));
end
$$;

-- The member's plans: principal, returns to date, since when, and open instructions.
create function public.my_plans()
returns table (plan text, name text, principal text, returns text, since timestamptz, pending jsonb)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member();
begin
  return query
  with open as (
    select t.plan, jsonb_agg(jsonb_build_object('id', t.id, 'kind', t.kind, 'amount', t.amount::text,
      'created_at', t.created_at, 'expires_at', o.expires_at) order by t.id) as items
    from private.open_pending_transfers o join public.transfers t on t.id = o.transfer_id
    where o.user_id = v_uid and t.plan is not null and o.expires_at > now()
    group by t.plan
  ), held as (
    select e.plan,
      sum(case when e.account = 'total_invest' then e.delta else 0 end) as principal,
      sum(case when e.kind = 'return' then e.delta else 0 end) as returns,
      min(case when e.account = 'total_invest' and e.delta > 0 then e.created_at end) as since
    from public.ledger_entries e
    where e.user_id = v_uid and e.plan is not null
    group by e.plan
  )
  select pl.slug, pl.name, coalesce(h.principal, 0)::numeric(20, 2)::text, coalesce(h.returns, 0)::numeric(20, 2)::text,
    h.since, coalesce(o.items, '[]'::jsonb)
  from public.plans pl
  left join held h on h.plan = pl.slug
  left join open o on o.plan = pl.slug
  where coalesce(h.principal, 0) <> 0 or coalesce(h.returns, 0) <> 0 or o.items is not null
  order by pl.position;
end
$$;

revoke execute on function private.plan_principal(uuid, text), private.plan_redeemable(uuid, text),
  private.plan_for_instruction(uuid, text, text)
  from public, anon, authenticated, service_role;
revoke execute on function public.subscribe_to_plan(text, text, text), public.redeem_from_plan(text, text, text),
  public.cancel_plan_instruction(bigint), public.my_plans()
  from public, anon, authenticated, service_role;
grant execute on function public.subscribe_to_plan(text, text, text), public.redeem_from_plan(text, text, text),
  public.cancel_plan_instruction(bigint), public.my_plans()
  to authenticated;
