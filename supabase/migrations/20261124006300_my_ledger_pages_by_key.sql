-- my_ledger in pages that each read only their own rows. PostgREST answers at most 1,000 rows, so a
-- long statement is read in pages; with offsets, plpgsql's `return query` produced the whole ledger
-- for every page (10 pages of a 10,000-entry statement: 100,000 rows read, and quadratic beyond).
-- Now a page starts below the last row of the previous one (created_at, id: the statement's order)
-- and stops after p_limit rows, by the (user_id, created_at, id) index. Without arguments it answers
-- as before (the whole ledger, newest first), so existing callers are unchanged. Each line's reason is
-- in p_locale ('en', 'zh-hant', 'ar'; null: the member's own language): the database's own lines are
-- worded in it, what staff typed stays as typed (private.line_words, 20261127000900).

drop function public.my_ledger();

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

revoke execute on function public.my_ledger(timestamptz, bigint, int, text) from public, anon, authenticated, service_role;
grant execute on function public.my_ledger(timestamptz, bigint, int, text) to authenticated, service_role;
