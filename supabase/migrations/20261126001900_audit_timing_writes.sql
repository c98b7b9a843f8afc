-- Moving a waiting period is a money event too (issue 30). The service role may move when an
-- address-book entry becomes usable (usable_from), when a security hold ends (hold_until) and when a
-- proposal expires (expires_at): support does it, and tests travel in time with it. Each such write is
-- in the audit log, from a trigger on the column, so no function and no direct write escapes it.
--   address_cooling_off_changed  {id, label, usable_from}   before {usable_from}   member: the entry's
--   security_hold_changed        {hold_id, hold_until}      before {hold_until}    member: the hold's
--   staff_proposal_expiry_changed {proposal_id, change, expires_at}               member: as its kind says
--   transfer_expiry_changed      {transfer_id, expires_at}  before {expires_at}    member: the transfer's
--                                (a pending transfer's expiry, private.open_pending_transfers: the
--                                table owner's alone; staff's record, members get no words)

create function private.audit_timing_write() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  case tg_table_name
    when 'withdrawal_addresses' then
      perform private.audit('address_cooling_off_changed', new.user_id,
        jsonb_build_object('usable_from', old.usable_from),
        jsonb_build_object('id', new.id, 'label', new.label, 'address', new.address, 'usable_from', new.usable_from), null);
    when 'security_holds' then
      perform private.audit('security_hold_changed', new.user_id,
        jsonb_build_object('hold_until', old.hold_until),
        jsonb_build_object('hold_id', new.id, 'change', new.change, 'hold_until', new.hold_until), null);
    when 'staff_proposals' then
      perform private.audit('staff_proposal_expiry_changed', private.staff_change_member(new.kind, new.target),
        jsonb_build_object('expires_at', old.expires_at),
        jsonb_build_object('proposal_id', new.id, 'change', new.kind, 'expires_at', new.expires_at), null);
    when 'open_pending_transfers' then
      perform private.audit('transfer_expiry_changed', new.user_id,
        jsonb_build_object('expires_at', old.expires_at),
        jsonb_build_object('transfer_id', new.transfer_id, 'expires_at', new.expires_at), null);
  end case;
  return null;
end
$$;

revoke execute on function private.audit_timing_write() from public, anon, authenticated, service_role;

create trigger withdrawal_addresses_audit_usable_from after update of usable_from on public.withdrawal_addresses
  for each row when (new.usable_from is distinct from old.usable_from) execute function private.audit_timing_write();
create trigger security_holds_audit_hold_until after update of hold_until on public.security_holds
  for each row when (new.hold_until is distinct from old.hold_until) execute function private.audit_timing_write();
create trigger staff_proposals_audit_expires_at after update of expires_at on public.staff_proposals
  for each row when (new.expires_at is distinct from old.expires_at) execute function private.audit_timing_write();
create trigger open_pending_transfers_audit_expires_at after update of expires_at on private.open_pending_transfers
  for each row when (new.expires_at is distinct from old.expires_at) execute function private.audit_timing_write();
