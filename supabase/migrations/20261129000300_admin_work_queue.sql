-- The admin work queue (issue 35): what waits for staff, counted in one call for the top of
-- /admin/home and the sidebar's badges. One row:
--   awaiting_me          open pending transfers and staff proposals the caller may approve: not proposed
--                        by the caller, not on the caller's own money, of a kind the caller's role decides
--                        (finance and owner; 0 for support and auditors, who approve nothing)
--   withdrawal_requests  withdrawal requests still pending a first review
--   deposit_notices      deposit notices still to be valued
--   unread_messages      contact messages newer than the caller last opened the Messages page
--   frozen_accounts      members whose withdrawals are frozen (a live freeze)
-- Every staff role at aal2 may call it: each count is of rows that role may already read (the tables'
-- policies), so the counts reveal nothing new.

-- When each staff member last opened the Messages page: "unread" is per person, not per message, so
-- one admin reading the list does not clear it for the others. Private: reached only through the two
-- functions below.
create table private.staff_message_reads (
  user_id uuid primary key references auth.users (id) on delete cascade,
  seen_at timestamptz not null
);

alter table private.staff_message_reads enable row level security;
revoke all on private.staff_message_reads from public, anon, authenticated, service_role;

comment on table private.staff_message_reads is
  'When each staff member last opened the Messages page (unread contact messages are the newer ones). Read and written by public.mark_messages_seen and public.admin_work_queue only.';

create function public.mark_messages_seen() returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_role('support', 'finance', 'auditor', 'owner');
  if auth.uid() is null then
    return; -- the service role reads no page
  end if;
  insert into private.staff_message_reads (user_id, seen_at) values (auth.uid(), now())
  on conflict (user_id) do update set seen_at = excluded.seen_at;
end
$$;

comment on function public.mark_messages_seen() is
  'The caller (staff at aal2) has opened the Messages page: messages up to now no longer count as unread for them.';

create function public.admin_work_queue()
returns table (
  awaiting_me int,
  withdrawal_requests int,
  deposit_notices int,
  unread_messages int,
  frozen_accounts int
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me uuid := auth.uid();
  v_role text;
begin
  perform private.require_role('support', 'finance', 'auditor', 'owner');
  v_role := private.staff_role();
  return query
  select
    (case when v_role in ('finance', 'owner') then
      -- Money: the same refusals approve_transfer makes (own proposal, own money, withdrawals
      -- decided on the Requests page), so a transfer counted here is one the caller can approve.
      (select count(*) from private.open_pending_transfers o
         join public.transfers t on t.id = o.transfer_id
         where o.expires_at > now()
           and t.kind <> 'withdrawal'
           and t.proposed_by is distinct from v_me
           and o.user_id is distinct from v_me)
      -- Staff changes: open, unexpired, not the caller's, a kind the caller's role decides, not about
      -- the caller themself (a role change or an unfreeze of their own).
      + (select count(*) from public.staff_proposals s
           where s.status = 'open' and s.expires_at > now()
             and s.proposed_by is distinct from v_me
             and v_role = any (private.staff_change_roles(s.kind))
             and private.staff_change_member(s.kind, s.target) is distinct from v_me)
    else 0 end)::int,
    (select count(*) from public.withdrawal_requests r where r.status = 'pending')::int,
    (select count(*) from public.deposit_notices n where n.status = 'pending')::int,
    (select count(*) from public.contact_messages m
       where m.created_at > coalesce((select s.seen_at from private.staff_message_reads s where s.user_id = v_me),
                                     '-infinity'::timestamptz))::int,
    (select count(*) from public.withdrawal_freezes f where f.lifted_at is null)::int;
end
$$;

comment on function public.admin_work_queue() is
  'Counts of what waits for staff (proposals the caller may approve, pending withdrawal requests, deposit notices to value, unread contact messages, frozen accounts). Any staff role at aal2.';

-- Explicit grants per function: signed-in staff only (the functions check the role and aal2).
revoke execute on function public.admin_work_queue(), public.mark_messages_seen()
  from public, anon, authenticated, service_role;
grant execute on function public.admin_work_queue(), public.mark_messages_seen() to authenticated;
