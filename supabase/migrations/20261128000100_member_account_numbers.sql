-- Every member's account number (issue 34): what a statement, a letter or a support call names the
-- account by, instead of an e-mail address (which can change) or an internal id. "LC" and eight
-- digits, from a sequence, given once and never changed.

create sequence private.account_number_seq as bigint
  start with 10000001 minvalue 10000001 maxvalue 99999999 no cycle;

-- A column added with a volatile default is filled row by row: existing members get numbers too.
alter table public.profiles
  add column account_number text not null unique
    default 'LC' || nextval('private.account_number_seq')::text
    check (account_number ~ '^LC[0-9]{8}$');

comment on column public.profiles.account_number is
  'The member''s account number ("LC" and eight digits), printed on statements; given at sign-up, never changed.';

-- service_role may create a profile directly (admin scripts), which draws from the sequence.
grant usage on sequence private.account_number_seq to service_role;

create function private.account_number_fixed() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.account_number is distinct from old.account_number then
    raise exception 'An account number is given once and never changes.' using errcode = '42501';
  end if;
  return new;
end
$$;

revoke execute on function private.account_number_fixed() from public, anon, authenticated, service_role;

create trigger profiles_account_number_fixed
  before update of account_number on public.profiles
  for each row execute function private.account_number_fixed();
