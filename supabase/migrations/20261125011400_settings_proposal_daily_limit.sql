-- The settings proposal carries the small-edit daily limit (20261125011100): the payload is now
-- {small_edit_threshold, small_edit_daily_limit, address_cooling_off_hours}, all three required (a
-- limit is a string amount or null, checked as the threshold is), the state shown and compared at
-- approval includes it, and approval applies it. The three functions are 20261125001100's plus that;
-- the threshold and the limit share one check (private.setting_amount).

create or replace function private.staff_change_before(p_kind text, p_target text) returns jsonb
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
      'address_cooling_off_hours', (extract(epoch from s.address_cooling_off) / 3600)::int)
    into v_result from public.firm_settings s where s.singleton;
  elsif p_kind = 'unfreeze' then
    select jsonb_build_object('email', u.email, 'frozen', f.user_id is not null, 'frozen_at', f.frozen_at,
      'freeze_reason', f.reason)
    into v_result from auth.users u left join public.withdrawal_freezes f on f.user_id = u.id
    where u.id::text = p_target;
    if v_result is null then
      raise exception 'That member was not found.' using errcode = '22023';
    end if;
  else
    raise exception 'Kind must be deposit_address, staff_role, firm_settings or unfreeze.' using errcode = '22023';
  end if;
  return v_result;
end
$$;

-- A settings amount as the payload gives it: a string amount above 0, or JSON null for none.
create function private.setting_amount(p_value jsonb, p_label text) returns numeric
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_amount numeric;
begin
  if jsonb_typeof(p_value) = 'null' then
    return null;
  end if;
  if jsonb_typeof(p_value) <> 'string' then
    raise exception '% must be an amount with at most 2 decimals, or none.', p_label using errcode = '22023';
  end if;
  v_amount := private.parse_money(p_value #>> '{}', p_label, false);
  if v_amount <= 0 then
    raise exception '% must be more than 0, or none.', p_label using errcode = '22023';
  end if;
  return v_amount;
end
$$;

revoke execute on function private.setting_amount(jsonb, text) from public, anon, authenticated, service_role;

create or replace function private.staff_change_parse(p_kind text, p_target text, p_payload jsonb) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_payload jsonb := coalesce(p_payload, '{}');
  v_target text := btrim(coalesce(p_target, ''));
  v_hours numeric;
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
    if jsonb_typeof(v_payload -> 'address_cooling_off_hours') is distinct from 'number' then
      raise exception 'The cooling-off period must be a whole number of hours from 0 to 720.' using errcode = '22023';
    end if;
    v_hours := (v_payload ->> 'address_cooling_off_hours')::numeric;
    if v_hours <> trunc(v_hours) or v_hours < 0 or v_hours > 720 then
      raise exception 'The cooling-off period must be a whole number of hours from 0 to 720.' using errcode = '22023';
    end if;
    v_payload := jsonb_build_object('small_edit_threshold', v_threshold::numeric(20, 2)::text,
      'small_edit_daily_limit', v_daily_limit::numeric(20, 2)::text, 'address_cooling_off_hours', v_hours::int);
  elsif p_kind = 'unfreeze' then
    if v_target !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      raise exception 'That member was not found.' using errcode = '22023';
    end if;
    v_target := lower(v_target);
    v_payload := '{}';
  else
    raise exception 'Kind must be deposit_address, staff_role, firm_settings or unfreeze.' using errcode = '22023';
  end if;
  return jsonb_build_object('target', v_target, 'payload', v_payload);
end
$$;

create or replace function private.staff_change_apply(p public.staff_proposals) returns void
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
    update public.firm_settings
    set small_edit_threshold = (p.payload ->> 'small_edit_threshold')::numeric,
        small_edit_daily_limit = (p.payload ->> 'small_edit_daily_limit')::numeric,
        address_cooling_off = make_interval(hours => (p.payload ->> 'address_cooling_off_hours')::int),
        updated_at = now()
    where singleton;
  elsif p.kind = 'unfreeze' then
    delete from public.withdrawal_freezes where user_id = p.target::uuid;
    if not found then
      raise exception 'This member''s withdrawals are not frozen.' using errcode = 'PT409';
    end if;
    perform private.audit('withdrawals_unfrozen', p.target::uuid, null,
      jsonb_build_object('proposal_id', p.id), p.reason);
  end if;
end
$$;
