-- Staff never act on their own money (issue 30, docs/four-eyes.md "Your own account"). A staff member
-- who is also a client must not propose, approve, confirm, reject or pay anything whose member is
-- themselves: their account is handled by two other staff. The rule hangs on the tables, not on the
-- functions, so every path meets it (today's functions, the small-edit exemption that posts at once,
-- a future function, a direct write): whoever writes a row that names a member and a staff actor who
-- are the same person is refused. Members acting for themselves (filing, freezing) name no staff actor.

create function private.refuse_own_money(p_member uuid, p_actor uuid) returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_member is not null and p_actor is not null and p_member = p_actor then
    raise exception 'This is your own account: staff never act on their own money. Two other staff members must handle it.'
      using errcode = '42501', hint = 'own_account';
  end if;
end
$$;

revoke execute on function private.refuse_own_money(uuid, uuid) from public, anon, authenticated, service_role;

-- One trigger function per table shape; each names the columns that hold a staff actor.
create function private.guard_own_money() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  case tg_table_name
    when 'ledger_entries' then
      perform private.refuse_own_money(new.user_id, new.actor_id);
    when 'transfers' then
      -- A member files and cancels their own withdrawal or plan instruction, and their own expired
      -- reservations are released on their own actions: those name the member as the actor on purpose.
      if not ((new.phase = 'pending' and new.kind in ('withdrawal', 'subscription', 'redemption')
               and new.initiated_by = new.user_id)
              or (new.phase = 'void_pending' and new.void_reason in ('cancelled', 'expired'))) then
        perform private.refuse_own_money(new.user_id, new.created_by);
      end if;
      perform private.refuse_own_money(new.user_id, new.proposed_by);
    when 'withdrawal_requests' then
      perform private.refuse_own_money(new.user_id, new.reviewed_by);
      perform private.refuse_own_money(new.user_id, new.approved_by);
    when 'deposit_notices' then
      perform private.refuse_own_money(new.user_id, new.reviewed_by);
  end case;
  return new;
end
$$;

revoke execute on function private.guard_own_money() from public, anon, authenticated, service_role;

create trigger ledger_entries_own_money before insert on public.ledger_entries
  for each row execute function private.guard_own_money();
create trigger transfers_own_money before insert on public.transfers
  for each row execute function private.guard_own_money();
create trigger withdrawal_requests_own_money before update on public.withdrawal_requests
  for each row execute function private.guard_own_money();
create trigger deposit_notices_own_money before update on public.deposit_notices
  for each row execute function private.guard_own_money();
-- staff_proposals (unfreezes and deposit credits name a member) is guarded where its kinds are
-- dispatched (20261126001600), since the member is found through the kind.
