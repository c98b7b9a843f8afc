-- /user/activity (issue 22): a member's own account events from audit_events, in the same words as
-- their notifications (private.member_event_words) and in p_locale ('en', 'zh-hant', 'ar'; null: the
-- member's own language, issue 36), staff reduced to a role word. Members cannot read
-- audit_events; this function returns only the caller's rows, newest first, paged by key: pass the
-- last id of a page as p_before to get the next one. One index range scan
-- (audit_events_member_occurred_idx) at any depth.
create function public.my_activity(p_before bigint default null, p_limit int default 50, p_locale text default null)
returns table (id bigint, occurred_at timestamptz, kind text, actor text, title text, body text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member();
  v_locale text := private.reader_locale(p_locale);
  v_cursor_at timestamptz;
  v_cursor_id bigint;
begin
  perform private.require_page_size(p_limit);
  if p_before is not null then
    select e.occurred_at, e.id into v_cursor_at, v_cursor_id
    from public.audit_events e where e.id = p_before and e.member_id = v_uid;
    if not found then
      raise exception 'That page of your activity was not found; reload the page.' using errcode = '22023';
    end if;
  end if;
  return query
  select e.id, e.occurred_at, e.kind, private.actor_word(e, v_locale), w.title, w.body
  from public.audit_events e
  cross join lateral (
    select x.title, x.body from private.member_event_words(e, v_locale) x where x.variant <> 'usable' limit 1
  ) w
  where e.member_id = v_uid
    and (p_before is null or (e.occurred_at, e.id) < (v_cursor_at, v_cursor_id))
  order by e.occurred_at desc, e.id desc
  limit p_limit;
end
$$;

revoke execute on function public.my_activity(bigint, int, text) from public, anon, authenticated, service_role;
grant execute on function public.my_activity(bigint, int, text) to authenticated;
