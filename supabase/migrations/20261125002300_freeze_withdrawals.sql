-- The member's "Freeze withdrawals" (issue 23). freeze_withdrawals needs no step-up: the owner of the
-- account must be able to act at once. The refusal lives in a trigger on withdrawal_requests, so no
-- path (member filing, admin approve or pay, the service role) can move money while the row exists;
-- rejecting a request stays possible. Lifting the freeze is the four-eyes unfreeze proposal.

create function public.freeze_withdrawals(p_reason text default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member();
  v_reason text := nullif(btrim(coalesce(p_reason, '')), '');
  v_freeze public.withdrawal_freezes;
begin
  if char_length(v_reason) > 500 then
    raise exception 'Reason must be at most 500 characters.' using errcode = '22023';
  end if;
  insert into public.withdrawal_freezes (user_id, frozen_by, reason)
  values (v_uid, v_uid, v_reason)
  on conflict (user_id) do nothing;
  select * into v_freeze from public.withdrawal_freezes f where f.user_id = v_uid;
  return jsonb_build_object('frozen_at', v_freeze.frozen_at, 'reason', v_freeze.reason);
end
$$;

revoke execute on function public.freeze_withdrawals(text) from public, anon, authenticated, service_role;
grant execute on function public.freeze_withdrawals(text) to authenticated;

-- Every freeze is recorded, whoever wrote the row (the member, or the service role for them).
create function private.audit_withdrawal_freeze() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.audit('withdrawals_frozen', new.user_id, null,
    jsonb_build_object('frozen_by_member', new.frozen_by = new.user_id), new.reason);
  return null;
end
$$;

revoke execute on function private.audit_withdrawal_freeze() from public, anon, authenticated, service_role;

create trigger withdrawal_freezes_audit after insert on public.withdrawal_freezes
  for each row execute function private.audit_withdrawal_freeze();

create function private.refuse_while_frozen() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.withdrawals_frozen(new.user_id) then
    return new;
  end if;
  if tg_op = 'INSERT' then
    raise exception 'Withdrawals are frozen on your account, so no new request can be filed. Contact us to lift the freeze.'
      using errcode = '42501', hint = 'withdrawals_frozen';
  end if;
  raise exception 'This member has frozen withdrawals: the request cannot be % until the freeze is lifted.', new.status
    using errcode = '42501', hint = 'withdrawals_frozen';
end
$$;

revoke execute on function private.refuse_while_frozen() from public, anon, authenticated, service_role;

create trigger withdrawal_requests_refuse_while_frozen
  before insert or update of status on public.withdrawal_requests
  for each row when (new.status in ('pending', 'approved', 'paid'))
  execute function private.refuse_while_frozen();
