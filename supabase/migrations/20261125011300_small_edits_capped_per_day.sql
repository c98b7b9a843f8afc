-- The small-edit daily limit (20261125011100, docs/four-eyes.md): a small edit is posted alone only
-- while (this admin's alone-posted movement in the last 24 h) + (this edit's movement) is below
-- firm_settings.small_edit_daily_limit (null = the threshold). Otherwise it becomes an ordinary
-- proposal, as a large edit does. The body is 20261125001200's plus that check.

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
  v_move numeric;
  v_alone numeric;
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
    -- ...and only while this admin's alone total for the last 24 h stays below the daily limit.
    -- The lock makes two small edits by one admin (for different members, so the profile lock
    -- does not order them) sum one after the other: the second sees the first's ledger rows.
    perform pg_advisory_xact_lock(hashtext('small_edit_alone:' || auth.uid()::text));
    select sum(abs(d.value::numeric)) into v_move from jsonb_each_text(v_deltas) d;
    select coalesce(sum(abs(l.delta)), 0) into v_alone from public.ledger_entries l
    where l.actor_id = auth.uid() and l.source = 'admin_edit' and l.source_id is null
      and l.created_at > now() - interval '24 hours';
    if v_alone + v_move < private.small_edit_daily_limit() then
      v_profile := private.post_ledger(p_user_id, v_deltas, v_reason, auth.uid(), 'admin_edit', null);
      return private.profile_json(v_profile) || jsonb_build_object('applied', true);
    end if;
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
