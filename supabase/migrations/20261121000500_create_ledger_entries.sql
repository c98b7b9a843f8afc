-- ledger_entries: the append-only record of every balance change, and the only way one happens
-- (private.post_ledger below). Invariant: each profile balance = sum of its entries' deltas.

create table public.ledger_entries (
  id bigint generated always as identity primary key,
  -- No cascade: a member with financial history cannot be deleted out from under the record.
  user_id uuid not null references public.profiles (id),
  account text not null check (account in ('interest_wallet', 'deposit_wallet', 'total_invest',
                                             'total_deposit', 'total_withdraw', 'referral')),
  delta numeric(20, 2) not null check (delta <> 0),
  balance_before numeric(20, 2) not null check (balance_before >= 0),
  balance_after numeric(20, 2) not null check (balance_after >= 0),
  reason text not null check (char_length(reason) between 1 and 500),
  -- Who caused it: the admin, or the member who filed the request; null for service_role/seed.
  -- Deliberately no foreign key: an audit row must outlive its actor's account.
  actor_id uuid,
  source text not null check (source in ('admin_edit', 'deposit_notice', 'withdrawal_request')),
  source_id bigint,
  created_at timestamptz not null default now(),
  check (balance_after = balance_before + delta)
);

comment on table public.ledger_entries is
  'Append-only balance history. Read: the member (own rows), admins (all), service_role. Write: only security-definer functions (private.post_ledger); never updated, deleted or truncated (no privilege, and a trigger raises).';

create index ledger_entries_user_created_idx on public.ledger_entries (user_id, created_at, id);
create index ledger_entries_source_idx on public.ledger_entries (source, source_id);

alter table public.ledger_entries enable row level security;

revoke all on public.ledger_entries from public, anon, authenticated, service_role;
grant select on public.ledger_entries to authenticated, service_role;

create policy ledger_entries_select_own_or_admin on public.ledger_entries
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create function private.ledger_entries_append_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'Ledger entries are permanent: they cannot be changed or deleted.'
    using errcode = '42501';
end
$$;

revoke execute on function private.ledger_entries_append_only() from public, anon, authenticated, service_role;

create trigger ledger_entries_no_update_delete
  before update or delete on public.ledger_entries
  for each row execute function private.ledger_entries_append_only();
create trigger ledger_entries_no_truncate
  before truncate on public.ledger_entries
  for each statement execute function private.ledger_entries_append_only();

-- Applies deltas (account -> numeric) to one profile and writes one entry per non-zero delta, in
-- the caller's transaction. Locks the profile row so concurrent postings serialise. Raises 22023 if
-- a balance would go negative. The profile's version goes up once per call.
create function private.post_ledger(
  p_user_id uuid,
  p_deltas jsonb,
  p_reason text,
  p_actor_id uuid,
  p_source text,
  p_source_id bigint
) returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before public.profiles;
  v_after public.profiles;
  v_account text;
  v_old numeric;
  v_delta numeric;
  v_labels constant jsonb := '{"interest_wallet":"Interest Wallet","deposit_wallet":"Deposit Wallet","total_invest":"Total Invest","total_deposit":"Total Deposit","total_withdraw":"Total Withdraw","referral":"Referral Earnings"}';
begin
  select * into v_before from public.profiles where id = p_user_id for update;
  if not found then
    raise exception 'That user was not found.' using errcode = '22023';
  end if;
  for v_account in select jsonb_object_keys(p_deltas) loop
    if not v_labels ? v_account then
      raise exception 'Unknown balance: %.', v_account using errcode = '22023';
    end if;
    v_old := (to_jsonb(v_before) ->> v_account)::numeric;
    if v_old + (p_deltas ->> v_account)::numeric < 0 then
      raise exception '% would become negative.', v_labels ->> v_account using errcode = '22023';
    end if;
  end loop;

  perform set_config('lc.ledger_write', 'on', true);
  update public.profiles set
    interest_wallet = interest_wallet + coalesce((p_deltas ->> 'interest_wallet')::numeric, 0),
    deposit_wallet = deposit_wallet + coalesce((p_deltas ->> 'deposit_wallet')::numeric, 0),
    total_invest = total_invest + coalesce((p_deltas ->> 'total_invest')::numeric, 0),
    total_deposit = total_deposit + coalesce((p_deltas ->> 'total_deposit')::numeric, 0),
    total_withdraw = total_withdraw + coalesce((p_deltas ->> 'total_withdraw')::numeric, 0),
    referral = referral + coalesce((p_deltas ->> 'referral')::numeric, 0)
  where id = p_user_id
  returning * into v_after;
  perform set_config('lc.ledger_write', 'off', true);

  for v_account in select jsonb_object_keys(p_deltas) order by 1 loop
    v_delta := (p_deltas ->> v_account)::numeric;
    continue when v_delta = 0;
    insert into public.ledger_entries (user_id, account, delta, balance_before, balance_after, reason, actor_id, source, source_id)
    values (p_user_id, v_account, v_delta, (to_jsonb(v_before) ->> v_account)::numeric,
            (to_jsonb(v_after) ->> v_account)::numeric, p_reason, p_actor_id, p_source, p_source_id);
  end loop;
  return v_after;
end
$$;

revoke execute on function private.post_ledger(uuid, jsonb, text, uuid, text, bigint) from public, anon, authenticated, service_role;

-- For tests and operators: profiles whose balances differ from the sum of their ledger entries.
create function private.ledger_mismatches()
returns table (user_id uuid, account text, balance numeric, ledger_sum numeric)
language sql
stable
security definer
set search_path = ''
as $$
  with balances as (
    select p.id, b.account, b.balance
    from public.profiles p
    cross join lateral (values
      ('interest_wallet', p.interest_wallet), ('deposit_wallet', p.deposit_wallet),
      ('total_invest', p.total_invest), ('total_deposit', p.total_deposit),
      ('total_withdraw', p.total_withdraw), ('referral', p.referral)) as b (account, balance)
  ), sums as (
    select l.user_id, l.account, sum(l.delta) as total from public.ledger_entries l group by 1, 2
  )
  select b.id, b.account, b.balance, coalesce(s.total, 0)
  from balances b left join sums s on s.user_id = b.id and s.account = b.account
  where b.balance <> coalesce(s.total, 0)
$$;

revoke execute on function private.ledger_mismatches() from public, anon, authenticated, service_role;
grant execute on function private.ledger_mismatches() to service_role;
