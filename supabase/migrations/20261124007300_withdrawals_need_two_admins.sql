-- Withdrawals (issue 22): approving and marking paid are two steps by two different admins, and a
-- rejection needs a reason. approved_by remembers who approved, since reviewed_by is the last reviewer.

alter table public.withdrawal_requests add column approved_by uuid;

comment on column public.withdrawal_requests.approved_by is
  'The admin who approved the request; the one who marks it paid must be someone else (four eyes).';

-- A paid request was approved by someone other than its payer (null: the service role).
alter table public.withdrawal_requests add constraint withdrawal_requests_paid_by_another_admin
  check (status <> 'paid' or approved_by is null or reviewed_by is null or approved_by <> reviewed_by) not valid;

-- Superseded by 20261127000400 (the amount reserved as a pending transfer, paid from the chosen account,
-- with a payout record that reconciles): the rule in force is the last definition.
-- pending -> approved | rejected; approved -> paid | rejected. Paying debits the Interest Wallet and
-- credits Total Withdraw in this transaction, and needs the Interest Wallet to cover the amount.
create or replace function public.review_withdrawal_request(p_request_id bigint, p_action text, p_note text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_request public.withdrawal_requests;
  v_note text;
  v_balance numeric;
begin
  perform private.require_role('finance', 'owner');
  if p_action is null or p_action not in ('approve', 'reject', 'pay') then
    raise exception 'Action must be approve, reject or pay.' using errcode = '22023';
  end if;
  if p_action = 'reject' then
    if char_length(btrim(coalesce(p_note, ''))) < 3 then
      raise exception 'A reason (3 to 500 characters) is required to reject a request.' using errcode = '22023';
    end if;
  end if;
  v_note := private.clean_note(p_note);
  select * into v_request from public.withdrawal_requests where id = p_request_id for update;
  if not found then
    raise exception 'That withdrawal request was not found.' using errcode = '22023';
  end if;
  if not ((v_request.status = 'pending' and p_action in ('approve', 'reject'))
          or (v_request.status = 'approved' and p_action in ('pay', 'reject'))) then
    raise exception 'This request is %; it cannot be %.', v_request.status,
      case p_action when 'approve' then 'approved' when 'reject' then 'rejected' else 'paid' end
      using errcode = 'PT409';
  end if;
  if p_action = 'pay' then
    if v_request.approved_by = auth.uid() then
      raise exception 'You approved this request: another admin must mark it paid.'
        using errcode = '42501', hint = 'four_eyes';
    end if;
    select p.interest_wallet into v_balance from public.profiles p where p.id = v_request.user_id for update;
    if v_balance < v_request.amount then
      raise exception 'The member''s Interest Wallet (%) is less than this request (%).', v_balance, v_request.amount
        using errcode = 'PT409';
    end if;
    perform private.post_ledger(v_request.user_id,
      jsonb_build_object('interest_wallet', -v_request.amount, 'total_withdraw', v_request.amount),
      format('Withdrawal paid (request #%s)', v_request.id), auth.uid(), 'withdrawal_request', v_request.id);
  end if;
  update public.withdrawal_requests
  set status = case p_action when 'approve' then 'approved' when 'reject' then 'rejected' else 'paid' end,
      reviewed_by = auth.uid(), reviewed_at = now(), review_note = coalesce(v_note, review_note),
      approved_by = case when p_action = 'approve' then auth.uid() else approved_by end,
      paid_at = case when p_action = 'pay' then now() end
  where id = p_request_id
  returning * into v_request;
  return private.request_json(v_request);
end
$$;
