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

-- Walks the chain in order and reports where it first breaks: a row whose stored hash is not the
-- hash of its fields (edited), or whose link is not the hash of the row before it (a row deleted or
-- inserted around the API). intact_through is the last event up to which everything checks out.
create function public.verify_audit_chain() returns jsonb
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
  return jsonb_build_object('intact', true, 'checked', v_checked, 'intact_through', v_last,
    'broken_at', null, 'problem', null);
end
$$;

revoke execute on function public.verify_audit_chain() from public, anon, authenticated, service_role;
grant execute on function public.verify_audit_chain() to authenticated, service_role;
