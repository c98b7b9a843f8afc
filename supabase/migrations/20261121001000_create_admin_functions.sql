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

create function private.admin_user_ledger(p_user_id uuid)
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

create function private.update_deposit_wallet(
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

-- Reviewing deposit notices and withdrawal requests (review_deposit_notice, 20261127000300;
-- review_withdrawal_request, 20261127000400) and managing staff and deposit addresses (grant_admin,
-- set_staff_role, revoke_admin, update_deposit_wallet: staff proposals, 20261125001100) are defined
-- where the money engine and four eyes give them their rules. The bodies here are private: staff reach
-- them through role-checking wrappers (admin_user_ledger, 20261124007100) or an approved proposal
-- (update_deposit_wallet).

revoke execute on function
  public.admin_search_users(text, text, boolean, int, int),
  private.admin_user_ledger(uuid),
  private.update_deposit_wallet(smallint, text, boolean, text)
from public, anon, authenticated, service_role;
grant execute on function public.admin_search_users(text, text, boolean, int, int) to authenticated, service_role;
