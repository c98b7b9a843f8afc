-- Returns runs (issue 33, docs/plans-and-referrals.md): the firm posts a plan's returns for a month as
-- one run. Finance previews it (a rate for the month applied to each member's principal in the plan,
-- or an amount per member), proposes it as a staff proposal of kind returns_run whose payload is that
-- preview, and a second finance admin or owner approves it (20261126001600 dispatches the kind). The
-- approval posts one transfer of kind return per member: "Returns, Gold plan, November 2026", from the
-- firm's returns_paid account into the member's Interest Wallet. Its business id names the plan, the
-- month and the member, so a plan's month is paid at most once, however often it is proposed.

-- 'YYYY-MM' (2020-01 or later) as the month's first day; the words of the refusal are the member's
-- and staff's. Returns runs and monthly statements (20261128000200) read months through it.
create function private.parse_month(p_month text) returns date
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_text text := btrim(coalesce(p_month, ''));
  v_month date;
begin
  if v_text !~ '^[0-9]{4}-(0[1-9]|1[0-2])$' then
    raise exception 'The month must be given as YYYY-MM, for example 2026-11.' using errcode = '22023';
  end if;
  v_month := to_date(v_text || '-01', 'YYYY-MM-DD');
  if v_month < date '2020-01-01' then
    raise exception 'The month must be 2020-01 or later.' using errcode = '22023';
  end if;
  return v_month;
end
$$;

-- 'YYYY-MM' of a month that has begun, as its first day.
create function private.parse_period(p_period text) returns date
language plpgsql
stable
set search_path = ''
as $$
declare
  v_month date := private.parse_month(p_period);
begin
  if v_month > date_trunc('month', now() at time zone 'UTC')::date then
    raise exception 'Returns are posted for a month that has begun: % has not.', to_char(v_month, 'FMMonth YYYY')
      using errcode = '22023';
  end if;
  return v_month;
end
$$;

-- The run as it would be posted: p_rate_percent (the month's rate, a string such as "1.25") applied
-- to each holder's principal, or p_amounts ({member id: "12.50"}) for chosen members. Exactly one.
create function private.returns_run_preview(p_plan text, p_period text, p_rate_percent jsonb, p_amounts jsonb)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_plan public.plans;
  v_month date := private.parse_period(p_period);
  v_rate numeric;
  v_rate_text text;
  v_lines jsonb;
  v_key text;
  v_target text;
  v_stranger text;
begin
  select * into v_plan from public.plans pl where pl.slug = lower(btrim(coalesce(p_plan, '')));
  if not found then
    raise exception 'Choose one of the plans: Silver, Gold, Diamond or Platinum.' using errcode = '22023';
  end if;
  v_target := v_plan.slug || ':' || to_char(v_month, 'YYYY-MM');
  if exists (select 1 from public.transfers t where t.business_id like 'return:' || v_target || ':%' and t.phase = 'posted') then
    raise exception 'Returns for the % plan, % were already posted.', v_plan.name, to_char(v_month, 'FMMonth YYYY')
      using errcode = 'PT409', hint = 'already_recorded';
  end if;
  if coalesce(jsonb_typeof(p_rate_percent) in ('string', 'number'), false) = coalesce(jsonb_typeof(p_amounts) = 'object', false) then
    raise exception 'Give either the month''s rate for everyone or an amount per member.' using errcode = '22023';
  end if;

  if jsonb_typeof(p_amounts) = 'object' then
    for v_key in select jsonb_object_keys(p_amounts) loop
      if v_key !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        raise exception 'Amounts are given per member id.' using errcode = '22023';
      end if;
      if jsonb_typeof(p_amounts -> v_key) is distinct from 'string' then
        raise exception 'Each member''s amount must be a string such as "12.50".' using errcode = '22023';
      end if;
      perform private.parse_money(p_amounts ->> v_key, 'Each member''s amount', true);
    end loop;
  else
    v_rate_text := btrim(p_rate_percent #>> '{}');
    if v_rate_text !~ '^[0-9]{1,3}(\.[0-9]{1,4})?$' or v_rate_text::numeric <= 0 or v_rate_text::numeric > 100 then
      raise exception 'The month''s rate must be a percentage above 0 and at most 100, with at most 4 decimals.'
        using errcode = '22023';
    end if;
    v_rate := v_rate_text::numeric;
  end if;

  with holders as (
    select e.user_id, sum(e.delta) as principal
    from public.ledger_entries e
    where e.plan = v_plan.slug and e.account = 'total_invest'
    group by e.user_id
    having sum(e.delta) > 0
  ), lines as (
    select h.user_id, h.principal,
      case when v_rate is not null then round(h.principal * v_rate / 100, 2)
           else (p_amounts ->> h.user_id::text)::numeric end as amount
    from holders h
    where v_rate is not null or p_amounts ? h.user_id::text
  )
  select jsonb_agg(jsonb_build_object('user_id', l.user_id, 'email', p.email, 'username', p.username,
      'principal', l.principal::numeric(20, 2)::text, 'amount', l.amount::numeric(20, 2)::text) order by p.email, l.user_id)
  into v_lines
  from lines l join public.profiles p on p.id = l.user_id
  where l.amount > 0;

  if jsonb_typeof(p_amounts) = 'object' then
    select k into v_stranger from jsonb_object_keys(p_amounts) k
    where not exists (select 1 from jsonb_array_elements(coalesce(v_lines, '[]')) e where e ->> 'user_id' = lower(k))
    limit 1;
    if v_stranger is not null then
      raise exception 'Member % holds nothing in the % plan: returns go only to its holders.', v_stranger, v_plan.name
        using errcode = '22023';
    end if;
  end if;
  if v_lines is null then
    raise exception 'Nobody holds the % plan at a principal that earns a return at this rate: there is nothing to post.', v_plan.name
      using errcode = '22023';
  end if;

  return jsonb_build_object('plan', v_plan.slug, 'plan_name', v_plan.name, 'period', to_char(v_month, 'YYYY-MM'),
    'period_label', to_char(v_month, 'FMMonth YYYY'), 'rate_percent', v_rate_text,
    'members', jsonb_array_length(v_lines),
    'total_principal', (select sum((e ->> 'principal')::numeric) from jsonb_array_elements(v_lines) e)::numeric(20, 2)::text,
    'total_amount', (select sum((e ->> 'amount')::numeric) from jsonb_array_elements(v_lines) e)::numeric(20, 2)::text,
    'lines', v_lines);
end
$$;

-- Staff see the run before proposing it; the proposal stores exactly this.
create function public.preview_returns_run(p_plan text, p_period text, p_rate_percent text default null,
  p_amounts jsonb default null) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_role('finance', 'auditor', 'owner');
  return private.returns_run_preview(p_plan, p_period, to_jsonb(p_rate_percent), p_amounts);
end
$$;

-- The approval of a returns run (staff_change_apply): one transfer per line, in one transaction. When
-- proposing (the dry run, no id yet) it only checks that no line pays the proposer.
create function private.post_returns_run(p public.staff_proposals) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_line jsonb;
  v_text text := format('Returns, %s plan, %s', p.payload ->> 'plan_name', p.payload ->> 'period_label');
begin
  for v_line in select e from jsonb_array_elements(p.payload -> 'lines') e loop
    perform private.refuse_own_money((v_line ->> 'user_id')::uuid, p.proposed_by);
    perform private.refuse_own_money((v_line ->> 'user_id')::uuid, auth.uid());
    continue when p.id is null;
    perform private.record_transfer(
      'return:' || p.target || ':' || (v_line ->> 'user_id'), 'return',
      private.firm_account('returns_paid'), private.member_account((v_line ->> 'user_id')::uuid, 'interest_wallet'),
      (v_line ->> 'amount')::numeric, (v_line ->> 'user_id')::uuid, v_text,
      format('Returns run, proposal #%s', p.id), false,
      jsonb_build_object('plan', p.payload ->> 'plan', 'proposed_by', p.proposed_by, 'source', 'staff_proposal',
        'source_id', p.id));
  end loop;
end
$$;

revoke execute on function private.parse_month(text), private.parse_period(text), private.returns_run_preview(text, text, jsonb, jsonb),
  private.post_returns_run(public.staff_proposals)
  from public, anon, authenticated, service_role;
revoke execute on function public.preview_returns_run(text, text, text, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.preview_returns_run(text, text, text, jsonb) to authenticated, service_role;
