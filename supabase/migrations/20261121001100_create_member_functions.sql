-- Member RPCs (docs/data-contract.md). Each checks its caller first (private.require_member: a
-- signed-in user with a profile) and validates every input before writing.

-- What a member may spend: the available amounts (posted credits less posted and pending debits, so
-- a filed withdrawal's reservation counts at once) of the three withdrawable accounts.
create function private.withdrawable(p_user_id uuid) returns numeric
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(a.credits_posted - a.debits_posted - a.debits_pending), 0)
  from public.ledger_accounts a
  where a.user_id = p_user_id and a.purpose in ('deposit_wallet', 'interest_wallet', 'referral')
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

-- The member's ledger, newest first, in pages that each read only their own rows: PostgREST answers
-- at most 1,000 rows, and with offsets plpgsql's `return query` produced the whole ledger for every
-- page. A page starts below the last row of the previous one (created_at, id: the statement's order)
-- and stops after p_limit rows, by the (user_id, created_at, id) index; without arguments, the whole
-- ledger. Each line's reason is in p_locale ('en', 'zh-hant', 'ar'; null: the member's own language):
-- the database's own lines are worded in it, what staff typed stays as typed (private.line_words,
-- 20261127000900).
create function public.my_ledger(
  p_before_created_at timestamptz default null,
  p_before_id bigint default null,
  p_limit int default null,
  p_locale text default null
)
returns table (
  id bigint,
  account text,
  delta text,
  balance_before text,
  balance_after text,
  reason text,
  source text,
  source_id bigint,
  created_at timestamptz,
  -- The transfer kind that made the line (deposit, withdrawal, correction, return, ...).
  kind text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member();
  v_locale text := private.reader_locale(p_locale);
begin
  if (p_before_created_at is null) <> (p_before_id is null) then
    raise exception 'A page starts below one entry: give both its time and its id, or neither.'
      using errcode = '22023';
  end if;
  if p_limit is not null and (p_limit < 1 or p_limit > 10000) then
    raise exception 'Page size must be 1 to 10000.' using errcode = '22023';
  end if;
  return query
    select l.id, l.account, l.delta::text, l.balance_before::text, l.balance_after::text,
           private.line_words(l.kind, l.plan, l.source, l.source_id, l.transfer_id, l.reason, v_locale),
           l.source, l.source_id, l.created_at, l.kind
    from public.ledger_entries l
    where l.user_id = v_uid
      and (p_before_id is null or (l.created_at, l.id) < (p_before_created_at, p_before_id))
    order by l.created_at desc, l.id desc
    limit p_limit;
end
$$;

-- A member says they sent p_quantity of a wallet's asset in transaction p_tx_id; staff value it in
-- USD when they confirm it (20261127000300). At most 5 pending, and 10 filed per hour
-- (private.refuse_over_filing_cap, 20261123000200); a transaction id is filed once per member
-- (written canonically, private.canonical_tx_id, 20261124001200) unless staff rejected it.
create function public.file_deposit_notice(p_wallet_id smallint, p_quantity text, p_tx_id text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member();
  v_wallet public.deposit_wallets;
  v_quantity numeric;
  v_tx text;
  v_existing bigint;
  v_notice public.deposit_notices;
  c_pending_cap constant int := 5;
  c_hourly_cap constant int := 10;
begin
  select * into v_wallet from public.deposit_wallets w where w.id = p_wallet_id and w.enabled;
  if not found then
    raise exception 'Choose one of the listed wallets.' using errcode = '22023';
  end if;
  v_quantity := private.parse_decimal(p_quantity, format('Quantity sent (%s)', v_wallet.asset),
    private.asset_decimals(v_wallet.asset));
  if v_quantity > 100000000000 then
    raise exception 'Quantity sent (%) is too large.', v_wallet.asset using errcode = '22023';
  end if;
  v_tx := private.canonical_tx_id(v_wallet.network, p_tx_id);
  if v_tx is null then
    raise exception '%', private.tx_id_problem(v_wallet.network, p_tx_id) using errcode = '22023';
  end if;

  perform 1 from public.profiles p where p.id = v_uid for update;
  perform private.refuse_over_filing_cap(
    (select count(*) from public.deposit_notices n where n.user_id = v_uid and n.status in ('pending', 'valued')),
    c_pending_cap,
    (select count(*) from public.deposit_notices n
     where n.user_id = v_uid and n.created_at > now() - interval '1 hour'),
    c_hourly_cap,
    'deposit notices');
  select n.id into v_existing from public.deposit_notices n
  where n.user_id = v_uid and n.tx_id = v_tx and n.status <> 'rejected';
  if v_existing is not null then
    raise exception 'You have already filed this transaction ID (deposit notice #%).', v_existing
      using errcode = '23505';
  end if;
  insert into public.deposit_notices (user_id, wallet_id, quantity, tx_id)
  values (v_uid, p_wallet_id, v_quantity, v_tx)
  returning * into v_notice;
  return private.notice_json(v_notice);
end
$$;

revoke execute on function
  public.withdrawable_balance(),
  public.my_ledger(timestamptz, bigint, int, text),
  public.file_deposit_notice(smallint, text, text)
from public, anon, authenticated, service_role;
grant execute on function
  public.withdrawable_balance(),
  public.my_ledger(timestamptz, bigint, int, text),
  public.file_deposit_notice(smallint, text, text)
to authenticated, service_role;
