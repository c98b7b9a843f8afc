-- Admin RPCs (docs/data-contract.md). Each checks its caller first (private.require_admin: an admin,
-- or service_role), validates every input before touching anything, and moves money only
-- through the money engine (20261121000500). execute: authenticated and service_role only.

-- The users table's page: profiles whose name or e-mail contains the search, sorted, with the
-- total. The count and the page are separate statements, and without a search the page is read in
-- index order (20261124006000), so a call never reads and sorts every profile.
create function public.admin_search_users(
  p_search text default null,
  p_sort text default 'created_at',
  p_ascending boolean default false,
  p_limit int default 50,
  p_offset int default 0
) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_search text := btrim(coalesce(p_search, ''));
  v_sort text := coalesce(nullif(btrim(p_sort), ''), 'created_at');
  v_limit int := coalesce(p_limit, 50);
  v_offset int := coalesce(p_offset, 0);
  v_direction text := case when coalesce(p_ascending, false) then 'asc' else 'desc' end;
  v_filter text;
  v_key text;
  v_pattern text;
  v_total bigint;
  v_rows jsonb;
begin
  perform private.require_admin();
  if v_sort not in ('username', 'email', 'created_at', 'updated_at', 'interest_wallet', 'deposit_wallet',
                    'total_invest', 'total_deposit', 'total_withdraw', 'referral', 'xrp_destination_tag') then
    raise exception 'Unknown sort column: %.', v_sort using errcode = '22023';
  end if;
  if v_limit < 1 or v_limit > 500 then
    raise exception 'Page size must be 1 to 500.' using errcode = '22023';
  end if;
  if v_offset < 0 then
    raise exception 'Page offset must not be negative.' using errcode = '22023';
  end if;
  if char_length(v_search) > 254 then
    raise exception 'Search must be at most 254 characters.' using errcode = '22023';
  end if;
  -- The search is literal text: escape like's wildcards.
  v_pattern := '%' || replace(replace(replace(lower(v_search), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  -- No search: no condition at all (not `$1 = '' or …`), so the planner sees an ordered index scan.
  v_filter := case when v_search = '' then 'true' else 'lower(p.username) like $1 or lower(p.email) like $1' end;
  -- Sort column from the whitelist above (%I), then id so pages are stable. Text columns sort
  -- case-insensitively, as a person expects (and as the lower(...) indexes are built).
  v_key := case when v_sort in ('username', 'email') then format('lower(p.%I)', v_sort) else format('p.%I', v_sort) end;

  execute format('select count(*) from public.profiles p where %s', v_filter) into v_total using v_pattern;
  execute format(
    $q$
      select coalesce(jsonb_agg(private.profile_json(page) order by %2$s %3$s, page.id %3$s), '[]'::jsonb)
      from (select p.* from public.profiles p where %1$s order by %4$s %3$s, p.id %3$s limit $2 offset $3) page
    $q$,
    v_filter, replace(v_key, 'p.', 'page.'), v_direction, v_key)
  into v_rows
  using v_pattern, v_limit, v_offset;
  return jsonb_build_object('total', v_total, 'rows', v_rows);
end
$$;

create function public.admin_user_ledger(p_user_id uuid)
returns table (
  id bigint,
  user_id uuid,
  account text,
  delta text,
  balance_before text,
  balance_after text,
  reason text,
  actor_id uuid,
  actor_email text,
  source text,
  source_id bigint,
  created_at timestamptz,
  kind text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
    select l.id, l.user_id, l.account, l.delta::text, l.balance_before::text, l.balance_after::text,
           l.reason, l.actor_id, u.email::text, l.source, l.source_id, l.created_at, l.kind
    from public.ledger_entries l
    left join auth.users u on u.id = l.actor_id
    where l.user_id = p_user_id
    order by l.created_at desc, l.id desc;
end
$$;

create function public.grant_admin(p_email text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
begin
  perform private.require_admin();
  select u.id into v_user from auth.users u where lower(u.email) = lower(btrim(coalesce(p_email, ''))) limit 1;
  if v_user is null then
    raise exception 'No account uses that e-mail address.' using errcode = '22023';
  end if;
  insert into public.admins (user_id, granted_by) values (v_user, auth.uid())
  on conflict (user_id) do nothing;
end
$$;

create function public.revoke_admin(p_email text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
begin
  perform private.require_admin();
  select u.id into v_user from auth.users u where lower(u.email) = lower(btrim(coalesce(p_email, ''))) limit 1;
  if v_user is null then
    raise exception 'No account uses that e-mail address.' using errcode = '22023';
  end if;
  if v_user = auth.uid() then
    raise exception 'You cannot remove your own admin rights.' using errcode = '22023';
  end if;
  delete from public.admins where user_id = v_user;
  if not found then
    raise exception 'That user is not an admin.' using errcode = '22023';
  end if;
end
$$;

create function public.update_deposit_wallet(
  p_wallet_id smallint,
  p_address text,
  p_enabled boolean,
  p_reason text
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_wallet public.deposit_wallets;
  v_address text := btrim(coalesce(p_address, ''));
  v_reason text;
begin
  perform private.require_admin();
  select * into v_wallet from public.deposit_wallets where id = p_wallet_id for update;
  if not found then
    raise exception 'Unknown wallet.' using errcode = '22023';
  end if;
  if v_address = '' then
    raise exception 'Address is required.' using errcode = '22023';
  end if;
  if not private.is_valid_address(v_wallet.network, v_address) then
    raise exception 'That is not a valid % address. Check it and try again.', private.network_label(v_wallet.network)
      using errcode = '22023';
  end if;
  if p_enabled is null then
    raise exception 'Choose whether the wallet is shown to members.' using errcode = '22023';
  end if;
  v_reason := private.clean_reason(p_reason);
  perform set_config('lc.change_reason', v_reason, true);
  update public.deposit_wallets set address = v_address, enabled = p_enabled
  where id = p_wallet_id
  returning * into v_wallet;
  perform set_config('lc.change_reason', '', true);
  return to_jsonb(v_wallet);
end
$$;

-- Superseded: 20261124007100 puts this body behind a role check, and 20261127000300 replaces it
-- (staff value a notice in USD and its credit is a pending transfer of the money engine). Kept so the
-- migrations replay in order; the rule in force is the last definition.
-- A deposit notice is confirmed by two staff (issue 30): 'confirm' proposes the credit (a
-- deposit_credit staff proposal for the notice's amount, 20261126001600) and the notice stays pending
-- until a second finance admin or owner approves it, which credits the member and marks the notice
-- confirmed in one transaction. 'reject' closes the notice and any open credit proposal for it.
create function public.review_deposit_notice(p_notice_id bigint, p_decision text, p_note text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_notice public.deposit_notices;
  v_note text;
  v_proposal jsonb;
begin
  perform private.require_admin();
  if p_decision is null or p_decision not in ('confirm', 'reject') then
    raise exception 'Decision must be confirm or reject.' using errcode = '22023';
  end if;
  v_note := private.clean_note(p_note);
  select * into v_notice from public.deposit_notices where id = p_notice_id for update;
  if not found then
    raise exception 'That deposit notice was not found.' using errcode = '22023';
  end if;
  if v_notice.status <> 'pending' then
    raise exception 'This deposit notice was already %.', v_notice.status using errcode = 'PT409';
  end if;
  if p_decision = 'confirm' then
    v_proposal := public.propose_staff_change('deposit_credit', v_notice.id::text,
      jsonb_build_object('amount', v_notice.amount::text),
      coalesce(v_note, format('Deposit notice #%s seen on-chain', v_notice.id)));
    return private.notice_json(v_notice) || jsonb_build_object('credit_proposal_id', v_proposal -> 'id');
  end if;
  update public.staff_proposals
  set status = 'rejected', decided_by = auth.uid(), decided_at = now(),
      decision_note = coalesce(v_note, 'The deposit notice was rejected.')
  where kind = 'deposit_credit' and target = v_notice.id::text and status = 'open';
  update public.deposit_notices
  set status = 'rejected', reviewed_by = auth.uid(), reviewed_at = now(), review_note = v_note
  where id = p_notice_id
  returning * into v_notice;
  return private.notice_json(v_notice);
end
$$;

-- Superseded by 20261124007300 (two admins) and 20261127000400 (the reservation, the payout record
-- and its reconciliation): the rule in force is the last definition.
-- pending -> approved | rejected; approved -> paid | rejected. Paying debits the Interest Wallet and
-- credits Total Withdraw in this transaction, and needs the Interest Wallet to cover the amount.
create function public.review_withdrawal_request(p_request_id bigint, p_action text, p_note text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_request public.withdrawal_requests;
  v_note text;
  v_balance numeric;
begin
  perform private.require_admin();
  if p_action is null or p_action not in ('approve', 'reject', 'pay') then
    raise exception 'Action must be approve, reject or pay.' using errcode = '22023';
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
    select p.interest_wallet into v_balance from public.profiles p where p.id = v_request.user_id for update;
    if v_balance < v_request.amount then
      raise exception 'The member''s Interest Wallet (%) is less than this request (%).', v_balance, v_request.amount
        using errcode = 'PT409';
    end if;
    perform private.post_ledger(v_request.user_id,
      jsonb_build_object('interest_wallet', -v_request.amount, 'total_withdraw', v_request.amount),
      format('Withdrawal paid (request #%s)', v_request.id), auth.uid(), 'withdrawal_request', v_request.id);
  end if;
  update public.withdrawal_requests
  set status = case p_action when 'approve' then 'approved' when 'reject' then 'rejected' else 'paid' end,
      reviewed_by = auth.uid(), reviewed_at = now(), review_note = coalesce(v_note, review_note),
      paid_at = case when p_action = 'pay' then now() end
  where id = p_request_id
  returning * into v_request;
  return private.request_json(v_request);
end
$$;

revoke execute on function
  public.admin_search_users(text, text, boolean, int, int),
  public.admin_user_ledger(uuid),
  public.grant_admin(text),
  public.revoke_admin(text),
  public.update_deposit_wallet(smallint, text, boolean, text),
  public.review_deposit_notice(bigint, text, text),
  public.review_withdrawal_request(bigint, text, text)
from public, anon, authenticated, service_role;
grant execute on function
  public.admin_search_users(text, text, boolean, int, int),
  public.admin_user_ledger(uuid),
  public.grant_admin(text),
  public.revoke_admin(text),
  public.update_deposit_wallet(smallint, text, boolean, text),
  public.review_deposit_notice(bigint, text, text),
  public.review_withdrawal_request(bigint, text, text)
to authenticated, service_role;
