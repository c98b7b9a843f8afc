-- Staff roles (issue 22). `admins` keeps its name and its meaning (a row = staff); the role beside it
-- says what that person may do:
--   support  reads members, requests, notices and messages; no money, no ledger
--   finance  proposes and approves money movements, reviews notices and requests, edits addresses
--   auditor  reads everything (ledger, proposals, authenticator resets); changes nothing
--   owner    everything, and grants, changes and revokes staff roles
-- A row inserted with only user_id (the service-role grant command, the local dev server) is an owner.
-- Every check still needs aal2 (private.require_admin); the role check comes after it, so an aal1
-- admin keeps getting the authenticator prompt first.

alter table public.admins
  add column role text not null default 'owner'
    check (role in ('support', 'finance', 'auditor', 'owner'));

comment on column public.admins.role is
  'support | finance | auditor | owner (docs/four-eyes.md). Default owner: a bare insert of user_id by the service role makes an owner.';

-- The caller's role at any assurance level (null: not staff). The UI asks it to choose what to show.
create function private.staff_role() returns text
language sql
stable
security definer
set search_path = ''
as $$
  select a.role from public.admins a where a.user_id = (select auth.uid())
$$;

revoke execute on function private.staff_role() from public, anon, authenticated, service_role;
grant execute on function private.staff_role() to authenticated, service_role;

-- Staff acting at aal2 whose role is one of p_roles (for policies).
create function private.has_role(variadic p_roles text[]) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.current_aal() = 'aal2' and coalesce(private.staff_role() = any (p_roles), false)
$$;

revoke execute on function private.has_role(text[]) from public, anon, authenticated, service_role;
grant execute on function private.has_role(text[]) to authenticated, service_role;

-- Functions call this first: require_admin's checks (signed in, staff, aal2), then the role. The
-- service role passes, as it does require_admin.
create function private.require_role(variadic p_roles text[]) returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_role text;
begin
  perform private.require_admin();
  if coalesce(auth.role(), '') = 'service_role' then
    return;
  end if;
  v_role := private.staff_role();
  if not v_role = any (p_roles) then
    raise exception 'Your staff role (%) cannot do this; it needs %.', v_role,
      array_to_string(p_roles, ' or ')
      using errcode = '42501', hint = 'role_required';
  end if;
end
$$;

revoke execute on function private.require_role(text[]) from public, anon, authenticated, service_role;
grant execute on function private.require_role(text[]) to authenticated, service_role;

create function public.my_staff_role() returns text
language sql
stable
security definer
set search_path = ''
as $$
  select private.staff_role()
$$;

revoke execute on function public.my_staff_role() from public, anon, authenticated, service_role;
grant execute on function public.my_staff_role() to authenticated, service_role;

-- Money history and authenticator resets are not for support. Transfers are that history too (each
-- ledger line's transfer, with staff's internal note), so they are read by the same roles.
drop policy ledger_entries_select_own_or_admin on public.ledger_entries;
create policy ledger_entries_select_own_or_money_staff on public.ledger_entries
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.has_role('finance', 'auditor', 'owner')));

drop policy transfers_select_admin on public.transfers;
create policy transfers_select_money_staff on public.transfers
  for select to authenticated
  using ((select private.has_role('finance', 'auditor', 'owner')));

comment on table public.transfers is
  'Double-entry transfers. Read: the member (own rows, without the internal note, through the API functions); finance, auditor and owner staff at aal2 (all); service_role. Write: only the engine''s functions; never updated or deleted (no privilege, and a trigger raises).';
comment on table public.ledger_entries is
  'The member''s statement lines: one per member account a posted transfer moved. Read: the member (own rows); finance, auditor and owner staff at aal2 (all); service_role. Write: only the engine; never updated, deleted or truncated.';

drop policy mfa_resets_select_admin on public.mfa_resets;
create policy mfa_resets_select_owner_or_auditor on public.mfa_resets
  for select to authenticated
  using ((select private.has_role('auditor', 'owner')));
comment on table public.mfa_resets is
  'Authenticator (TOTP factor) resets. Read: auditor and owner staff at aal2, service_role. Written only by admin_reset_mfa.';

-- A member's ledger for staff (20261121001000) and the authenticator reset (20261123000300) are private
-- (not callable over the API; no execute for authenticated) behind a public wrapper of the same
-- signature that checks the role.
create function public.admin_user_ledger(p_user_id uuid)
returns table (
  id bigint,
  user_id uuid,
  account text,
  delta text,
  balance_before text,
  balance_after text,
  reason text,
  actor_id uuid,
  actor_email text,
  source text,
  source_id bigint,
  created_at timestamptz,
  kind text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_role('finance', 'auditor', 'owner');
  return query select * from private.admin_user_ledger(p_user_id);
end
$$;

create function public.admin_reset_mfa(p_user_id uuid, p_reason text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_role('owner');
  return private.admin_reset_mfa(p_user_id, p_reason);
end
$$;

-- Staff are named by e-mail and given one of four roles (grant_admin, set_staff_role and revoke_admin
-- propose it to a second owner: 20261125001100).
create function private.staff_user_by_email(p_email text) returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user uuid;
begin
  select u.id into v_user from auth.users u where lower(u.email) = lower(btrim(coalesce(p_email, ''))) limit 1;
  if v_user is null then
    raise exception 'No account uses that e-mail address.' using errcode = '22023';
  end if;
  return v_user;
end
$$;

revoke execute on function private.staff_user_by_email(text) from public, anon, authenticated, service_role;

create function private.check_staff_role(p_role text) returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_role is null or p_role not in ('support', 'finance', 'auditor', 'owner') then
    raise exception 'Role must be support, finance, auditor or owner.' using errcode = '22023';
  end if;
  return p_role;
end
$$;

revoke execute on function private.check_staff_role(text) from public, anon, authenticated, service_role;

revoke execute on function public.admin_user_ledger(uuid), public.admin_reset_mfa(uuid, text)
from public, anon, authenticated, service_role;
grant execute on function public.admin_user_ledger(uuid), public.admin_reset_mfa(uuid, text)
to authenticated, service_role;
