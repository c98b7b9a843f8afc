-- Cancelling a withdrawal (issue 30). A member may cancel their own request until it is paid; the
-- database cancels one when the address it pays to leaves the address book (remove_withdrawal_address,
-- 20261125002100). Either way the request's status becomes 'cancelled' with a reason the member
-- reads, and the audit trigger announces it (withdrawal_cancelled). Whatever path tries it, a request
-- whose address is no longer in the member's address book is never approved or paid.

create function public.cancel_withdrawal_request(p_request_id bigint) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member();
  v_request public.withdrawal_requests;
begin
  select * into v_request from public.withdrawal_requests r
  where r.id = p_request_id and r.user_id = v_uid for update;
  if not found then
    raise exception 'That withdrawal request was not found.' using errcode = '22023';
  end if;
  if v_request.status not in ('pending', 'approved') then
    raise exception 'This request is %; only a request that is not yet paid can be cancelled.', v_request.status
      using errcode = 'PT409';
  end if;
  update public.withdrawal_requests
  set status = 'cancelled', review_note = 'Cancelled by you.'
  where id = v_request.id
  returning * into v_request;
  return private.request_json(v_request);
end
$$;

revoke execute on function public.cancel_withdrawal_request(bigint) from public, anon, authenticated, service_role;
grant execute on function public.cancel_withdrawal_request(bigint) to authenticated;

create function private.refuse_unlisted_payout() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.address_id is not null and exists (
    select 1 from public.withdrawal_addresses a where a.id = new.address_id and a.removed_at is not null) then
    raise exception 'The address of this withdrawal was removed from the member''s address book: it cannot be %.',
      case new.status when 'paid' then 'paid' else 'approved' end
      using errcode = 'PT409', hint = 'address_not_listed';
  end if;
  return new;
end
$$;

revoke execute on function private.refuse_unlisted_payout() from public, anon, authenticated, service_role;

create trigger withdrawal_requests_refuse_unlisted_payout
  before update of status on public.withdrawal_requests
  for each row when (new.status in ('approved', 'paid'))
  execute function private.refuse_unlisted_payout();
