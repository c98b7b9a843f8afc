-- The end of the audit chain (issue 22, docs/four-eyes.md). Each event links to the one before it,
-- so a removed or edited event in the middle breaks the chain; removing the NEWEST events did not.
-- private.audit now also writes, in the same transaction, the last event's id and hash and the number
-- of events to one row outside audit_events, and verify_audit_chain compares the end of the walk to
-- it: deleting the tail (even as the table owner, guard triggers disabled) is reported. Someone who
-- can also rewrite this row can hide a truncation; an external copy of the last hash closes that.

create table private.audit_chain_head (
  singleton boolean primary key default true check (singleton),
  last_id bigint,
  last_hash text,
  events bigint not null default 0
);

alter table private.audit_chain_head enable row level security;
revoke all on private.audit_chain_head from public, anon, authenticated, service_role;

insert into private.audit_chain_head (last_id, last_hash, events)
select (select id from public.audit_events order by id desc limit 1),
       (select hash from public.audit_events order by id desc limit 1),
       (select count(*) from public.audit_events);

create function private.audit_chain_head_guard() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op <> 'UPDATE' or new.events < old.events then
    raise exception 'The audit chain head only moves forward.' using errcode = '42501';
  end if;
  return new;
end
$$;

revoke execute on function private.audit_chain_head_guard() from public, anon, authenticated, service_role;

create trigger audit_chain_head_forward_only
  before insert or update or delete on private.audit_chain_head
  for each row execute function private.audit_chain_head_guard();
create trigger audit_chain_head_no_truncate
  before truncate on private.audit_chain_head
  for each statement execute function private.audit_chain_head_guard();

create or replace function private.audit(p_kind text, p_member uuid, p_before jsonb, p_after jsonb, p_reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_event public.audit_events;
begin
  perform pg_advisory_xact_lock(hashtext('public.audit_events'));
  v_event.prev_hash := coalesce(
    (select a.hash from public.audit_events a order by a.id desc limit 1), repeat('0', 64));
  v_event.id := nextval(pg_get_serial_sequence('public.audit_events', 'id'));
  v_event.occurred_at := clock_timestamp();
  v_event.actor_id := auth.uid();
  v_event.actor_role := case
    when coalesce(auth.role(), '') = 'service_role' then 'service'
    when auth.uid() is null then 'system'
    else coalesce(private.staff_role(), 'member') end;
  v_event.member_id := p_member;
  v_event.kind := p_kind;
  v_event.before := p_before;
  v_event.after := p_after;
  v_event.reason := p_reason;
  v_event.hash := private.audit_hash(v_event);
  -- The head moves first: the insert fires triggers that may audit further events (a credential
  -- change starts a security hold), whose head must stay ahead of this one.
  update private.audit_chain_head set last_id = v_event.id, last_hash = v_event.hash, events = events + 1
  where singleton;
  insert into public.audit_events overriding system value select v_event.*;
end
$$;

create or replace function public.verify_audit_chain() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_event public.audit_events;
  v_prev text := repeat('0', 64);
  v_last bigint;
  v_checked bigint := 0;
  v_head private.audit_chain_head;
begin
  perform private.require_role('auditor', 'owner');
  for v_event in select * from public.audit_events order by id loop
    if v_event.prev_hash <> v_prev then
      return jsonb_build_object('intact', false, 'checked', v_checked, 'intact_through', v_last,
        'broken_at', v_event.id, 'problem', 'The link to the previous event does not match: an event before it was removed or changed.');
    end if;
    if private.audit_hash(v_event) <> v_event.hash then
      return jsonb_build_object('intact', false, 'checked', v_checked, 'intact_through', v_last,
        'broken_at', v_event.id, 'problem', 'This event was changed after it was written.');
    end if;
    v_prev := v_event.hash;
    v_last := v_event.id;
    v_checked := v_checked + 1;
  end loop;
  select * into v_head from private.audit_chain_head where singleton;
  if v_head.events <> v_checked or v_head.last_id is distinct from v_last
     or (v_last is not null and v_head.last_hash is distinct from v_prev) then
    return jsonb_build_object('intact', false, 'checked', v_checked, 'intact_through', v_last,
      'broken_at', v_head.last_id, 'problem', format(
        'The newest events were removed: the log ends at event %s, but %s events were written, the last being event %s.',
        coalesce(v_last::text, '(none)'), v_head.events, coalesce(v_head.last_id::text, '(none)')));
  end if;
  return jsonb_build_object('intact', true, 'checked', v_checked, 'intact_through', v_last,
    'broken_at', null, 'problem', null);
end
$$;

