-- A revoked or downgraded staff member's open proposals die at once (issue 30, docs/four-eyes.md).
-- A proposal is one of the four eyes: once its maker may no longer make it, it must not wait for a
-- second admin to approve it. So, in the same transaction as the role change:
--   * open balance proposals of someone who is no longer finance or owner are withdrawn;
--   * open staff proposals whose kind the new role may not propose are withdrawn;
--   * withdrawals they approved but nobody has paid go back to pending, to be approved again.
-- Each change is in the audit log through the tables' own audit triggers (proposal_withdrawn,
-- staff_proposal_withdrawn, withdrawal_pending), with the reason below.

create function private.withdraw_proposals_of_former_staff() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid := old.user_id;
  v_role text := case when tg_op = 'DELETE' then null else new.role end;
  v_note text := case when v_role is null
    then 'Withdrawn: the proposer is no longer staff.'
    else format('Withdrawn: the proposer''s staff role changed to %s.', v_role) end;
begin
  if v_role is null or v_role not in ('finance', 'owner') then
    -- Their proposed corrections and deposit credits are voided (the reservation is released).
    perform private.resolve_pending(o.transfer_id, 'void', 'withdrawn', jsonb_build_object('internal_note', v_note))
    from private.open_pending_transfers o join public.transfers t on t.id = o.transfer_id
    where t.proposed_by = v_user and t.kind <> 'withdrawal';
    update public.withdrawal_requests
    set status = 'pending', approved_by = null, reviewed_by = null, reviewed_at = null,
        review_note = 'Approved by someone who is no longer allowed to approve: it needs a new approval.'
    where approved_by = v_user and status = 'approved';
  end if;
  update public.staff_proposals
  set status = 'withdrawn', decided_at = now(), decision_note = v_note
  where proposed_by = v_user and status = 'open'
    and (v_role is null or not (v_role = any (private.staff_change_roles(kind))));
  return null;
end
$$;

revoke execute on function private.withdraw_proposals_of_former_staff() from public, anon, authenticated, service_role;

create trigger admins_withdraw_proposals_of_former_staff
  after update of role or delete on public.admins
  for each row execute function private.withdraw_proposals_of_former_staff();
