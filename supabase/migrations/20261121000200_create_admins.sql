-- admins: presence of a row marks the user as an admin (spec §3 "Admin").

create table public.admins (
  user_id uuid primary key references auth.users (id) on delete cascade,
  granted_by uuid references auth.users (id) on delete set null,
  granted_at timestamptz not null default now()
);

comment on table public.admins is
  'A row marks its user as admin. Read: the user (own row), admins (all). Write: grant_admin/revoke_admin (admins), service_role.';

create index admins_granted_by_idx on public.admins (granted_by);

alter table public.admins enable row level security;

revoke all on public.admins from public, anon, authenticated;
grant select on public.admins to authenticated;
grant select, insert, update, delete on public.admins to service_role;

-- The caller's assurance level from the verified JWT; '' when there is none (service role, anon).
create function private.current_aal() returns text
language sql
stable
set search_path = ''
as $$
  select coalesce((select auth.jwt()) ->> 'aal', '')
$$;

revoke execute on function private.current_aal() from public, anon, authenticated, service_role;
grant execute on function private.current_aal() to authenticated, service_role;

-- The caller has an admins row (at any assurance level).
create function private.has_admin_row() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.admins a where a.user_id = (select auth.uid()))
$$;

revoke execute on function private.has_admin_row() from public, anon, authenticated, service_role;
grant execute on function private.has_admin_row() to authenticated, service_role;

-- Admin power is behind a second factor (issue 14; authenticators and their resets: 20261123000300).
-- private.is_admin() means "an admin acting at aal2", and every admin-only policy calls it;
-- public.is_admin() answers the caller's own flag at any level, so the admin sign-in page can tell an
-- admin who still owes a code from a member.
-- Security definer so policies on admins itself (and elsewhere) can ask without recursing into RLS.
create function private.is_admin() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.current_aal() = 'aal2' and private.has_admin_row()
$$;

revoke execute on function private.is_admin() from public, anon, authenticated, service_role;
grant execute on function private.is_admin() to authenticated, service_role;

-- Admin functions call this first. service_role (seeding and admin scripts, a verified JWT) counts
-- as an admin; its actions are recorded with a null actor.
-- The message the admin UI turns into the code prompt; the hint lets it recognise the case without
-- parsing text (PostgREST passes `hint` through).
create function private.require_admin() returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if coalesce(auth.role(), '') = 'service_role' then
    return;
  end if;
  if auth.uid() is null then
    raise exception 'Please sign in first.' using errcode = '42501';
  end if;
  if not private.has_admin_row() then
    raise exception 'Only an admin can do this.' using errcode = '42501';
  end if;
  if private.current_aal() <> 'aal2' then
    raise exception 'Admin actions need your authenticator code.'
      using errcode = '42501', hint = 'aal2_required';
  end if;
end
$$;

revoke execute on function private.require_admin() from public, anon, authenticated, service_role;
grant execute on function private.require_admin() to authenticated, service_role;

create policy admins_select_own_or_admin on public.admins
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- The caller's own admin flag (the admin sign-in page asks this).
create function public.is_admin() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.has_admin_row()
$$;

revoke execute on function public.is_admin() from public, anon, authenticated, service_role;
grant execute on function public.is_admin() to authenticated, service_role;
