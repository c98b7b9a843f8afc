-- Input checks shared by the public functions. Messages are written for the person using the app
-- (the UI shows them as they are) and name the field; all raise 22023.

-- Money arrives as the text a person typed: digits, optionally '.' and 1-2 decimals, surrounding
-- spaces ignored. Refused: '', 'abc', 'NaN', 'Infinity', '1e5', '1,000', '-1', '1.234', '.5', and
-- anything above 999999999999.99 (numeric(20,2) holds more; the bound keeps totals sane).
create function private.parse_money(p_value text, p_label text, p_positive boolean) returns numeric
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_text text := btrim(coalesce(p_value, ''));
  v_amount numeric;
begin
  if v_text = '' then
    raise exception '% is required.', p_label using errcode = '22023';
  end if;
  if v_text ~ '^-[0-9]+(\.[0-9]{1,2})?$' then
    raise exception '% must not be negative.', p_label using errcode = '22023';
  end if;
  if v_text !~ '^[0-9]{1,20}(\.[0-9]{1,2})?$' then
    raise exception '% must be a number with at most 2 decimals.', p_label using errcode = '22023';
  end if;
  v_amount := v_text::numeric;
  if v_amount > 999999999999.99 then
    raise exception '% must be at most 999,999,999,999.99.', p_label using errcode = '22023';
  end if;
  if p_positive and v_amount = 0 then
    raise exception '% must be more than 0.', p_label using errcode = '22023';
  end if;
  return v_amount;
end
$$;

-- A required free-text reason: trimmed, 3 to 500 characters.
create function private.clean_reason(p_reason text) returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_reason text := btrim(coalesce(p_reason, ''));
begin
  if char_length(v_reason) < 3 or char_length(v_reason) > 500 then
    raise exception 'Reason must be 3 to 500 characters.' using errcode = '22023';
  end if;
  return v_reason;
end
$$;

-- An optional review note: trimmed, empty means none, at most 500 characters.
create function private.clean_note(p_note text) returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_note text := nullif(btrim(coalesce(p_note, '')), '');
begin
  if char_length(v_note) > 500 then
    raise exception 'Note must be at most 500 characters.' using errcode = '22023';
  end if;
  return v_note;
end
$$;

-- API shapes: money as text so no client rounds it through a float.
create function private.profile_json(p public.profiles) returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p.id, 'username', p.username, 'email', p.email,
    'interest_wallet', p.interest_wallet::text, 'deposit_wallet', p.deposit_wallet::text,
    'total_invest', p.total_invest::text, 'total_deposit', p.total_deposit::text,
    'total_withdraw', p.total_withdraw::text, 'referral', p.referral::text,
    'version', p.version, 'xrp_destination_tag', p.xrp_destination_tag,
    'created_at', p.created_at, 'updated_at', p.updated_at)
$$;

revoke execute on function private.parse_money(text, text, boolean), private.clean_reason(text),
  private.clean_note(text),
  private.profile_json(public.profiles) from public, anon, authenticated, service_role;
