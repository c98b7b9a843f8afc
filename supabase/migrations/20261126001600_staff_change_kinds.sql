-- What each kind of staff proposal means (issues 22, 23 and 30, docs/four-eyes.md). The table and the
-- propose/approve/reject/withdraw functions are the same for every kind (20261125001100); these
-- functions are the only place that knows the kinds:
--   kind             target           payload                                          who
--   deposit_address  wallet id        {address, enabled}                               finance, owner
--   staff_role       staff user id    {role}; role null = revoke (named by e-mail)     owner
--   firm_settings    'firm'           {small_edit_threshold, small_edit_daily_limit,   owner
--                                      address_cooling_off_hours, security_hold_hours,
--                                      referral_bonus_percent}
--   unfreeze         member id        {}                                               finance, owner
--   plan_terms       plan slug        {minimum, notice_days, accepting, description,   owner
--                                      returns_text, fees_text, risk_text}
--   returns_run      'gold:2026-11'   the preview approved: {rate_percent, lines, ...}  finance, owner
-- Money itself (corrections, deposit credits) is not a staff proposal: it is a pending transfer of
-- the money engine, posted by a second person (20261127000200). A returns run is the exception: one
-- approval covers every member's return, posted as transfers when it is approved (20261127000800).

create function private.staff_change_roles(p_kind text) returns text[]
language sql
immutable
set search_path = ''
as $$
  select case p_kind
    when 'deposit_address' then array['finance', 'owner']
    when 'unfreeze' then array['finance', 'owner']
    when 'returns_run' then array['finance', 'owner']
    else array['owner'] end
$$;

-- The member whose money or account a proposal touches (null: none, e.g. a wallet or the settings).
create function private.staff_change_member(p_kind text, p_target text) returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_kind in ('staff_role', 'unfreeze') then
    return p_target::uuid;
  end if;
  return null;
end
$$;

-- The current state of what a proposal changes: stored at proposal time, compared at approval.
create function private.staff_change_before(p_kind text, p_target text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  if p_kind = 'deposit_address' then
    select jsonb_build_object('wallet_name', w.wallet_name, 'asset', w.asset, 'network', w.network,
      'address', w.address, 'enabled', w.enabled)
    into v_result from public.deposit_wallets w where w.id::text = p_target;
    if v_result is null then
      raise exception 'Unknown wallet.' using errcode = '22023';
    end if;
  elsif p_kind = 'staff_role' then
    select jsonb_build_object('email', u.email, 'role', a.role)
    into v_result from auth.users u left join public.admins a on a.user_id = u.id where u.id::text = p_target;
    if v_result is null then
      raise exception 'No account uses that e-mail address.' using errcode = '22023';
    end if;
  elsif p_kind = 'firm_settings' then
    select jsonb_build_object('small_edit_threshold', s.small_edit_threshold::text,
      'small_edit_daily_limit', s.small_edit_daily_limit::text,
      'address_cooling_off_hours', (extract(epoch from s.address_cooling_off) / 3600)::int,
      'security_hold_hours', (extract(epoch from s.security_hold) / 3600)::int,
      'referral_bonus_percent', trim_scale(s.referral_bonus_rate * 100)::text)
    into v_result from public.firm_settings s where s.singleton;
  elsif p_kind = 'plan_terms' then
    select private.plan_terms_json(pl) into v_result from public.plans pl where pl.slug = p_target;
    if v_result is null then
      raise exception 'Unknown plan.' using errcode = '22023';
    end if;
  elsif p_kind = 'returns_run' then
    -- What the approval must still find: no returns posted yet for this plan and month.
    v_result := jsonb_build_object('posted', exists (select 1 from public.transfers t
      where t.business_id like 'return:' || p_target || ':%' and t.phase = 'posted'));
  elsif p_kind = 'unfreeze' then
    select jsonb_build_object('email', u.email, 'frozen', f.user_id is not null, 'frozen_at', f.frozen_at,
      'freeze_reason', f.reason)
    into v_result from auth.users u
      left join public.withdrawal_freezes f on f.user_id = u.id and f.lifted_at is null
    where u.id::text = p_target;
    if v_result is null then
      raise exception 'That member was not found.' using errcode = '22023';
    end if;
  else
    raise exception 'Kind must be deposit_address, staff_role, firm_settings, unfreeze, plan_terms or returns_run.' using errcode = '22023';
  end if;
  return v_result;
end
$$;

-- A whole number of hours from 0 to 720 (30 days), as the settings payload gives it.
create function private.setting_hours(p_value jsonb, p_label text) returns int
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_hours numeric;
begin
  if jsonb_typeof(p_value) is distinct from 'number' then
    raise exception '% must be a whole number of hours from 0 to 720.', p_label using errcode = '22023';
  end if;
  v_hours := (p_value #>> '{}')::numeric;
  if v_hours <> trunc(v_hours) or v_hours < 0 or v_hours > 720 then
    raise exception '% must be a whole number of hours from 0 to 720.', p_label using errcode = '22023';
  end if;
  return v_hours::int;
end
$$;

-- A percentage from 0 to p_max with at most 2 decimals, given as a string ("5", "2.5").
create function private.setting_percent(p_value jsonb, p_label text, p_max numeric) returns numeric
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_text text := case when jsonb_typeof(p_value) in ('string', 'number') then btrim(p_value #>> '{}') end;
begin
  if v_text is null or v_text !~ '^[0-9]{1,3}(\.[0-9]{1,2})?$' or v_text::numeric > p_max then
    raise exception '% must be a percentage from 0 to % with at most 2 decimals.', p_label, p_max using errcode = '22023';
  end if;
  return v_text::numeric;
end
$$;

-- A request's kind, target and payload checked and put in canonical form: {target, payload}.
create function private.staff_change_parse(p_kind text, p_target text, p_payload jsonb) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_payload jsonb := coalesce(p_payload, '{}');
  v_target text := btrim(coalesce(p_target, ''));
  v_threshold numeric;
  v_daily_limit numeric;
begin
  if jsonb_typeof(v_payload) <> 'object' then
    raise exception 'The change must be a JSON object.' using errcode = '22023';
  end if;
  if p_kind = 'deposit_address' then
    if v_target !~ '^[1-7]$' then
      raise exception 'Unknown wallet.' using errcode = '22023';
    end if;
    if jsonb_typeof(v_payload -> 'address') is distinct from 'string' or btrim(v_payload ->> 'address') = '' then
      raise exception 'Address is required.' using errcode = '22023';
    end if;
    if jsonb_typeof(v_payload -> 'enabled') is distinct from 'boolean' then
      raise exception 'Choose whether the wallet is shown to members.' using errcode = '22023';
    end if;
    v_payload := jsonb_build_object('address', btrim(v_payload ->> 'address'), 'enabled', v_payload -> 'enabled');
  elsif p_kind = 'staff_role' then
    -- The person is named by e-mail (what staff know); the target is their user id.
    v_target := private.staff_user_by_email(v_payload ->> 'email')::text;
    if jsonb_typeof(v_payload -> 'role') is distinct from 'null' then
      perform private.check_staff_role(v_payload ->> 'role');
    end if;
    v_payload := jsonb_build_object('role', v_payload -> 'role');
  elsif p_kind = 'firm_settings' then
    v_target := 'firm';
    if not (v_payload ? 'small_edit_threshold' and v_payload ? 'small_edit_daily_limit'
            and v_payload ? 'address_cooling_off_hours') then
      raise exception 'Give all three settings: small_edit_threshold (or null), small_edit_daily_limit (or null) and address_cooling_off_hours.'
        using errcode = '22023';
    end if;
    v_threshold := private.setting_amount(v_payload -> 'small_edit_threshold', 'The small-edit threshold');
    v_daily_limit := private.setting_amount(v_payload -> 'small_edit_daily_limit', 'The small-edit daily limit');
    -- The security hold may be left out: it then stays as it is.
    v_payload := jsonb_build_object('small_edit_threshold', v_threshold::numeric(20, 2)::text,
      'small_edit_daily_limit', v_daily_limit::numeric(20, 2)::text,
      'address_cooling_off_hours', private.setting_hours(v_payload -> 'address_cooling_off_hours', 'The cooling-off period'),
      'security_hold_hours', case when v_payload ? 'security_hold_hours'
        then private.setting_hours(v_payload -> 'security_hold_hours', 'The security hold')
        else (select (extract(epoch from s.security_hold) / 3600)::int from public.firm_settings s where s.singleton) end,
      'referral_bonus_percent', case when v_payload ? 'referral_bonus_percent'
        then trim_scale(private.setting_percent(v_payload -> 'referral_bonus_percent', 'The referral bonus', 20))::text
        else (select trim_scale(s.referral_bonus_rate * 100)::text from public.firm_settings s where s.singleton) end);
  elsif p_kind = 'plan_terms' then
    v_target := lower(v_target);
    if not exists (select 1 from public.plans pl where pl.slug = v_target) then
      raise exception 'Unknown plan.' using errcode = '22023';
    end if;
    v_payload := private.parse_plan_terms(v_payload);
  elsif p_kind = 'returns_run' then
    -- The run approved is the preview the proposer saw, computed here once.
    v_payload := private.returns_run_preview(split_part(v_target, ':', 1), split_part(v_target, ':', 2),
      v_payload -> 'rate_percent', v_payload -> 'amounts');
    v_target := (v_payload ->> 'plan') || ':' || (v_payload ->> 'period');
  elsif p_kind = 'unfreeze' then
    if v_target !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      raise exception 'That member was not found.' using errcode = '22023';
    end if;
    v_target := lower(v_target);
    v_payload := '{}';
  else
    raise exception 'Kind must be deposit_address, staff_role, firm_settings, unfreeze, plan_terms or returns_run.' using errcode = '22023';
  end if;
  return jsonb_build_object('target', v_target, 'payload', v_payload);
end
$$;

-- Applies a proposal as the caller. Also run as a dry run when proposing (inside a block that is
-- rolled back), so a proposal that could never be applied is refused at once, by the same code.
create function private.staff_change_apply(p public.staff_proposals) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p.kind = 'deposit_address' then
    perform private.update_deposit_wallet(p.target::smallint, p.payload ->> 'address',
      (p.payload ->> 'enabled')::boolean, p.reason);
  elsif p.kind = 'staff_role' then
    if p.target = auth.uid()::text then
      raise exception 'You cannot change your own role. Ask another owner.' using errcode = '42501', hint = 'four_eyes';
    end if;
    if p.payload ->> 'role' is null then
      delete from public.admins where user_id = p.target::uuid;
      if not found then
        raise exception 'That user is not staff.' using errcode = '22023';
      end if;
    elsif p.before ->> 'role' is null then
      insert into public.admins (user_id, granted_by, role) values (p.target::uuid, p.proposed_by, p.payload ->> 'role');
    else
      update public.admins set role = p.payload ->> 'role' where user_id = p.target::uuid;
    end if;
  elsif p.kind = 'firm_settings' then
    perform set_config('lc.change_reason', p.reason, true);
    perform set_config('lc.proposal_id', coalesce(p.id::text, ''), true);
    update public.firm_settings
    set small_edit_threshold = (p.payload ->> 'small_edit_threshold')::numeric,
        small_edit_daily_limit = (p.payload ->> 'small_edit_daily_limit')::numeric,
        address_cooling_off = make_interval(hours => (p.payload ->> 'address_cooling_off_hours')::int),
        security_hold = make_interval(hours => (p.payload ->> 'security_hold_hours')::int),
        referral_bonus_rate = (p.payload ->> 'referral_bonus_percent')::numeric / 100,
        updated_at = now()
    where singleton;
  elsif p.kind = 'plan_terms' then
    perform set_config('lc.change_reason', p.reason, true);
    perform set_config('lc.proposal_id', coalesce(p.id::text, ''), true);
    update public.plans
    set minimum = (p.payload ->> 'minimum')::numeric, notice_days = (p.payload ->> 'notice_days')::int,
        accepting = (p.payload ->> 'accepting')::boolean, description = p.payload ->> 'description',
        returns_text = p.payload ->> 'returns_text', fees_text = p.payload ->> 'fees_text',
        risk_text = p.payload ->> 'risk_text', updated_at = now()
    where slug = p.target;
  elsif p.kind = 'returns_run' then
    perform private.post_returns_run(p);
  elsif p.kind = 'unfreeze' then
    -- The lift's audit event (withdrawals_unfrozen) is the table's trigger; it reads these two.
    perform set_config('lc.change_reason', p.reason, true);
    perform set_config('lc.proposal_id', coalesce(p.id::text, ''), true);
    update public.withdrawal_freezes set lifted_at = now(), lifted_by = auth.uid()
    where user_id = p.target::uuid and lifted_at is null;
    if not found then
      raise exception 'This member''s withdrawals are not frozen.' using errcode = 'PT409';
    end if;
  end if;
end
$$;

-- Every outcome in the audit log (staff_proposal_open, ..._approved, ...), under the member it touches.
create function private.audit_staff_proposal() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.status is not distinct from old.status then
    return null;
  end if;
  perform private.audit('staff_proposal_' || new.status,
    private.staff_change_member(new.kind, new.target),
    case when tg_op = 'INSERT' then new.before end,
    jsonb_build_object('proposal_id', new.id, 'change', new.kind, 'target', new.target, 'payload', new.payload,
      'proposed_by', new.proposed_by, 'decided_by', new.decided_by),
    coalesce(new.decision_note, new.reason));
  return null;
end
$$;

create trigger staff_proposals_audit after insert or update on public.staff_proposals
  for each row execute function private.audit_staff_proposal();

-- Staff never act on their own money (20261126001100): nobody proposes or decides an unfreeze of
-- their own account.
create function private.guard_own_staff_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_member uuid;
begin
  if new.kind = 'unfreeze' then
    v_member := private.staff_change_member(new.kind, new.target);
    perform private.refuse_own_money(v_member, new.proposed_by);
    if new.status in ('approved', 'rejected') then
      perform private.refuse_own_money(v_member, new.decided_by);
    end if;
  end if;
  return new;
end
$$;

create trigger staff_proposals_own_money before insert or update on public.staff_proposals
  for each row execute function private.guard_own_staff_change();

revoke execute on function private.staff_change_roles(text), private.staff_change_member(text, text),
  private.staff_change_before(text, text), private.setting_hours(jsonb, text),
  private.setting_percent(jsonb, text, numeric),
  private.staff_change_parse(text, text, jsonb), private.staff_change_apply(public.staff_proposals),
  private.audit_staff_proposal(), private.guard_own_staff_change()
  from public, anon, authenticated, service_role;

-- The firm's settings are money rules (thresholds, limits, waiting periods): every change is in the
-- audit log from the table, with the approved proposal's id and reason.
create function private.audit_firm_settings() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.audit('firm_settings_changed', null,
    to_jsonb(old) - 'singleton' - 'updated_at',
    (to_jsonb(new) - 'singleton' - 'updated_at')
      || jsonb_build_object('proposal_id', nullif(current_setting('lc.proposal_id', true), '')::bigint),
    nullif(btrim(coalesce(current_setting('lc.change_reason', true), '')), ''));
  return null;
end
$$;

revoke execute on function private.audit_firm_settings() from public, anon, authenticated, service_role;

create trigger firm_settings_audit after update on public.firm_settings
  for each row execute function private.audit_firm_settings();

-- A plan's terms are what clients are told before investing: every change is in the audit log, with
-- the approved proposal's id and reason, as for the firm's settings.
create function private.audit_plan_terms() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.audit('plan_terms_changed', null,
    private.plan_terms_json(old) || jsonb_build_object('plan', old.slug),
    private.plan_terms_json(new) || jsonb_build_object('plan', new.slug,
      'proposal_id', nullif(current_setting('lc.proposal_id', true), '')::bigint),
    nullif(btrim(coalesce(current_setting('lc.change_reason', true), '')), ''));
  return null;
end
$$;

revoke execute on function private.audit_plan_terms() from public, anon, authenticated, service_role;

create trigger plans_audit after update on public.plans
  for each row execute function private.audit_plan_terms();
