-- profiles: one row per auth.users row (spec §3 "User"), created by the sign-up trigger below.
-- Balances are numeric(20,2) USD and change only through the money engine (private.record_transfer, the next
-- migration); a guard trigger refuses any other balance write, even by service_role.

create sequence private.xrp_destination_tag_seq as bigint start with 100000 minvalue 100000 maxvalue 4294967295 no cycle;

-- Eight characters from an alphabet without look-alikes (no I, O, 0, 1): read aloud or typed from
-- paper without mistakes; 32^8 codes, so guessing one is hopeless.
create function private.new_referral_code() returns text
language sql
volatile
set search_path = ''
as $$
  select string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 1 + (get_byte(b, i) % 32), 1), '' order by i)
  from extensions.gen_random_bytes(8) b, generate_series(0, 7) i
$$;

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  username text not null check (char_length(username) between 1 and 40),
  email text not null default '' check (char_length(email) <= 255),
  interest_wallet numeric(20, 2) not null default 0 check (interest_wallet >= 0),
  deposit_wallet numeric(20, 2) not null default 0 check (deposit_wallet >= 0),
  total_invest numeric(20, 2) not null default 0 check (total_invest >= 0),
  total_deposit numeric(20, 2) not null default 0 check (total_deposit >= 0),
  total_withdraw numeric(20, 2) not null default 0 check (total_withdraw >= 0),
  referral numeric(20, 2) not null default 0 check (referral >= 0),
  -- Optimistic concurrency: bumped on every balance change; an admin save carries the version it saw.
  version bigint not null default 1,
  -- XRP deposits to the shared Ripple address are told apart by this tag (0..4294967295 on the ledger).
  xrp_destination_tag bigint not null unique default nextval('private.xrp_destination_tag_seq')
    check (xrp_destination_tag between 0 and 4294967295),
  -- The member's referral link is /register?ref=<referral_code> (a code, not the member's id).
  referral_code text not null unique default private.new_referral_code()
    check (referral_code ~ '^[A-HJ-NP-Z2-9]{8}$'),
  -- Who referred this member, fixed at sign-up: never changed afterwards, never the member.
  referred_by uuid references public.profiles (id) on delete set null check (referred_by <> id),
  -- The language of the member's mails and statements (and, later, portal): the page language they
  -- signed up or last signed in on, kept in step with auth metadata `locale` by the triggers below.
  locale text not null default 'en' check (locale in ('en', 'zh-hant', 'ar')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.profiles is
  'One per auth user. Read: the member (own row), admins (all). Write: the sign-up trigger creates it; balances only through ledger functions; members have no update privilege; service_role full (balances still only via the ledger).';

-- The admin list sorts and searches by these; lower() matches the ilike search's case folding.
create index profiles_username_lower_idx on public.profiles (lower(username));
create index profiles_email_lower_idx on public.profiles (lower(email));
create index profiles_created_at_idx on public.profiles (created_at);
create index profiles_referred_by_idx on public.profiles (referred_by) where referred_by is not null;

alter table public.profiles enable row level security;

revoke all on public.profiles from public, anon, authenticated;
grant select on public.profiles to authenticated;
grant select, insert, update, delete on public.profiles to service_role;

-- Guard: balances start at zero and move only when the ledger writer has set lc.ledger_write for
-- this transaction, so "balance = sum of ledger deltas" holds for every writer. Version and
-- updated_at are maintained here rather than trusted from the statement.
create function private.profiles_guard() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_balances_changed boolean;
begin
  if tg_op = 'INSERT' then
    if new.interest_wallet <> 0 or new.deposit_wallet <> 0 or new.total_invest <> 0
       or new.total_deposit <> 0 or new.total_withdraw <> 0 or new.referral <> 0 then
      raise exception 'A new profile starts with zero balances; credit it through the ledger.'
        using errcode = '42501';
    end if;
    new.version := 1;
    return new;
  end if;

  if new.id is distinct from old.id then
    raise exception 'A profile''s id cannot change.' using errcode = '42501';
  end if;
  -- The referrer is recorded once, at sign-up (a deleted referrer's account clears it).
  if new.referral_code is distinct from old.referral_code
     or (new.referred_by is distinct from old.referred_by and new.referred_by is not null) then
    raise exception 'A referral code and the referrer are fixed at sign-up.' using errcode = '42501';
  end if;
  v_balances_changed := (new.interest_wallet, new.deposit_wallet, new.total_invest, new.total_deposit,
                         new.total_withdraw, new.referral)
                        is distinct from
                        (old.interest_wallet, old.deposit_wallet, old.total_invest, old.total_deposit,
                         old.total_withdraw, old.referral);
  if v_balances_changed and coalesce(current_setting('lc.ledger_write', true), '') <> 'on' then
    raise exception 'Balances change only through the ledger.' using errcode = '42501';
  end if;
  new.version := old.version + case when v_balances_changed then 1 else 0 end;
  new.updated_at := now();
  return new;
end
$$;

create trigger profiles_guard
  before insert or update on public.profiles
  for each row execute function private.profiles_guard();

-- Sign-up: never fail for odd metadata. Username: metadata username, control characters removed,
-- whitespace collapsed and trimmed, at most 40 characters; else the e-mail's local part; else 'member'.
-- A referral code in the metadata (referral_code, from /register?ref=CODE) records the referrer when
-- it names an existing member; anything else is ignored (the sign-up itself never fails on it).
create function private.clean_username(p_raw text, p_email text) returns text
language sql
immutable
set search_path = ''
as $$
  select coalesce(
    nullif(left(btrim(regexp_replace(regexp_replace(coalesce(p_raw, ''), '[[:cntrl:]]', '', 'g'), '\s+', ' ', 'g')), 40), ''),
    nullif(left(btrim(regexp_replace(split_part(coalesce(p_email, ''), '@', 1), '[[:cntrl:][:space:]]', '', 'g')), 40), ''),
    'member'
  )
$$;

-- The language named by auth metadata `locale` (the member writes their own metadata, so only the
-- three the product speaks count; anything else is English).
create function private.locale_of(p_meta jsonb) returns text
language sql
immutable
set search_path = ''
as $$
  select case when jsonb_typeof(p_meta) = 'object' and p_meta ->> 'locale' in ('en', 'zh-hant', 'ar')
              then p_meta ->> 'locale' else 'en' end
$$;

create function private.handle_new_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_meta jsonb := case when jsonb_typeof(new.raw_user_meta_data) = 'object' then new.raw_user_meta_data else '{}'::jsonb end;
  v_raw text;
  v_referrer uuid;
begin
  -- A non-string username (number, object) is ignored rather than cast.
  v_raw := case when jsonb_typeof(v_meta -> 'username') = 'string' then v_meta ->> 'username' end;
  if jsonb_typeof(v_meta -> 'referral_code') = 'string' then
    select p.id into v_referrer from public.profiles p
    where p.referral_code = upper(btrim(v_meta ->> 'referral_code')) and p.id <> new.id;
  end if;
  insert into public.profiles (id, username, email, referred_by, locale)
  values (new.id, private.clean_username(v_raw, new.email), left(coalesce(new.email, ''), 255), v_referrer,
          private.locale_of(v_meta));
  return new;
end
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

-- Keep the profile's copy of the e-mail in step when a member changes it.
create function private.handle_user_email_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set email = left(coalesce(new.email, ''), 255) where id = new.id;
  return new;
end
$$;

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row when (new.email is distinct from old.email)
  execute function private.handle_user_email_change();

-- Keep the profile's language in step when the member's metadata names another (supabase-js
-- updateUser({ data: { locale } }), as the sign-in page does): mails and statements read the profile.
create function private.handle_user_language_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set locale = private.locale_of(new.raw_user_meta_data)
  where id = new.id and locale is distinct from private.locale_of(new.raw_user_meta_data);
  return new;
end
$$;

create trigger on_auth_user_language_changed
  after update of raw_user_meta_data on auth.users
  for each row when (new.raw_user_meta_data -> 'locale' is distinct from old.raw_user_meta_data -> 'locale')
  execute function private.handle_user_language_change();

-- The code is the column's default, so whoever may insert a profile (the service role, and the
-- sign-up trigger as the owner) may draw one.
revoke execute on function private.new_referral_code() from public, anon, authenticated, service_role;
grant execute on function private.new_referral_code() to service_role;
revoke execute on function private.profiles_guard(), private.clean_username(text, text),
  private.handle_new_user(), private.handle_user_email_change(), private.locale_of(jsonb),
  private.handle_user_language_change() from public, anon, authenticated, service_role;

create policy profiles_select_own_or_admin on public.profiles
  for select to authenticated
  using (id = (select auth.uid()) or (select private.is_admin()));
-- No insert/update/delete policies for authenticated: those privileges are not granted either.

-- The caller is signed in and has a profile, at any assurance level; returns the caller's id. The
-- freeze and the freeze page's status use it alone (the owner must reach them before any code,
-- issue 30); every other member function goes through private.require_member.
create function private.require_account_holder() returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception 'Please sign in first.' using errcode = '42501';
  end if;
  if not exists (select 1 from public.profiles p where p.id = v_uid) then
    raise exception 'Your profile was not found. Please sign in again.' using errcode = '42501';
  end if;
  return v_uid;
end
$$;

-- Member functions call this first; returns the caller's id (20261125004100 adds the second-factor
-- rule).
create function private.require_member() returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_account_holder();
begin
  perform private.require_member_aal();
  return v_uid;
end
$$;

revoke execute on function private.require_account_holder(), private.require_member()
  from public, anon, authenticated, service_role;
grant execute on function private.require_account_holder(), private.require_member() to authenticated, service_role;
