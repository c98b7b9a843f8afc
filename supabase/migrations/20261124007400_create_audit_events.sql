-- Tamper-evident audit log (issue 22, docs/four-eyes.md). The database writes one row per privileged
-- event from triggers on the tables those events touch, so no function can forget to. Each row
-- carries the hash of the row before it and its own hash over its fields and that link: editing or
-- deleting a row around the API (even as the table owner, triggers disabled) breaks the chain, and
-- public.verify_audit_chain() says up to which event it is intact.

create table public.audit_events (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default clock_timestamp(),
  -- Who: the signed-in person (null: the service role or the database itself) and their role then.
  actor_id uuid,
  actor_role text not null,
  -- Whose account it concerns (null: not about one member, e.g. a deposit address).
  member_id uuid,
  kind text not null,
  before jsonb,
  after jsonb,
  reason text,
  prev_hash text not null,
  hash text not null unique
);

comment on table public.audit_events is
  'Append-only, hash-chained log of privileged events. Read: auditors and owners at aal2, service_role. Write: database triggers only (private.audit); never updated or deleted.';

-- /admin/audit pages newest first (occurred_at desc, id desc) under one optional equality filter and
-- an optional date range: each filter column leads an index that ends in (occurred_at, id), so a page
-- is one backward index range scan at any size (tests/bench/audit-log.bench.ts, 1,000,000 events).
create index audit_events_occurred_idx on public.audit_events (occurred_at, id);
create index audit_events_kind_occurred_idx on public.audit_events (kind, occurred_at, id);
create index audit_events_actor_occurred_idx on public.audit_events (actor_id, occurred_at, id);
create index audit_events_member_occurred_idx on public.audit_events (member_id, occurred_at, id);

alter table public.audit_events enable row level security;

revoke all on public.audit_events from public, anon, authenticated, service_role;
grant select on public.audit_events to authenticated, service_role;

create policy audit_events_select_auditor_or_owner on public.audit_events
  for select to authenticated
  using ((select private.has_role('auditor', 'owner')));

-- The hash of one row: its fields in a fixed text form (UTC time, jsonb's canonical text) and the link.
create function private.audit_hash(e public.audit_events) returns text
language sql
immutable
set search_path = ''
as $$
  select encode(sha256(convert_to(concat_ws('|',
    e.id::text,
    to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'),
    coalesce(e.actor_id::text, '-'), e.actor_role, coalesce(e.member_id::text, '-'), e.kind,
    coalesce(e.before::text, '-'), coalesce(e.after::text, '-'), coalesce(e.reason, '-'),
    e.prev_hash), 'UTF8')), 'hex')
$$;

-- The end of the chain, outside audit_events: each write moves it in the same transaction (the last
-- event's id and hash and the number of events), and verify_audit_chain compares the end of the
-- walk with it, so deleting the newest events (even as the table owner, guard triggers disabled) is
-- reported too. Someone who can also rewrite this row can hide a truncation; an external copy of the
-- last hash closes that (public.audit_chain_anchor, 20261125010200).
create table private.audit_chain_head (
  singleton boolean primary key default true check (singleton),
  last_id bigint,
  last_hash text,
  events bigint not null default 0
);

alter table private.audit_chain_head enable row level security;
revoke all on private.audit_chain_head from public, anon, authenticated, service_role;

insert into private.audit_chain_head default values;

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

-- Appends one event. One writer at a time (a transaction-scoped advisory lock), so each row links to
-- the one committed before it.
create function private.audit(p_kind text, p_member uuid, p_before jsonb, p_after jsonb, p_reason text)
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

revoke execute on function private.audit_hash(public.audit_events), private.audit(text, uuid, jsonb, jsonb, text)
  from public, anon, authenticated, service_role;

create function private.audit_events_append_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'Audit events are permanent: they cannot be changed or deleted.' using errcode = '42501';
end
$$;

revoke execute on function private.audit_events_append_only() from public, anon, authenticated, service_role;

create trigger audit_events_no_update_delete
  before update or delete on public.audit_events
  for each row execute function private.audit_events_append_only();
create trigger audit_events_no_truncate
  before truncate on public.audit_events
  for each statement execute function private.audit_events_append_only();

-- The writers: one trigger function per table, all through private.audit.
create function private.audit_ledger_entry() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.audit('ledger_entry', new.user_id, null,
    jsonb_build_object('account', new.account, 'delta', new.delta::text, 'balance_before', new.balance_before::text,
      'balance_after', new.balance_after::text, 'source', new.source, 'source_id', new.source_id, 'entry_id', new.id),
    new.reason);
  return null;
end
$$;

create trigger ledger_entries_audit after insert on public.ledger_entries
  for each row execute function private.audit_ledger_entry();

-- Filing and every change of status of a deposit notice or a withdrawal request (issue 30: filing is
-- a money event the member must hear of at once, in time to freeze). Kinds: withdrawal_filed,
-- withdrawal_<status>, deposit_notice_filed, deposit_notice_<status>; the reason is the review note
-- (a cancellation's reason is the member-visible review_note too).
create function private.audit_review() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_prefix text := case tg_table_name when 'withdrawal_requests' then 'withdrawal_' else 'deposit_notice_' end;
  v_wallet public.deposit_wallets;
  v_after jsonb;
begin
  select * into v_wallet from public.deposit_wallets w where w.id = new.wallet_id;
  -- Quantities as text without trailing zeros ("0.5", not "0.500000000000000000").
  v_after := jsonb_strip_nulls(jsonb_build_object('id', new.id, 'status', new.status, 'amount', new.amount::text,
    'asset', v_wallet.asset, 'network', v_wallet.network,
    'quantity', trim_scale((to_jsonb(new) ->> 'quantity')::numeric)::text,
    'transfer_id', to_jsonb(new) -> 'transfer_id'));
  if tg_table_name = 'withdrawal_requests' then
    v_after := v_after || jsonb_build_object('label',
      (select a.label from public.withdrawal_addresses a where a.id = (to_jsonb(new) ->> 'address_id')::bigint),
      'address', new.destination_address, 'account', to_jsonb(new) ->> 'account');
  end if;
  if tg_op = 'INSERT' then
    perform private.audit(v_prefix || 'filed', new.user_id, null, v_after, null);
  else
    perform private.audit(v_prefix || new.status, new.user_id,
      jsonb_build_object('id', old.id, 'status', old.status), v_after, new.review_note);
  end if;
  -- A withdrawal filed or cancelled is also mailed (the outbox of 20261126000100, same transaction):
  -- the owner must hear of a request in time to freeze, even if a thief reads the portal's notices.
  if tg_table_name = 'withdrawal_requests' and (tg_op = 'INSERT' or new.status = 'cancelled') then
    perform private.enqueue_member_mail(new.user_id,
      case when tg_op = 'INSERT' then 'withdrawal_filed' else 'withdrawal_cancelled' end,
      case when tg_op = 'INSERT' then 'withdrawal_filed:' else 'withdrawal_cancelled:' end || new.id,
      jsonb_build_object('amount', new.amount::numeric(20, 2)::text, 'asset', v_wallet.asset,
        'network', v_wallet.network, 'label', coalesce(v_after ->> 'label', new.destination_address))
      || case when tg_op = 'UPDATE' then jsonb_build_object('reason', coalesce(new.review_note, 'Cancelled.')) else '{}'::jsonb end);
  end if;
  return null;
end
$$;

create trigger withdrawal_requests_audit_filed after insert on public.withdrawal_requests
  for each row execute function private.audit_review();
create trigger withdrawal_requests_audit after update of status on public.withdrawal_requests
  for each row when (new.status is distinct from old.status) execute function private.audit_review();
create trigger deposit_notices_audit_filed after insert on public.deposit_notices
  for each row execute function private.audit_review();
create trigger deposit_notices_audit after update of status on public.deposit_notices
  for each row when (new.status is distinct from old.status) execute function private.audit_review();

create function private.audit_address_edit() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.audit('address_edit', null,
    jsonb_build_object('wallet_id', new.wallet_id, 'address', new.old_address, 'enabled', new.old_enabled),
    jsonb_build_object('wallet_id', new.wallet_id, 'address', new.new_address, 'enabled', new.new_enabled),
    new.reason);
  return null;
end
$$;

create trigger deposit_wallet_changes_audit after insert on public.deposit_wallet_changes
  for each row execute function private.audit_address_edit();

create function private.audit_staff() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.audit('role_granted', new.user_id, null, jsonb_build_object('role', new.role), null);
  elsif tg_op = 'UPDATE' then
    if new.role is distinct from old.role then
      perform private.audit('role_changed', new.user_id, jsonb_build_object('role', old.role),
        jsonb_build_object('role', new.role), null);
    end if;
  else
    perform private.audit('role_revoked', old.user_id, jsonb_build_object('role', old.role), null, null);
  end if;
  return null;
end
$$;

create trigger admins_audit after insert or update or delete on public.admins
  for each row execute function private.audit_staff();

create function private.audit_mfa_reset() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.audit('mfa_reset', new.user_id, null,
    jsonb_build_object('factors_removed', new.factors_removed), new.reason);
  return null;
end
$$;

create trigger mfa_resets_audit after insert on public.mfa_resets
  for each row execute function private.audit_mfa_reset();

create function private.audit_member_email() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.audit('member_email_changed', new.id, jsonb_build_object('email', old.email),
    jsonb_build_object('email', new.email), null);
  return null;
end
$$;

create trigger on_auth_user_email_audit after update of email on auth.users
  for each row when (new.email is distinct from old.email) execute function private.audit_member_email();

revoke execute on function private.audit_ledger_entry(), private.audit_review(),
  private.audit_address_edit(), private.audit_staff(), private.audit_mfa_reset(), private.audit_member_email()
  from public, anon, authenticated, service_role;

-- verify_audit_chain(p_after_id, p_limit) checks at most p_limit events with ids above p_after_id,
-- in id order, in one ordered pass: each event's link against the stored hash of the event before it
-- (for the range's first event, the newest event at or before p_after_id, or the zero hash) and its
-- stored hash against the hash of its fields (private.audit_hash's expression written inline: a
-- function that pins its search_path is never inlined, and calling it per event cost five times the
-- hash; supabase/tests/audit.test.ts fails if the two differ). A firm's log only grows: one pass over
-- 1,000,000 events takes about 3.7 s and some 2,000,000 reach the authenticated role's 8 s
-- statement_timeout, so /admin/audit asks for ranges, one request each, and chains them. Called with
-- no arguments it walks the whole log. `done` is true when the walk found a break or reached the end
-- of the log, where the end is compared with private.audit_chain_head; otherwise the caller asks for
-- the next range after `intact_through`. Each call reads one snapshot (a stable function).
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
