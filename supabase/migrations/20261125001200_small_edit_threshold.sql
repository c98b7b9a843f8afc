-- The small-edit threshold (issue 22, docs/four-eyes.md): when firm_settings.small_edit_threshold is
-- set (by an approved proposal) and every account an edit changes moves by less than it, the edit is
-- posted at once by its proposer, without a second admin. Null (the default) means no exemption.
-- The body is 20261124007200's, plus that branch after the open-proposal check, so a small edit
-- never slips past an open proposal for the same member.

create or replace function public.propose_balances(
  p_user_id uuid,
  p_expected_version bigint,
  p_balances jsonb,
  p_reason text
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_edit record;
  v_values jsonb;
  v_reason text;
  v_profile public.profiles;
  v_open public.balance_proposals;
  v_proposal public.balance_proposals;
  v_deltas jsonb;
  v_threshold numeric;
begin
  perform private.require_role('finance', 'owner');
  if auth.uid() is null then
    raise exception 'Proposals are made by a signed-in admin.' using errcode = '42501';
  end if;
  -- The profile lock serialises two admins proposing for the same member at once.
  select * into v_edit from private.begin_balance_edit(p_user_id, p_expected_version, p_balances, p_reason);
  v_values := v_edit.new_values;
  v_reason := v_edit.clean_reason;
  v_profile := v_edit.profile;
  v_deltas := private.balance_deltas(v_profile, v_values);
  if v_deltas = '{}'::jsonb then
    raise exception 'Nothing to approve: these are the current values.' using errcode = '22023';
  end if;
  update public.balance_proposals set status = 'expired', decided_at = now()
  where user_id = p_user_id and status = 'open' and expires_at <= now();
  select * into v_open from public.balance_proposals where user_id = p_user_id and status = 'open';
  if found then
    raise exception 'This member already has a change awaiting approval (proposal #%). It must be approved, rejected or withdrawn first.', v_open.id
      using errcode = 'PT409';
  end if;
  -- A small edit: every changed account moves by less than the firm's threshold. Posted now, by
  -- the proposer, with no proposal row (the ledger entries and their audit events are the record).
  v_threshold := private.small_edit_threshold();
  if v_threshold is not null
     and not exists (select 1 from jsonb_each_text(v_deltas) d where abs(d.value::numeric) >= v_threshold) then
    v_profile := private.post_ledger(p_user_id, v_deltas, v_reason, auth.uid(), 'admin_edit', null);
    return private.profile_json(v_profile) || jsonb_build_object('applied', true);
  end if;
  insert into public.balance_proposals (user_id, base_version, before, interest_wallet, deposit_wallet,
    total_invest, total_deposit, total_withdraw, referral, reason, proposed_by)
  values (p_user_id, v_profile.version,
    jsonb_build_object('interest_wallet', v_profile.interest_wallet::text, 'deposit_wallet', v_profile.deposit_wallet::text,
      'total_invest', v_profile.total_invest::text, 'total_deposit', v_profile.total_deposit::text,
      'total_withdraw', v_profile.total_withdraw::text, 'referral', v_profile.referral::text),
    coalesce((v_values ->> 'interest_wallet')::numeric, v_profile.interest_wallet),
    coalesce((v_values ->> 'deposit_wallet')::numeric, v_profile.deposit_wallet),
    coalesce((v_values ->> 'total_invest')::numeric, v_profile.total_invest),
    coalesce((v_values ->> 'total_deposit')::numeric, v_profile.total_deposit),
    coalesce((v_values ->> 'total_withdraw')::numeric, v_profile.total_withdraw),
    coalesce((v_values ->> 'referral')::numeric, v_profile.referral),
    v_reason, auth.uid())
  returning * into v_proposal;
  return private.proposal_json(v_proposal);
exception
  when unique_violation then
    raise exception 'This member already has a change awaiting approval. It must be approved, rejected or withdrawn first.'
      using errcode = 'PT409';
end
$$;
