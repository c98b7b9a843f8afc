-- The settings proposal carries the small-edit daily limit (20261125011100): a limit is a string
-- amount or null, checked as the threshold is, by one check (private.setting_amount). The settings
-- proposal's dispatch (payload, state compared, apply) is in 20261126001600.

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
