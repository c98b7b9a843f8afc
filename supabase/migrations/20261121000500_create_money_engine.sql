-- The money engine (issue 32, docs/money-and-trust.md): every balance is derived from double-entry,
-- two-phase, idempotent transfers between accounts, in the manner of TigerBeetle's accounts and
-- transfers. Nothing here is ever edited: a transfer row is permanent, a pending transfer is resolved
-- at most once by a second row (post or void), and a mistake is undone by a correcting transfer.
--
--   ledger_accounts   one row per member and purpose (deposit_wallet = funds not invested,
--                     interest_wallet = returns, total_invest = invested principal, referral =
--                     referral earnings) and the firm's own accounts on the other side (client funds
--                     received per asset, returns paid, referral bonuses paid, fees, corrections).
--                     Each keeps its posted and pending debits and credits, so a balance is one row.
--   transfers         append-only: phase 'posted' (single phase), 'pending' (reserves the amount),
--                     'post_pending' / 'void_pending' (resolve one pending transfer, once).
--   ledger_entries    the member's lines: one per member account a posted transfer moved, with the
--                     balance before and after, so a statement is a single index range.
--   profiles' six     a cache written only here, in the posting transaction.
--
-- Invariants (tests: money-engine.property.test.ts): the sum over all accounts of credits minus
-- debits is zero, posted and pending alike; no member account spends more than it was credited,
-- counting pending debits; at most one posted transfer per business id (a deposit's is its network
-- and canonical transaction id); a pending transfer posted by someone else than who proposed it.

create table public.ledger_accounts (
  id bigint generated always as identity primary key,
  -- null: one of the firm's accounts.
  user_id uuid references public.profiles (id) on delete cascade,
  purpose text not null check (purpose in ('deposit_wallet', 'interest_wallet', 'total_invest', 'referral',
                                           'client_funds', 'returns_paid', 'referral_paid', 'fees', 'corrections')),
  -- The firm holds client funds per asset; every other account is in USD only.
  asset text check (asset in ('BTC', 'ETH', 'USDT', 'USDC', 'XRP')),
  debits_pending numeric(20, 2) not null default 0 check (debits_pending >= 0),
  debits_posted numeric(20, 2) not null default 0 check (debits_posted >= 0),
  credits_pending numeric(20, 2) not null default 0 check (credits_pending >= 0),
  credits_posted numeric(20, 2) not null default 0 check (credits_posted >= 0),
  created_at timestamptz not null default now(),
  check ((user_id is null) = (purpose in ('client_funds', 'returns_paid', 'referral_paid', 'fees', 'corrections'))),
  check ((asset is not null) = (purpose = 'client_funds')),
  -- What the firm owes a member never goes below zero, counting what is already reserved.
  constraint ledger_accounts_member_never_overdrawn
    check (user_id is null or debits_posted + debits_pending <= credits_posted)
);

comment on table public.ledger_accounts is
  'Accounts of the money engine. Read: the member (own rows), admins (all), service_role. Write: only the posting functions of the engine (no privilege, and a trigger refuses any other writer).';

create unique index ledger_accounts_member_purpose_key on public.ledger_accounts (user_id, purpose) where user_id is not null;
create unique index ledger_accounts_firm_purpose_key on public.ledger_accounts (purpose, coalesce(asset, '')) where user_id is null;

alter table public.ledger_accounts enable row level security;
revoke all on public.ledger_accounts from public, anon, authenticated, service_role;
grant select on public.ledger_accounts to authenticated, service_role;

create policy ledger_accounts_select_own_or_admin on public.ledger_accounts
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

insert into public.ledger_accounts (purpose, asset) values
  ('client_funds', 'BTC'), ('client_funds', 'ETH'), ('client_funds', 'USDT'), ('client_funds', 'USDC'),
  ('client_funds', 'XRP'), ('returns_paid', null), ('referral_paid', null), ('fees', null), ('corrections', null);

-- Every member gets their four accounts with their profile.
create function private.open_member_accounts() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform set_config('lc.ledger_write', 'on', true);
  insert into public.ledger_accounts (user_id, purpose)
  select new.id, p from unnest(array['deposit_wallet', 'interest_wallet', 'total_invest', 'referral']) p;
  perform set_config('lc.ledger_write', 'off', true);
  return null;
end
$$;

create trigger profiles_open_accounts after insert on public.profiles
  for each row execute function private.open_member_accounts();

-- Only the engine moves an account: it sets lc.ledger_write for the statement, as for profiles.
create function private.ledger_accounts_guard() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op <> 'DELETE' and coalesce(current_setting('lc.ledger_write', true), '') <> 'on' then
    raise exception 'Accounts move only through transfers.' using errcode = '42501';
  end if;
  -- An account that never moved goes with its member (a deleted sign-up); one with history cannot
  -- (its transfers refer to it).
  if tg_op = 'DELETE' and (old.debits_pending, old.debits_posted, old.credits_pending, old.credits_posted) <> (0, 0, 0, 0) then
    raise exception 'An account with history is permanent.' using errcode = '42501';
  end if;
  if tg_op = 'UPDATE' and (new.id, new.user_id, new.purpose, new.asset, new.created_at)
       is distinct from (old.id, old.user_id, old.purpose, old.asset, old.created_at) then
    raise exception 'An account''s owner and purpose never change.' using errcode = '42501';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;

create trigger ledger_accounts_guard before insert or update or delete on public.ledger_accounts
  for each row execute function private.ledger_accounts_guard();

create table public.transfers (
  id bigint generated always as identity primary key,
  -- What makes the transfer idempotent: the same business id is posted at most once, whatever the
  -- path (a deposit's is 'deposit:<network>:<canonical transaction id>').
  business_id text not null check (char_length(business_id) between 1 and 200),
  phase text not null check (phase in ('posted', 'pending', 'post_pending', 'void_pending')),
  pending_id bigint unique references public.transfers (id),
  kind text not null check (kind in ('deposit', 'withdrawal', 'subscription', 'redemption', 'return',
                                     'referral_bonus', 'fee', 'correction')),
  debit_account_id bigint not null references public.ledger_accounts (id),
  credit_account_id bigint not null references public.ledger_accounts (id),
  amount numeric(20, 2) not null check (amount > 0 and amount <= 999999999999.99),
  -- The member the transfer is for (statements, RLS, notifications).
  user_id uuid not null references public.profiles (id),
  -- Who wrote this row (null: the service role or a migration), who asked for the money to move
  -- (a member filing a withdrawal, or staff), and the staff member whose approval a post needs
  -- besides the poster's own (four eyes). No foreign keys: the record outlives staff accounts.
  created_by uuid,
  initiated_by uuid,
  proposed_by uuid,
  -- What the member reads on their statement, and what only staff read. Kept apart on purpose.
  client_text text not null check (char_length(client_text) between 1 and 500),
  internal_note text check (char_length(internal_note) <= 500),
  category text check (char_length(category) between 1 and 40),
  small_edit boolean not null default false,
  -- Crypto legs: the asset, how much of it, the USD rate used (per unit), where and when that rate
  -- was read, and for a payout the network fee (in the asset). Balances stay in USD.
  asset text check (asset in ('BTC', 'ETH', 'USDT', 'USDC', 'XRP')),
  quantity numeric(38, 18) check (quantity > 0),
  rate numeric(30, 10) check (rate > 0),
  rate_source text check (char_length(rate_source) between 1 and 120),
  rate_at timestamptz,
  network_fee numeric(38, 18) check (network_fee >= 0),
  -- The record that asked for it (a deposit notice, a withdrawal request, the approved staff proposal
  -- of a returns run).
  source text check (source in ('deposit_notice', 'withdrawal_request', 'staff_proposal')),
  source_id bigint,
  -- The plan a subscription, redemption or return is in (issue 33); a correction of invested
  -- principal names its plan too (record_transfer requires it for Total Invest).
  plan text references public.plans (slug),
  expires_at timestamptz,
  void_reason text check (void_reason in ('rejected', 'expired', 'cancelled', 'withdrawn')),
  created_at timestamptz not null default now(),
  check (debit_account_id <> credit_account_id),
  check ((phase in ('post_pending', 'void_pending')) = (pending_id is not null)),
  check ((phase = 'pending') = (expires_at is not null)),
  check ((phase = 'void_pending') = (void_reason is not null)),
  check (quantity is null or asset is not null),
  check (case when kind in ('subscription', 'redemption', 'return') then plan is not null
              when kind = 'correction' then true else plan is null end),
  -- Four eyes, in the table so no future function can forget it: a pending transfer is posted by a
  -- signed-in staff member other than the one who proposed it, and neither is the member.
  -- A member's own instruction (a subscription or redemption) is the first pair of eyes itself.
  constraint transfers_posted_by_a_second_person
    check (phase <> 'post_pending' or (created_by is not null and (
      (proposed_by is not null and created_by <> proposed_by)
      or (kind in ('subscription', 'redemption') and initiated_by = user_id and created_by <> user_id)))),
  constraint transfers_never_own_money
    check (created_by is distinct from user_id
           -- A member's own instructions: a withdrawal request, a subscription, a redemption.
           or (phase = 'pending' and kind in ('withdrawal', 'subscription', 'redemption'))
           or (phase = 'void_pending' and void_reason in ('cancelled', 'expired'))),
  -- Single-phase posts: the service role (seed, operators), a small correction within the firm's
  -- small-edit threshold and daily limit, or money approved elsewhere by two people: a returns run
  -- (a staff proposal approved by a second admin) and a referral bonus (the referred member's
  -- subscription, accepted by staff). proposed_by then names the first pair of eyes.
  constraint transfers_single_phase_only_small_or_service
    check (phase <> 'posted' or created_by is null or (small_edit and kind = 'correction')
           or (kind in ('return', 'referral_bonus') and proposed_by is not null and proposed_by <> created_by))
);

comment on table public.transfers is
  'Double-entry transfers. Read: the member (own rows, without the internal note through the API functions), admins (all), service_role. Write: only the engine''s functions; never updated or deleted (no privilege, and a trigger raises).';

-- At most one posted transfer per business id: the database itself refuses a second credit.
create unique index transfers_posted_once_key on public.transfers (business_id) where phase in ('posted', 'post_pending');
create index transfers_user_id_idx on public.transfers (user_id, id);
create index transfers_debit_account_idx on public.transfers (debit_account_id);
create index transfers_credit_account_idx on public.transfers (credit_account_id);
create index transfers_source_idx on public.transfers (source, source_id) where source is not null;
create index transfers_business_id_idx on public.transfers (business_id);
-- A member's holdings per plan, and a returns run's members.
create index transfers_plan_idx on public.transfers (plan, user_id) where plan is not null;

alter table public.transfers enable row level security;
revoke all on public.transfers from public, anon, authenticated, service_role;
grant select on public.transfers to service_role;

-- Staff read transfers directly; members read their own through the API functions, which leave out
-- the internal note (a column grant cannot depend on who is asking).
create policy transfers_select_admin on public.transfers
  for select to authenticated
  using ((select private.is_admin()));
grant select on public.transfers to authenticated;

-- The open pending transfers: state, not history (the history is the transfers themselves). A row is
-- removed when its transfer is posted or voided; at most one open pending transfer per business id.
create table private.open_pending_transfers (
  transfer_id bigint primary key references public.transfers (id),
  business_id text not null unique,
  user_id uuid not null,
  debit_account_id bigint not null,
  credit_account_id bigint not null,
  expires_at timestamptz not null
);

create index open_pending_transfers_user_idx on private.open_pending_transfers (user_id);
create index open_pending_transfers_debit_idx on private.open_pending_transfers (debit_account_id, expires_at);
create index open_pending_transfers_credit_idx on private.open_pending_transfers (credit_account_id, expires_at);
create index open_pending_transfers_expires_idx on private.open_pending_transfers (expires_at);

alter table private.open_pending_transfers enable row level security;
revoke all on private.open_pending_transfers from public, anon, authenticated, service_role;

create function private.transfers_append_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'Transfers and ledger entries are permanent: they cannot be changed or deleted. Correct a mistake with a new transfer.'
    using errcode = '42501';
end
$$;

create trigger transfers_no_update_delete before update or delete on public.transfers
  for each row execute function private.transfers_append_only();
create trigger transfers_no_truncate before truncate on public.transfers
  for each statement execute function private.transfers_append_only();

-- The member's lines: one per member account a posted transfer moved.
create table public.ledger_entries (
  id bigint generated always as identity primary key,
  -- No cascade: a member with financial history cannot be deleted out from under the record.
  user_id uuid not null references public.profiles (id),
  transfer_id bigint not null references public.transfers (id),
  account_id bigint not null references public.ledger_accounts (id),
  account text not null check (account in ('interest_wallet', 'deposit_wallet', 'total_invest', 'referral')),
  kind text not null,
  delta numeric(20, 2) not null check (delta <> 0),
  balance_before numeric(20, 2) not null check (balance_before >= 0),
  balance_after numeric(20, 2) not null check (balance_after >= 0),
  -- The transfer's client text: what the member reads.
  reason text not null check (char_length(reason) between 1 and 500),
  -- Who posted it (the second pair of eyes, or the member's own action); null for service_role/seed.
  actor_id uuid,
  source text check (source in ('deposit_notice', 'withdrawal_request', 'staff_proposal')),
  source_id bigint,
  -- The transfer's plan: a member's principal in a plan is the sum of its Total Invest lines.
  plan text,
  created_at timestamptz not null default now(),
  check (balance_after = balance_before + delta)
);

comment on table public.ledger_entries is
  'The member''s statement lines: one per member account a posted transfer moved. Read: the member (own rows), admins (all), service_role. Write: only the engine; never updated, deleted or truncated.';

create index ledger_entries_user_created_idx on public.ledger_entries (user_id, created_at, id);
create index ledger_entries_transfer_idx on public.ledger_entries (transfer_id);
create index ledger_entries_source_idx on public.ledger_entries (source, source_id);
create index ledger_entries_account_idx on public.ledger_entries (account_id);
create index ledger_entries_plan_idx on public.ledger_entries (plan, account, user_id) include (delta) where plan is not null;

alter table public.ledger_entries enable row level security;
revoke all on public.ledger_entries from public, anon, authenticated, service_role;
grant select on public.ledger_entries to authenticated, service_role;

create policy ledger_entries_select_own_or_admin on public.ledger_entries
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create trigger ledger_entries_no_update_delete before update or delete on public.ledger_entries
  for each row execute function private.transfers_append_only();
create trigger ledger_entries_no_truncate before truncate on public.ledger_entries
  for each statement execute function private.transfers_append_only();

-- The names people read for each account and card (the same as src/lib/accounts.ts). Anything else
-- is shown as it is rather than lost.
create function private.account_label(p_account text) returns text
language sql
immutable
set search_path = ''
as $$
  select coalesce(case p_account
    when 'deposit_wallet' then 'Deposit Wallet'
    when 'interest_wallet' then 'Interest Wallet'
    when 'total_invest' then 'Total Invest'
    when 'total_deposit' then 'Total Deposit'
    when 'total_withdraw' then 'Total Withdraw'
    when 'referral' then 'Referral Earnings'
    when 'client_funds' then 'Client funds received'
    when 'returns_paid' then 'Returns paid'
    when 'referral_paid' then 'Referral bonuses paid'
    when 'fees' then 'Fees'
    when 'corrections' then 'Corrections'
  end, p_account)
$$;

create function private.member_account(p_user_id uuid, p_purpose text) returns bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_id bigint;
begin
  select a.id into v_id from public.ledger_accounts a where a.user_id = p_user_id and a.purpose = p_purpose;
  if v_id is null then
    raise exception 'That member or account was not found.' using errcode = '22023';
  end if;
  return v_id;
end
$$;

create function private.firm_account(p_purpose text, p_asset text default null) returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select a.id from public.ledger_accounts a
  where a.user_id is null and a.purpose = p_purpose and a.asset is not distinct from p_asset
$$;

-- Moves the four counters of both accounts for one phase of a transfer and, when money is posted,
-- writes the member's lines and the profile cache. The accounts must be locked by the caller.
--   p_step: 'reserve' (pending), 'post' (single phase), 'post_reserved', 'release' (void)
create function private.move_accounts(t public.transfers, p_step text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_side record;
  v_before numeric;
  v_after numeric;
  v_account public.ledger_accounts;
  v_cache jsonb := '{}';
begin
  perform set_config('lc.ledger_write', 'on', true);
  update public.ledger_accounts a set
    debits_pending = a.debits_pending + case when a.id = t.debit_account_id then
      case p_step when 'reserve' then t.amount when 'post_reserved' then -t.amount when 'release' then -t.amount else 0 end else 0 end,
    debits_posted = a.debits_posted + case when a.id = t.debit_account_id and p_step in ('post', 'post_reserved') then t.amount else 0 end,
    credits_pending = a.credits_pending + case when a.id = t.credit_account_id then
      case p_step when 'reserve' then t.amount when 'post_reserved' then -t.amount when 'release' then -t.amount else 0 end else 0 end,
    credits_posted = a.credits_posted + case when a.id = t.credit_account_id and p_step in ('post', 'post_reserved') then t.amount else 0 end
  where a.id in (t.debit_account_id, t.credit_account_id);

  if p_step in ('post', 'post_reserved') then
    for v_side in select * from (values (t.debit_account_id, -t.amount), (t.credit_account_id, t.amount)) s (account_id, delta) loop
      select * into v_account from public.ledger_accounts a where a.id = v_side.account_id;
      continue when v_account.user_id is null;
      v_after := v_account.credits_posted - v_account.debits_posted;
      v_before := v_after - v_side.delta;
      insert into public.ledger_entries (user_id, transfer_id, account_id, account, kind, delta, balance_before,
                                         balance_after, reason, actor_id, source, source_id, plan)
      values (v_account.user_id, t.id, v_account.id, v_account.purpose, t.kind, v_side.delta, v_before, v_after,
              t.client_text, t.created_by, t.source, t.source_id, t.plan);
      v_cache := v_cache || jsonb_build_object(v_account.purpose, v_after);
    end loop;
    update public.profiles p set
      deposit_wallet = coalesce((v_cache ->> 'deposit_wallet')::numeric, p.deposit_wallet),
      interest_wallet = coalesce((v_cache ->> 'interest_wallet')::numeric, p.interest_wallet),
      total_invest = coalesce((v_cache ->> 'total_invest')::numeric, p.total_invest),
      referral = coalesce((v_cache ->> 'referral')::numeric, p.referral),
      total_deposit = p.total_deposit + case when t.kind = 'deposit' then t.amount else 0 end,
      total_withdraw = p.total_withdraw + case when t.kind = 'withdrawal' then t.amount else 0 end
    where p.id = t.user_id;
  end if;
  perform set_config('lc.ledger_write', 'off', true);
end
$$;

-- Locks two accounts in id order (so two postings never wait on each other in a cycle), then voids
-- any pending transfer on them that has expired, so an expired reservation never blocks spending.
create function private.lock_accounts(p_a bigint, p_b bigint) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_expired bigint;
begin
  perform 1 from public.ledger_accounts a where a.id in (p_a, p_b) order by a.id for update;
  for v_expired in
    select o.transfer_id from private.open_pending_transfers o
    where (o.debit_account_id in (p_a, p_b) or o.credit_account_id in (p_a, p_b)) and o.expires_at <= now()
    order by o.transfer_id
  loop
    perform private.resolve_pending(v_expired, 'void', 'expired', '{}');
  end loop;
end
$$;

-- The member's spending rule, checked before the move so the member reads which account is short.
create function private.require_available(p_account_id bigint, p_amount numeric) returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_account public.ledger_accounts;
  v_available numeric;
begin
  select * into v_account from public.ledger_accounts a where a.id = p_account_id;
  if v_account.user_id is null then
    return;
  end if;
  v_available := v_account.credits_posted - v_account.debits_posted - v_account.debits_pending;
  if p_amount > v_available then
    raise exception 'Not enough in % for this: % available, % needed.', private.account_label(v_account.purpose),
      to_char(v_available, 'FM999,999,999,990.00'), to_char(p_amount, 'FM999,999,999,990.00')
      using errcode = '22023', hint = 'insufficient_funds';
  end if;
end
$$;

-- Records a transfer: posted at once (p_pending false) or pending until a second person posts it.
-- p_details: category, small_edit, asset, quantity, rate, rate_source, rate_at, network_fee, source,
-- source_id, plan, initiated_by, proposed_by, expires_at (pending; default 7 days). Idempotent by business
-- id: the same request again returns the transfer already recorded; a different one under the same
-- id is refused (PT409, hint already_recorded).
create function private.record_transfer(
  p_business_id text,
  p_kind text,
  p_debit_account_id bigint,
  p_credit_account_id bigint,
  p_amount numeric,
  p_user_id uuid,
  p_client_text text,
  p_internal_note text,
  p_pending boolean,
  p_details jsonb default '{}'
) returns public.transfers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_existing public.transfers;
  v_transfer public.transfers;
  v_details jsonb := coalesce(p_details, '{}');
begin
  if p_amount is null or p_amount <= 0 then
    raise exception 'An amount must be more than 0.' using errcode = '22023';
  end if;
  -- Same business id, one at a time: the second caller sees the first one's transfer.
  perform pg_advisory_xact_lock(hashtextextended('transfer:' || p_business_id, 0));
  select t.* into v_existing from public.transfers t
  where t.business_id = p_business_id
    and (t.phase in ('posted', 'post_pending')
         or exists (select 1 from private.open_pending_transfers o where o.transfer_id = t.id))
  order by t.id desc limit 1;
  if found then
    if (v_existing.kind, v_existing.debit_account_id, v_existing.credit_account_id, v_existing.amount)
       = (p_kind, p_debit_account_id, p_credit_account_id, p_amount::numeric(20, 2)) then
      return v_existing;
    end if;
    raise exception 'This was already recorded as transfer #% (%).', coalesce(v_existing.pending_id, v_existing.id),
      case when v_existing.phase = 'pending' then 'awaiting approval' else 'posted' end
      using errcode = 'PT409', hint = 'already_recorded';
  end if;

  if v_details ->> 'plan' is null and exists (select 1 from public.ledger_accounts a
       where a.id in (p_debit_account_id, p_credit_account_id) and a.purpose = 'total_invest') then
    raise exception 'Invested principal is held in a plan: choose the plan.' using errcode = '22023', hint = 'plan_required';
  end if;
  perform private.lock_accounts(p_debit_account_id, p_credit_account_id);
  perform private.require_available(p_debit_account_id, p_amount);

  insert into public.transfers (business_id, phase, kind, debit_account_id, credit_account_id, amount, user_id,
    created_by, initiated_by, proposed_by, client_text, internal_note, category, small_edit, asset, quantity, rate,
    rate_source, rate_at, network_fee, source, source_id, plan, expires_at)
  values (p_business_id, case when p_pending then 'pending' else 'posted' end, p_kind, p_debit_account_id,
    p_credit_account_id, p_amount, p_user_id, auth.uid(),
    coalesce((v_details ->> 'initiated_by')::uuid, auth.uid()),
    -- Staff who record a pending transfer propose it; a member's own request names no proposer.
    case when v_details ? 'proposed_by' then (v_details ->> 'proposed_by')::uuid when p_pending then auth.uid() end,
    btrim(p_client_text), nullif(btrim(coalesce(p_internal_note, '')), ''), v_details ->> 'category',
    coalesce((v_details ->> 'small_edit')::boolean, false), v_details ->> 'asset', (v_details ->> 'quantity')::numeric,
    (v_details ->> 'rate')::numeric, v_details ->> 'rate_source', (v_details ->> 'rate_at')::timestamptz,
    (v_details ->> 'network_fee')::numeric, v_details ->> 'source', (v_details ->> 'source_id')::bigint,
    v_details ->> 'plan',
    case when p_pending then coalesce((v_details ->> 'expires_at')::timestamptz, now() + interval '7 days') end)
  returning * into v_transfer;

  if p_pending then
    insert into private.open_pending_transfers (transfer_id, business_id, user_id, debit_account_id, credit_account_id, expires_at)
    values (v_transfer.id, v_transfer.business_id, v_transfer.user_id, v_transfer.debit_account_id,
            v_transfer.credit_account_id, v_transfer.expires_at);
    perform private.move_accounts(v_transfer, 'reserve');
  else
    perform private.move_accounts(v_transfer, 'post');
  end if;
  return v_transfer;
exception
  when unique_violation then
    raise exception 'This was already recorded (business id %).', p_business_id
      using errcode = 'PT409', hint = 'already_recorded';
end
$$;

-- Posts or voids one open pending transfer, once. A post writes a new row carrying the pending
-- transfer's legs, its poster (the caller) and p_details (proposed_by for a withdrawal's approver;
-- quantity, rate, rate_source, rate_at, network_fee for a payout). An expired transfer is not posted.
create function private.resolve_pending(p_pending_id bigint, p_action text, p_void_reason text, p_details jsonb)
returns public.transfers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_open private.open_pending_transfers;
  v_pending public.transfers;
  v_row public.transfers;
  v_details jsonb := coalesce(p_details, '{}');
begin
  select * into v_open from private.open_pending_transfers o where o.transfer_id = p_pending_id for update;
  if not found then
    raise exception 'Transfer #% is not awaiting approval: it was already posted or voided.', p_pending_id
      using errcode = 'PT409';
  end if;
  select * into v_pending from public.transfers t where t.id = p_pending_id;
  perform 1 from public.ledger_accounts a where a.id in (v_pending.debit_account_id, v_pending.credit_account_id)
    order by a.id for update;
  if p_action = 'post' and v_open.expires_at <= now() then
    raise exception 'Transfer #% expired on %; it is released and must be proposed again.', p_pending_id,
      private.when_words(v_open.expires_at) using errcode = 'PT409';
  end if;
  if p_action not in ('post', 'void') then
    raise exception 'Action must be post or void.' using errcode = '22023';
  end if;

  v_row := v_pending;
  v_row.phase := case p_action when 'post' then 'post_pending' else 'void_pending' end;
  v_row.pending_id := v_pending.id;
  v_row.created_by := auth.uid();
  v_row.proposed_by := coalesce((v_details ->> 'proposed_by')::uuid, v_pending.proposed_by);
  v_row.expires_at := null;
  v_row.void_reason := case when p_action = 'void' then p_void_reason end;
  v_row.quantity := coalesce((v_details ->> 'quantity')::numeric, v_pending.quantity);
  v_row.asset := coalesce(v_details ->> 'asset', v_pending.asset);
  v_row.rate := coalesce((v_details ->> 'rate')::numeric, v_pending.rate);
  v_row.rate_source := coalesce(v_details ->> 'rate_source', v_pending.rate_source);
  v_row.rate_at := coalesce((v_details ->> 'rate_at')::timestamptz, v_pending.rate_at);
  v_row.network_fee := coalesce((v_details ->> 'network_fee')::numeric, v_pending.network_fee);
  v_row.internal_note := coalesce(nullif(btrim(coalesce(v_details ->> 'internal_note', '')), ''), v_pending.internal_note);
  v_row.created_at := now();

  -- Closed first, so anything the new row's triggers do sees the transfer as resolved.
  delete from private.open_pending_transfers where transfer_id = p_pending_id;
  insert into public.transfers (business_id, phase, pending_id, kind, debit_account_id, credit_account_id, amount,
    user_id, created_by, initiated_by, proposed_by, client_text, internal_note, category, small_edit, asset, quantity,
    rate, rate_source, rate_at, network_fee, source, source_id, plan, expires_at, void_reason)
  values (v_row.business_id, v_row.phase, v_row.pending_id, v_row.kind, v_row.debit_account_id,
    v_row.credit_account_id, v_row.amount, v_row.user_id, v_row.created_by, v_row.initiated_by, v_row.proposed_by,
    v_row.client_text, v_row.internal_note, v_row.category, v_row.small_edit, v_row.asset, v_row.quantity, v_row.rate,
    v_row.rate_source, v_row.rate_at, v_row.network_fee, v_row.source, v_row.source_id, v_row.plan, null, v_row.void_reason)
  returning * into v_row;
  perform private.move_accounts(v_row, case p_action when 'post' then 'post_reserved' else 'release' end);
  return v_row;
exception
  when unique_violation then
    raise exception 'This was already posted (business id %).', v_pending.business_id
      using errcode = 'PT409', hint = 'already_recorded';
end
$$;

revoke execute on function private.open_member_accounts(), private.ledger_accounts_guard(),
  private.transfers_append_only(), private.account_label(text), private.member_account(uuid, text),
  private.firm_account(text, text), private.move_accounts(public.transfers, text),
  private.lock_accounts(bigint, bigint), private.require_available(bigint, numeric),
  private.record_transfer(text, text, bigint, bigint, numeric, uuid, text, text, boolean, jsonb),
  private.resolve_pending(bigint, text, text, jsonb)
  from public, anon, authenticated, service_role;

-- For tests and operators: where the books do not balance. Rows of (what, detail, expected, found):
--   'zero_sum'     the sum over all accounts of credits minus debits (posted, then pending) is not 0
--   'cache'        a profile's cached card differs from its ledger
--   'open_pending' the open-pending index disagrees with the transfers
--   'plan_principal' Total Invest differs from the principal summed over the plans
create function private.ledger_mismatches()
returns table (user_id uuid, account text, balance numeric, ledger_sum numeric)
language sql
stable
security definer
set search_path = ''
as $$
  with sums as (
    select sum(a.credits_posted - a.debits_posted) as posted, sum(a.credits_pending - a.debits_pending) as pending
    from public.ledger_accounts a
  ), member as (
    select a.user_id, a.purpose, a.credits_posted - a.debits_posted as balance from public.ledger_accounts a
    where a.user_id is not null
  ), cards as (
    select p.id, c.account, c.balance from public.profiles p
    cross join lateral (values
      ('interest_wallet', p.interest_wallet), ('deposit_wallet', p.deposit_wallet),
      ('total_invest', p.total_invest), ('total_deposit', p.total_deposit),
      ('total_withdraw', p.total_withdraw), ('referral', p.referral)) as c (account, balance)
  ), derived as (
    select m.user_id, m.purpose as account, m.balance from member m
    union all
    select p.id, 'total_deposit', coalesce((select sum(t.amount) from public.transfers t
      where t.user_id = p.id and t.kind = 'deposit' and t.phase in ('posted', 'post_pending')), 0)
    from public.profiles p
    union all
    select p.id, 'total_withdraw', coalesce((select sum(t.amount) from public.transfers t
      where t.user_id = p.id and t.kind = 'withdrawal' and t.phase in ('posted', 'post_pending')), 0)
    from public.profiles p
  )
  select null::uuid, 'zero_sum:posted', s.posted, 0::numeric from sums s where s.posted <> 0
  union all
  select null::uuid, 'zero_sum:pending', s.pending, 0::numeric from sums s where s.pending <> 0
  union all
  select c.id, c.account, c.balance, coalesce(d.balance, 0)
  from cards c left join derived d on d.user_id = c.id and d.account = c.account
  where c.balance <> coalesce(d.balance, 0)
  union all
  select t.user_id, 'open_pending', t.id::numeric, 0::numeric
  from public.transfers t
  where t.phase = 'pending'
    and (exists (select 1 from public.transfers r where r.pending_id = t.id))
      = (exists (select 1 from private.open_pending_transfers o where o.transfer_id = t.id))
  union all
  -- Invested principal: Total Invest is the sum of the member's principal over the plans.
  select a.user_id, 'plan_principal', a.credits_posted - a.debits_posted, coalesce(pp.principal, 0)
  from public.ledger_accounts a
  left join lateral (select sum(e.delta) as principal from public.ledger_entries e
    where e.user_id = a.user_id and e.account = 'total_invest' and e.plan is not null) pp on true
  where a.purpose = 'total_invest' and a.credits_posted - a.debits_posted <> coalesce(pp.principal, 0)
$$;

revoke execute on function private.ledger_mismatches() from public, anon, authenticated, service_role;
grant execute on function private.ledger_mismatches() to service_role;
