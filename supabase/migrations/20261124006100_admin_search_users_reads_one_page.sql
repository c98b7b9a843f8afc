-- admin_search_users, same arguments, checks and answer, written so the plans can use the indexes of
-- 20261124006000: the old body put every matching profile in a materialised CTE (read twice: for
-- the count and for the page), so each call read and sorted all profiles. Now the count and the page
-- are separate statements, and without a search the page is read in index order.

create or replace function public.admin_search_users(
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
