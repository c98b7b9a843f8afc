-- The firm's four investment plans (issue 33, docs/plans-and-referrals.md): what a client must know
-- before investing, kept here so the member's form, the staff screens and the rules read one source.
-- The public site's plan cards carry the same values (src/content/plans.ts; a test compares them).
-- Nobody writes this table directly: terms change only when an owner's proposal (kind plan_terms)
-- is approved by a second owner (20261126001600).

create table public.plans (
  slug text primary key check (slug ~ '^[a-z]{3,20}$'),
  name text not null check (char_length(name) between 1 and 40),
  description text not null check (char_length(description) between 1 and 500),
  -- The least a single subscription may be, in USD.
  minimum numeric(20, 2) not null check (minimum > 0),
  -- Redemptions are paid within this many days of the request (the notice period).
  notice_days int not null check (notice_days between 0 and 365),
  returns_text text not null check (char_length(returns_text) between 1 and 500),
  fees_text text not null check (char_length(fees_text) between 1 and 500),
  risk_text text not null check (char_length(risk_text) between 1 and 500),
  -- Switched off: existing holdings stay and can be redeemed; no new subscriptions.
  accepting boolean not null default true,
  position smallint not null unique,
  updated_at timestamptz not null default now()
);

comment on table public.plans is
  'Investment plans and their terms. Read: signed-in users and service_role (the public site carries the same terms, built in). Write: only an approved plan_terms proposal.';

alter table public.plans enable row level security;
revoke all on public.plans from public, anon, authenticated, service_role;
-- The terms are public, but the public site is static and carries them built in (src/content):
-- visitors never query the database, so anon reaches no table here either.
grant select on public.plans to authenticated, service_role;

create policy plans_select_signed_in on public.plans
  for select to authenticated
  using (true);

insert into public.plans (slug, name, description, minimum, notice_days, returns_text, fees_text, risk_text, position)
values
  ('silver', 'Silver', 'A measured first allocation to a diversified basket of leading digital assets.', 500, 5,
   'Returns are set by the firm each month from the portfolio''s results and posted to your Interest Wallet. They are not guaranteed and can be zero.',
   'No subscription or redemption fee. Network fees apply when you withdraw.',
   'Digital assets are volatile: the value of your investment can fall as well as rise, and you may get back less than you invested.', 1),
  ('gold', 'Gold', 'A broader strategy with periodic rebalancing and access to our OTC desk.', 5000, 5,
   'Returns are set by the firm each month from the portfolio''s results and posted to your Interest Wallet. They are not guaranteed and can be zero.',
   'No subscription or redemption fee. Network fees apply when you withdraw.',
   'Digital assets are volatile: the value of your investment can fall as well as rise, and you may get back less than you invested.', 2),
  ('diamond', 'Diamond', 'An actively managed mandate with a named relationship manager.', 25000, 10,
   'Returns are set by the firm each month from the mandate''s results and posted to your Interest Wallet. They are not guaranteed and can be zero.',
   'No subscription or redemption fee. Network fees apply when you withdraw.',
   'Digital assets are volatile: the value of your investment can fall as well as rise, and you may get back less than you invested.', 3),
  ('platinum', 'Platinum', 'Our most comprehensive service, combining bespoke strategy, lending and treasury advice.', 50000, 30,
   'Returns are set by the firm each month from the mandate''s results and posted to your Interest Wallet. They are not guaranteed and can be zero.',
   'No subscription or redemption fee. Network fees apply when you withdraw.',
   'Digital assets are volatile: the value of your investment can fall as well as rise, and you may get back less than you invested.', 4);

-- A plan's terms in the shape a plan_terms proposal carries (staff_change_before compares them).
create function private.plan_terms_json(p public.plans) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  return jsonb_build_object('minimum', p.minimum::text, 'notice_days', p.notice_days, 'accepting', p.accepting,
    'description', p.description, 'returns_text', p.returns_text, 'fees_text', p.fees_text, 'risk_text', p.risk_text);
end
$$;

-- A plan_terms proposal's payload, checked and in canonical form; every key is required, so the
-- approver reads the whole of what the client will be shown.
create function private.parse_plan_terms(p_payload jsonb) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_text record;
  v_notice numeric;
begin
  if not (p_payload ?& array['minimum', 'notice_days', 'accepting', 'description', 'returns_text', 'fees_text', 'risk_text']) then
    raise exception 'Give every term: minimum, notice_days, accepting, description, returns_text, fees_text and risk_text.'
      using errcode = '22023';
  end if;
  for v_text in select * from (values ('description', 'The description'), ('returns_text', 'How returns are set'),
      ('fees_text', 'The fees'), ('risk_text', 'The risk statement')) t (key, label) loop
    if jsonb_typeof(p_payload -> v_text.key) is distinct from 'string'
       or char_length(btrim(p_payload ->> v_text.key)) not between 3 and 500 then
      raise exception '% must be 3 to 500 characters.', v_text.label using errcode = '22023';
    end if;
  end loop;
  if jsonb_typeof(p_payload -> 'notice_days') is distinct from 'number' then
    raise exception 'The notice period must be a whole number of days from 0 to 365.' using errcode = '22023';
  end if;
  v_notice := (p_payload ->> 'notice_days')::numeric;
  if v_notice <> trunc(v_notice) or v_notice < 0 or v_notice > 365 then
    raise exception 'The notice period must be a whole number of days from 0 to 365.' using errcode = '22023';
  end if;
  if jsonb_typeof(p_payload -> 'accepting') is distinct from 'boolean' then
    raise exception 'Choose whether the plan accepts new investments.' using errcode = '22023';
  end if;
  if jsonb_typeof(p_payload -> 'minimum') is distinct from 'string' then
    raise exception 'The minimum must be an amount with at most 2 decimals.' using errcode = '22023';
  end if;
  return jsonb_build_object(
    'minimum', private.parse_money(p_payload ->> 'minimum', 'The minimum', true)::numeric(20, 2)::text,
    'notice_days', v_notice::int, 'accepting', p_payload -> 'accepting',
    'description', btrim(p_payload ->> 'description'), 'returns_text', btrim(p_payload ->> 'returns_text'),
    'fees_text', btrim(p_payload ->> 'fees_text'), 'risk_text', btrim(p_payload ->> 'risk_text'));
end
$$;

revoke execute on function private.plan_terms_json(public.plans), private.parse_plan_terms(jsonb)
  from public, anon, authenticated, service_role;
