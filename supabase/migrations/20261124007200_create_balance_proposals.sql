-- Maker/checker for balance edits (issue 22, docs/four-eyes.md). An admin's edit is a proposal; the
-- balances change only when a different finance admin or owner approves it, in one transaction that
-- writes the ledger entries and the profile, and only if the profile has not moved since.
-- admin_update_balances stays for the service role (seed, operator scripts) and refuses staff.

create table public.balance_proposals (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.profiles (id),
  -- The profile version the proposer saw; approval is refused once the profile has moved past it.
  base_version bigint not null,
  -- The six values as they were and as proposed (numeric(20,2) each, as text in `before`).
  before jsonb not null,
  interest_wallet numeric(20, 2) not null check (interest_wallet >= 0),
  deposit_wallet numeric(20, 2) not null check (deposit_wallet >= 0),
  total_invest numeric(20, 2) not null check (total_invest >= 0),
  total_deposit numeric(20, 2) not null check (total_deposit >= 0),
  total_withdraw numeric(20, 2) not null check (total_withdraw >= 0),
  referral numeric(20, 2) not null check (referral >= 0),
  reason text not null check (char_length(reason) between 3 and 500),
  proposed_by uuid not null,
  proposed_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  status text not null default 'open' check (status in ('open', 'approved', 'rejected', 'withdrawn', 'expired')),
  decided_by uuid,
  decided_at timestamptz,
  decision_note text check (char_length(decision_note) <= 500),
  check ((status = 'open') = (decided_at is null)),
  -- The four-eyes rule itself, so no future function can forget it.
  check (status <> 'approved' or (decided_by is not null and decided_by <> proposed_by)),
  check (status <> 'rejected' or decision_note is not null)
);

comment on table public.balance_proposals is
  'Proposed balance edits awaiting a second admin. Read: finance, auditor and owner staff at aal2; service_role. Write: propose_balances, approve/reject/withdraw_balance_proposal only.';

-- One open proposal per member at a time.
create unique index balance_proposals_one_open_key on public.balance_proposals (user_id) where status = 'open';
create index balance_proposals_status_proposed_idx on public.balance_proposals (status, proposed_at);
create index balance_proposals_user_idx on public.balance_proposals (user_id, proposed_at);

alter table public.balance_proposals enable row level security;

revoke all on public.balance_proposals from public, anon, authenticated, service_role;
grant select on public.balance_proposals to authenticated, service_role;

create policy balance_proposals_select_money_staff on public.balance_proposals
  for select to authenticated
  using ((select private.has_role('finance', 'auditor', 'owner')));

alter publication supabase_realtime add table public.balance_proposals;

-- The six balances of a request ({"account": "text amount", ...}), validated: known accounts, text
-- values, money with at most 2 decimals. Returns {"account": numeric}.
create function private.parse_balances(p_balances jsonb) returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_key text;
  v_label text;
  v_values jsonb := '{}';
begin
  if p_balances is null or jsonb_typeof(p_balances) <> 'object' or p_balances = '{}'::jsonb then
    raise exception 'Enter at least one balance.' using errcode = '22023';
  end if;
  for v_key in select jsonb_object_keys(p_balances) loop
    v_label := private.balance_label(v_key);
    if v_label is null then
      raise exception 'Unknown balance: %.', left(v_key, 40) using errcode = '22023';
    end if;
    if jsonb_typeof(p_balances -> v_key) <> 'string' then
      raise exception '% must be a number with at most 2 decimals.', v_label using errcode = '22023';
    end if;
    v_values := v_values || jsonb_build_object(v_key, private.parse_money(p_balances ->> v_key, v_label, false));
  end loop;
  return v_values;
end
$$;

-- New value minus current value for each account in p_values that differs ({} when none does).
create function private.balance_deltas(p_profile public.profiles, p_values jsonb) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(v.key, v.value::numeric - (to_jsonb(p_profile) ->> v.key)::numeric), '{}')
  from jsonb_each_text(p_values) v
  where v.value::numeric <> (to_jsonb(p_profile) ->> v.key)::numeric
$$;

create function private.check_version(p_profile public.profiles, p_expected bigint) returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_expected is null then
    raise exception 'The version of the values you edited is required.' using errcode = '22023';
  end if;
  if p_profile.version <> p_expected then
    raise exception 'This user''s balances were changed by someone else. The latest values are shown; check them and save again.'
      using errcode = 'PT409';
  end if;
end
$$;

create function private.proposal_json(p public.balance_proposals) returns jsonb
language sql
stable
set search_path = ''
as $$
  select to_jsonb(p) || jsonb_build_object(
    'interest_wallet', p.interest_wallet::text, 'deposit_wallet', p.deposit_wallet::text,
    'total_invest', p.total_invest::text, 'total_deposit', p.total_deposit::text,
    'total_withdraw', p.total_withdraw::text, 'referral', p.referral::text)
$$;

revoke execute on function private.parse_balances(jsonb), private.balance_deltas(public.profiles, jsonb),
  private.check_version(public.profiles, bigint), private.proposal_json(public.balance_proposals)
  from public, anon, authenticated, service_role;

-- The shared start of a balance edit (a proposal, or the service role's direct save): every input
-- validated before anything is touched, the profile locked, the version the editor saw checked.
create function private.begin_balance_edit(
  p_user_id uuid,
  p_expected_version bigint,
  p_balances jsonb,
  p_reason text,
  out new_values jsonb,
  out clean_reason text,
  out profile public.profiles
)
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_user_id is null then
    raise exception 'Choose a user.' using errcode = '22023';
  end if;
  if p_expected_version is null then
    raise exception 'The version of the values you edited is required.' using errcode = '22023';
  end if;
  new_values := private.parse_balances(p_balances);
  clean_reason := private.clean_reason(p_reason);
  select * into profile from public.profiles where id = p_user_id for update;
  if not found then
    raise exception 'That user was not found.' using errcode = '22023';
  end if;
  perform private.check_version(profile, p_expected_version);
end
$$;

revoke execute on function private.begin_balance_edit(uuid, bigint, jsonb, text) from public, anon, authenticated, service_role;

-- The service role's direct path (seed data, operator scripts with the secret key). Staff get a clear
-- refusal: their edits go through propose_balances.
create or replace function public.admin_update_balances(
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
  v_deltas jsonb;
begin
  perform private.require_admin();
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'Balance changes need a second admin: propose the change and another finance admin or owner approves it.'
      using errcode = '42501', hint = 'four_eyes';
  end if;
  select * into v_edit from private.begin_balance_edit(p_user_id, p_expected_version, p_balances, p_reason);
  v_values := v_edit.new_values;
  v_reason := v_edit.clean_reason;
  v_profile := v_edit.profile;
  v_deltas := private.balance_deltas(v_profile, v_values);
  if v_deltas = '{}'::jsonb then
    return private.profile_json(v_profile);
  end if;
  v_profile := private.post_ledger(p_user_id, v_deltas, v_reason, null, 'admin_edit', null);
  return private.profile_json(v_profile);
end
$$;

-- An admin (finance or owner) proposes new values for some of a member's six balances, against the
-- version they saw. Refused: a stale version (PT409), nothing to change (22023), another open
-- proposal for the member (PT409). Expired open proposals are closed here, lazily.
create function public.propose_balances(
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
  if private.balance_deltas(v_profile, v_values) = '{}'::jsonb then
    raise exception 'Nothing to approve: these are the current values.' using errcode = '22023';
  end if;
  update public.balance_proposals set status = 'expired', decided_at = now()
  where user_id = p_user_id and status = 'open' and expires_at <= now();
  select * into v_open from public.balance_proposals where user_id = p_user_id and status = 'open';
  if found then
    raise exception 'This member already has a change awaiting approval (proposal #%). It must be approved, rejected or withdrawn first.', v_open.id
      using errcode = 'PT409';
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

-- The open proposal p_id, locked; refuses a closed or expired one.
create function private.lock_open_proposal(p_id bigint) returns public.balance_proposals
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_proposal public.balance_proposals;
begin
  select * into v_proposal from public.balance_proposals where id = p_id for update;
  if not found then
    raise exception 'That proposal was not found.' using errcode = '22023';
  end if;
  if v_proposal.status <> 'open' then
    raise exception 'This proposal was already %.', v_proposal.status using errcode = 'PT409';
  end if;
  if v_proposal.expires_at <= now() then
    raise exception 'This proposal expired on %; propose the change again.', to_char(v_proposal.expires_at, 'YYYY-MM-DD')
      using errcode = 'PT409';
  end if;
  return v_proposal;
end
$$;

revoke execute on function private.lock_open_proposal(bigint) from public, anon, authenticated, service_role;

-- A second admin approves: the ledger entries and the profile are written here, in this transaction.
create function public.approve_balance_proposal(p_proposal_id bigint) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_proposal public.balance_proposals;
  v_profile public.profiles;
  v_values jsonb;
  v_deltas jsonb;
begin
  perform private.require_role('finance', 'owner');
  if auth.uid() is null then
    raise exception 'Proposals are approved by a signed-in admin.' using errcode = '42501';
  end if;
  v_proposal := private.lock_open_proposal(p_proposal_id);
  if v_proposal.proposed_by = auth.uid() then
    raise exception 'You proposed this change: another admin must approve it.'
      using errcode = '42501', hint = 'four_eyes';
  end if;
  select * into v_profile from public.profiles where id = v_proposal.user_id for update;
  if v_profile.version <> v_proposal.base_version then
    raise exception 'This member''s balances changed after the proposal was made; reject it and propose again from the current values.'
      using errcode = 'PT409';
  end if;
  v_values := jsonb_build_object('interest_wallet', v_proposal.interest_wallet, 'deposit_wallet', v_proposal.deposit_wallet,
    'total_invest', v_proposal.total_invest, 'total_deposit', v_proposal.total_deposit,
    'total_withdraw', v_proposal.total_withdraw, 'referral', v_proposal.referral);
  v_deltas := private.balance_deltas(v_profile, v_values);
  if v_deltas <> '{}'::jsonb then
    v_profile := private.post_ledger(v_proposal.user_id, v_deltas, v_proposal.reason, auth.uid(), 'admin_edit', v_proposal.id);
  end if;
  update public.balance_proposals set status = 'approved', decided_by = auth.uid(), decided_at = now()
  where id = v_proposal.id;
  return private.profile_json(v_profile);
end
$$;

create function public.reject_balance_proposal(p_proposal_id bigint, p_reason text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_proposal public.balance_proposals;
  v_reason text;
begin
  perform private.require_role('finance', 'owner');
  if auth.uid() is null then
    raise exception 'Proposals are rejected by a signed-in admin.' using errcode = '42501';
  end if;
  v_reason := private.clean_reason(p_reason);
  v_proposal := private.lock_open_proposal(p_proposal_id);
  if v_proposal.proposed_by = auth.uid() then
    raise exception 'You proposed this change: withdraw it instead.' using errcode = '42501';
  end if;
  update public.balance_proposals
  set status = 'rejected', decided_by = auth.uid(), decided_at = now(), decision_note = v_reason
  where id = v_proposal.id
  returning * into v_proposal;
  return private.proposal_json(v_proposal);
end
$$;

create function public.withdraw_balance_proposal(p_proposal_id bigint) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_proposal public.balance_proposals;
begin
  perform private.require_admin();
  v_proposal := private.lock_open_proposal(p_proposal_id);
  if v_proposal.proposed_by is distinct from auth.uid() then
    raise exception 'Only the admin who proposed this change can withdraw it.' using errcode = '42501';
  end if;
  update public.balance_proposals
  set status = 'withdrawn', decided_by = auth.uid(), decided_at = now()
  where id = v_proposal.id
  returning * into v_proposal;
  return private.proposal_json(v_proposal);
end
$$;

revoke execute on function
  public.propose_balances(uuid, bigint, jsonb, text),
  public.approve_balance_proposal(bigint),
  public.reject_balance_proposal(bigint, text),
  public.withdraw_balance_proposal(bigint)
from public, anon, authenticated, service_role;
grant execute on function
  public.propose_balances(uuid, bigint, jsonb, text),
  public.approve_balance_proposal(bigint),
  public.reject_balance_proposal(bigint, text),
  public.withdraw_balance_proposal(bigint)
to authenticated, service_role;
