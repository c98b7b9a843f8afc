-- verify_audit_chain in ranges (issue 24, docs/performance.md). One pass over 1,000,000 events takes
-- about 3.7 s on the 2-core machine, and about 2,000,000 reach the 8 s statement_timeout of the
-- authenticated role: past that size the "Verify chain" button of /admin/audit could only answer
-- with a timeout, however the walk is written. A firm's log only grows, so the walk is now asked
-- for in ranges, each its own request well inside the timeout, and the browser chains them.
--
-- verify_audit_chain(p_after_id, p_limit) checks at most p_limit events with ids above p_after_id,
-- in id order: each event's link against the stored hash of the event before it (for the range's
-- first event, the newest event at or before p_after_id, or the zero hash if there is none) and its
-- stored hash against the hash of its fields (private.audit_hash's expression, inline as in
-- 20261125005100; supabase/tests/audit.test.ts fails if the two differ). Called with no arguments
-- it walks the whole log in one call, as before.
--
-- The answer adds `done`: true when the walk found a break or reached the end of the log, where the
-- end is compared with private.audit_chain_head as before. Otherwise the caller asks for the next
-- range after `intact_through`. `checked` counts the events this call checked. Each call reads one
-- snapshot; events written between calls are met by a later range, since the walk goes to the end.

drop function public.verify_audit_chain();

create function public.verify_audit_chain(p_after_id bigint default null, p_limit integer default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_from bigint := coalesce(p_after_id, -9223372036854775808);
  v_prev_id bigint;
  v_prev_hash text;
  v_break record;
  v_range record;
  v_total bigint;
  v_last bigint;
  v_last_hash text;
  v_head private.audit_chain_head;
begin
  perform private.require_role('auditor', 'owner');
  if p_limit is not null and (p_limit < 1 or p_limit > 500000) then
    raise exception 'A range of the audit log is 1 to 500000 events.' using errcode = '22023';
  end if;
  -- The link the range's first event must carry.
  select e.id, e.hash into v_prev_id, v_prev_hash
  from public.audit_events e where e.id <= v_from order by e.id desc limit 1;
  v_prev_hash := coalesce(v_prev_hash, repeat('0', 64));

  select x.id, x.checked, x.intact_through, x.link_ok into v_break
  from (
    select e.id, row_number() over w - 1 as checked,
      coalesce(lag(e.id) over w, v_prev_id) as intact_through,
      e.prev_hash = coalesce(lag(e.hash) over w, v_prev_hash) as link_ok,
      -- private.audit_hash(e), inline:
      encode(sha256(convert_to(concat_ws('|',
        e.id::text,
        to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'),
        coalesce(e.actor_id::text, '-'), e.actor_role, coalesce(e.member_id::text, '-'), e.kind,
        coalesce(e.before::text, '-'), coalesce(e.after::text, '-'), coalesce(e.reason, '-'),
        e.prev_hash), 'UTF8')), 'hex') = e.hash as hash_ok
    from (
      select * from public.audit_events a where a.id > v_from order by a.id limit p_limit
    ) e
    window w as (order by e.id)
  ) x
  where not (x.link_ok and x.hash_ok)
  order by x.id
  limit 1;
  if found then
    return jsonb_build_object('intact', false, 'done', true, 'checked', v_break.checked,
      'intact_through', v_break.intact_through, 'broken_at', v_break.id,
      'problem', case when not v_break.link_ok
        then 'The link to the previous event does not match: an event before it was removed or changed.'
        else 'This event was changed after it was written.' end);
  end if;

  select count(*) as events, max(r.id) as last_id into v_range
  from (select a.id from public.audit_events a where a.id > v_from order by a.id limit p_limit) r;
  if p_limit is not null and v_range.events = p_limit then
    return jsonb_build_object('intact', true, 'done', false, 'checked', v_range.events,
      'intact_through', v_range.last_id, 'broken_at', null, 'problem', null);
  end if;

  -- The end of the log: it must be where the chain head says the last write left it.
  select count(*) into v_total from public.audit_events;
  select e.id, e.hash into v_last, v_last_hash from public.audit_events e order by e.id desc limit 1;
  select * into v_head from private.audit_chain_head where singleton;
  -- Every event still there, but the newest one's hash is not the one the head recorded: it was
  -- rewritten (its hash recomputed), not removed. It has no successor whose link would tell.
  if v_head.events = v_total and v_head.last_id is not distinct from v_last and v_last is not null
     and v_head.last_hash is distinct from v_last_hash then
    return jsonb_build_object('intact', false, 'done', true, 'checked', v_range.events,
      'intact_through', (select max(e.id) from public.audit_events e where e.id < v_last), 'broken_at', v_last,
      'problem', 'This event was changed after it was written: its hash is not the one the chain head recorded.');
  end if;
  if v_head.events <> v_total or v_head.last_id is distinct from v_last
     or (v_last is not null and v_head.last_hash is distinct from v_last_hash) then
    return jsonb_build_object('intact', false, 'done', true, 'checked', v_range.events,
      'intact_through', v_last, 'broken_at', v_head.last_id, 'problem', format(
        'The newest events were removed: the log ends at event %s, but %s events were written, the last being event %s.',
        coalesce(v_last::text, '(none)'), v_head.events, coalesce(v_head.last_id::text, '(none)')));
  end if;
  return jsonb_build_object('intact', true, 'done', true, 'checked', v_range.events,
    'intact_through', v_last, 'broken_at', null, 'problem', null);
end
$$;

revoke execute on function public.verify_audit_chain(bigint, integer) from public, anon, authenticated, service_role;
grant execute on function public.verify_audit_chain(bigint, integer) to authenticated, service_role;
