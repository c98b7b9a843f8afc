-- Four eyes for everything else staff can change (issues 22 and 30, docs/four-eyes.md): a deposit
-- address, a staff role (grant, change, revoke), the firm's settings, lifting a member's withdrawal
-- freeze, and crediting a member's deposit notice. Each is a row in one table, staff_proposals, made
-- by one admin and applied only when a different admin approves it. The functions here are the same
-- for every kind; what differs per kind (who may decide, the state compared, the payload's check,
-- what approval does, the audit event's member) is dispatched by the private.staff_change_* functions
-- of 20261126001600, defined once there after every table they touch exists.
-- The old direct functions (update_deposit_wallet, grant_admin, set_staff_role, revoke_admin) now
-- serve only the service role (seed data, operator scripts); staff get a refusal naming the way.

create table public.staff_proposals (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('deposit_address', 'staff_role', 'firm_settings', 'unfreeze', 'plan_terms',
                                     'returns_run')),
  target text not null check (char_length(target) between 1 and 64),
  -- The state the proposer saw; approval is refused once the target has moved away from it.
  before jsonb not null,
  payload jsonb not null,
  reason text not null check (char_length(reason) between 3 and 500),
  proposed_by uuid not null,
  proposed_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  status text not null default 'open' check (status in ('open', 'approved', 'rejected', 'withdrawn', 'expired')),
  decided_by uuid,
  decided_at timestamptz,
  decision_note text check (char_length(decision_note) <= 500),
  check ((status = 'open') = (decided_at is null)),
  -- The four-eyes invariants: nobody approves their own proposal; a rejection says why.
  check (status <> 'approved' or (decided_by is not null and decided_by <> proposed_by)),
  check (status <> 'rejected' or decision_note is not null)
);

comment on table public.staff_proposals is
  'Proposed deposit-address, staff-role, firm-settings, unfreeze, plan-terms and returns-run changes awaiting a second admin. Read: finance, auditor and owner staff at aal2; service_role. Write: propose/approve/reject/withdraw_staff_change only.';

-- One open proposal per thing changed (a wallet, a person's role, the settings, a member's freeze).
create unique index staff_proposals_one_open_key on public.staff_proposals (kind, target) where status = 'open';
create index staff_proposals_status_proposed_idx on public.staff_proposals (status, proposed_at);

alter table public.staff_proposals enable row level security;

revoke all on public.staff_proposals from public, anon, authenticated, service_role;
grant select on public.staff_proposals to authenticated, service_role;
-- Tests and operator scripts move expires_at to show expiry without waiting a week.
grant update (expires_at) on public.staff_proposals to service_role;

create policy staff_proposals_select_money_staff on public.staff_proposals
  for select to authenticated
  using ((select private.has_role('finance', 'auditor', 'owner')));

create policy staff_proposals_update_service on public.staff_proposals
  for update to service_role
  using (true)
  with check (true);

alter publication supabase_realtime add table public.staff_proposals;

-- The open proposal p_id, locked; refuses a closed or expired one (the same messages as pending
-- transfers give). Its messages tell whether an id exists and how it ended, so callers check first
-- that the caller may decide proposals at all (below).
create function private.lock_open_staff_change(p_id bigint) returns public.staff_proposals
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_proposal public.staff_proposals;
begin
  select * into v_proposal from public.staff_proposals where id = p_id for update;
  if not found then
    raise exception 'That proposal was not found.' using errcode = '22023';
  end if;
  perform private.check_proposal_open(v_proposal.status, v_proposal.expires_at);
  return v_proposal;
end
$$;

-- Shared by both kinds of proposal.
create function private.check_proposal_open(p_status text, p_expires_at timestamptz) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if p_status <> 'open' then
    raise exception 'This proposal was already %.', p_status using errcode = 'PT409';
  end if;
  if p_expires_at <= now() then
    raise exception 'This proposal expired on %; propose the change again.', to_char(p_expires_at, 'YYYY-MM-DD')
      using errcode = 'PT409';
  end if;
end
$$;

create function private.refuse_own_proposal(p_proposed_by uuid, p_message text) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if p_proposed_by = auth.uid() then
    raise exception '%', p_message using errcode = '42501', hint = 'four_eyes';
  end if;
end
$$;

revoke execute on function
  private.lock_open_staff_change(bigint), private.check_proposal_open(text, timestamptz),
  private.refuse_own_proposal(uuid, text)
  from public, anon, authenticated, service_role;

create function public.propose_staff_change(p_kind text, p_target text, p_payload jsonb, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_parsed jsonb;
  v_reason text;
  v_before jsonb;
  v_open public.staff_proposals;
  v_proposal public.staff_proposals;
begin
  perform private.require_role(variadic private.staff_change_roles(p_kind));
  if auth.uid() is null then
    raise exception 'Proposals are made by a signed-in admin.' using errcode = '42501';
  end if;
  v_parsed := private.staff_change_parse(p_kind, p_target, p_payload);
  v_reason := private.clean_reason(p_reason);
  v_before := private.staff_change_before(p_kind, v_parsed ->> 'target');
  if p_kind = 'unfreeze' and not (v_before ->> 'frozen')::boolean then
    raise exception 'This member''s withdrawals are not frozen.' using errcode = '22023';
  end if;
  if p_kind = 'staff_role' and v_before -> 'role' = 'null'::jsonb and v_parsed -> 'payload' -> 'role' = 'null'::jsonb then
    raise exception 'That user is not staff.' using errcode = '22023';
  end if;
  if p_kind <> 'unfreeze' and v_before @> (v_parsed -> 'payload') then
    raise exception 'Nothing to approve: this is how it is now.' using errcode = '22023';
  end if;
  update public.staff_proposals set status = 'expired', decided_at = now()
  where kind = p_kind and target = v_parsed ->> 'target' and status = 'open' and expires_at <= now();
  select * into v_open from public.staff_proposals
  where kind = p_kind and target = v_parsed ->> 'target' and status = 'open';
  if found then
    raise exception 'A change to this is already awaiting approval (proposal #%). It must be approved, rejected or withdrawn first.', v_open.id
      using errcode = 'PT409';
  end if;
  v_proposal.kind := p_kind;
  v_proposal.target := v_parsed ->> 'target';
  v_proposal.before := v_before;
  v_proposal.payload := v_parsed -> 'payload';
  v_proposal.reason := v_reason;
  v_proposal.proposed_by := auth.uid();
  -- The dry run: every rule the change would meet on approval, checked now, then rolled back.
  begin
    perform private.staff_change_apply(v_proposal);
    raise exception 'dry run' using errcode = 'LCDRY';
  exception when sqlstate 'LCDRY' then
    null;
  end;
  insert into public.staff_proposals (kind, target, before, payload, reason, proposed_by)
  values (v_proposal.kind, v_proposal.target, v_proposal.before, v_proposal.payload, v_proposal.reason, v_proposal.proposed_by)
  returning * into v_proposal;
  return to_jsonb(v_proposal);
exception
  when unique_violation then
    raise exception 'A change to this is already awaiting approval. It must be approved, rejected or withdrawn first.'
      using errcode = 'PT409';
end
$$;

create function public.approve_staff_change(p_proposal_id bigint) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_proposal public.staff_proposals;
begin
  -- Every kind is decided by finance or owner (private.staff_change_roles). Checked before the
  -- lookup, so support staff, who cannot read proposals, learn nothing of one by guessing its id.
  perform private.require_role('finance', 'owner');
  if auth.uid() is null then
    raise exception 'Proposals are approved by a signed-in admin.' using errcode = '42501';
  end if;
  v_proposal := private.lock_open_staff_change(p_proposal_id);
  perform private.require_role(variadic private.staff_change_roles(v_proposal.kind));
  perform private.refuse_own_proposal(v_proposal.proposed_by, 'You proposed this change: another admin must approve it.');
  if private.staff_change_before(v_proposal.kind, v_proposal.target) <> v_proposal.before then
    raise exception 'This changed after the proposal was made; reject it and propose again from the current state.'
      using errcode = 'PT409';
  end if;
  perform private.staff_change_apply(v_proposal);
  update public.staff_proposals set status = 'approved', decided_by = auth.uid(), decided_at = now()
  where id = v_proposal.id
  returning * into v_proposal;
  return to_jsonb(v_proposal);
end
$$;

create function public.reject_staff_change(p_proposal_id bigint, p_reason text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_proposal public.staff_proposals;
  v_reason text;
begin
  perform private.require_role('finance', 'owner');  -- before the lookup, as in approve_staff_change
  if auth.uid() is null then
    raise exception 'Proposals are rejected by a signed-in admin.' using errcode = '42501';
  end if;
  v_reason := private.clean_reason(p_reason);
  v_proposal := private.lock_open_staff_change(p_proposal_id);
  perform private.require_role(variadic private.staff_change_roles(v_proposal.kind));
  perform private.refuse_own_proposal(v_proposal.proposed_by, 'You proposed this change: retract it instead.');
  update public.staff_proposals
  set status = 'rejected', decided_by = auth.uid(), decided_at = now(), decision_note = v_reason
  where id = v_proposal.id
  returning * into v_proposal;
  return to_jsonb(v_proposal);
end
$$;

create function public.withdraw_staff_change(p_proposal_id bigint) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_proposal public.staff_proposals;
begin
  -- Only finance and owner propose, so only they can have a proposal to withdraw; checked before the
  -- lookup, as in approve_staff_change.
  perform private.require_role('finance', 'owner');
  v_proposal := private.lock_open_staff_change(p_proposal_id);
  if v_proposal.proposed_by is distinct from auth.uid() then
    raise exception 'Only the admin who proposed this change can withdraw it.' using errcode = '42501';
  end if;
  update public.staff_proposals
  set status = 'withdrawn', decided_by = auth.uid(), decided_at = now()
  where id = v_proposal.id
  returning * into v_proposal;
  return to_jsonb(v_proposal);
end
$$;

revoke execute on function
  public.propose_staff_change(text, text, jsonb, text),
  public.approve_staff_change(bigint),
  public.reject_staff_change(bigint, text),
  public.withdraw_staff_change(bigint)
from public, anon, authenticated, service_role;
grant execute on function
  public.propose_staff_change(text, text, jsonb, text),
  public.approve_staff_change(bigint),
  public.reject_staff_change(bigint, text),
  public.withdraw_staff_change(bigint)
to authenticated, service_role;

-- The old direct paths: the service role only. Staff are told where the change is made now.
create function private.require_service_role_for(p_what text) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception '% needs a second admin: propose it on the Approvals page and another admin approves it.', p_what
      using errcode = '42501', hint = 'four_eyes';
  end if;
end
$$;

revoke execute on function private.require_service_role_for(text) from public, anon, authenticated, service_role;

create function public.update_deposit_wallet(
  p_wallet_id smallint,
  p_address text,
  p_enabled boolean,
  p_reason text
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_role('finance', 'owner');
  perform private.require_service_role_for('A deposit-address change');
  return private.update_deposit_wallet(p_wallet_id, p_address, p_enabled, p_reason);
end
$$;

create function public.grant_admin(p_email text, p_role text default 'support') returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
  v_role text;
begin
  perform private.require_role('owner');
  perform private.require_service_role_for('A staff role');
  v_role := private.check_staff_role(p_role);
  v_user := private.staff_user_by_email(p_email);
  if exists (select 1 from public.admins a where a.user_id = v_user) then
    raise exception 'That account is already staff; change its role instead.' using errcode = 'PT409';
  end if;
  insert into public.admins (user_id, granted_by, role) values (v_user, auth.uid(), v_role);
end
$$;

create function public.set_staff_role(p_email text, p_role text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
  v_role text;
begin
  perform private.require_role('owner');
  perform private.require_service_role_for('A staff role');
  v_role := private.check_staff_role(p_role);
  v_user := private.staff_user_by_email(p_email);
  update public.admins set role = v_role where user_id = v_user;
  if not found then
    raise exception 'That user is not staff.' using errcode = '22023';
  end if;
end
$$;

create function public.revoke_admin(p_email text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
begin
  perform private.require_role('owner');
  perform private.require_service_role_for('A staff role');
  v_user := private.staff_user_by_email(p_email);
  delete from public.admins where user_id = v_user;
  if not found then
    raise exception 'That user is not an admin.' using errcode = '22023';
  end if;
end
$$;

revoke execute on function
  public.update_deposit_wallet(smallint, text, boolean, text),
  public.grant_admin(text, text),
  public.set_staff_role(text, text),
  public.revoke_admin(text)
from public, anon, authenticated, service_role;
grant execute on function
  public.update_deposit_wallet(smallint, text, boolean, text),
  public.grant_admin(text, text),
  public.set_staff_role(text, text),
  public.revoke_admin(text)
to authenticated, service_role;
