-- Every phase of every transfer is in the hash-chained audit log (issue 32): transfer_pending when an
-- amount is reserved, transfer_posted when money moves (single phase, or a pending one posted by a
-- second person), transfer_voided when a reservation is released (rejected, withdrawn, cancelled,
-- expired). The member's own lines are audited too (ledger_entry, 20261124007400). The after-image
-- names who proposed and who posted, both texts, and the crypto leg.

create function private.audit_transfer() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_member_account text;
begin
  select a.purpose into v_member_account from public.ledger_accounts a
  where a.id in (new.debit_account_id, new.credit_account_id) and a.user_id is not null
  order by a.id limit 1;
  perform private.audit(
    case new.phase when 'pending' then 'transfer_pending' when 'void_pending' then 'transfer_voided' else 'transfer_posted' end,
    new.user_id, null,
    jsonb_strip_nulls(jsonb_build_object('transfer_id', new.id, 'pending_id', new.pending_id,
      'business_id', new.business_id, 'kind', new.kind, 'phase', new.phase, 'amount', new.amount::text,
      'account', v_member_account, 'debit_account_id', new.debit_account_id, 'credit_account_id', new.credit_account_id,
      'category', new.category, 'small_edit', new.small_edit, 'asset', new.asset, 'quantity', new.quantity::text,
      'rate', new.rate::text, 'rate_source', new.rate_source, 'network_fee', new.network_fee::text,
      'source', new.source, 'source_id', new.source_id, 'void_reason', new.void_reason,
      'plan', new.plan, 'proposed_by', new.proposed_by, 'initiated_by', new.initiated_by, 'internal_note', new.internal_note,
      'expires_at', new.expires_at)),
    new.client_text);
  return null;
end
$$;

revoke execute on function private.audit_transfer() from public, anon, authenticated, service_role;

create trigger transfers_audit after insert on public.transfers
  for each row execute function private.audit_transfer();
