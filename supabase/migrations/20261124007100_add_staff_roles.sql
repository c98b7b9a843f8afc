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

-- Functions whose body stays as it was move to the private schema (not callable over the API; no
-- execute for authenticated) behind a public wrapper of the same signature that checks the role.
alter function public.admin_user_ledger(uuid) set schema private;
alter function public.update_deposit_wallet(smallint, text, boolean, text) set schema private;
alter function public.review_deposit_notice(bigint, text, text) set schema private;
alter function public.admin_reset_mfa(uuid, text) set schema private;
revoke execute on function
  private.admin_user_ledger(uuid),
  private.update_deposit_wallet(smallint, text, boolean, text),
  private.review_deposit_notice(bigint, text, text),
  private.admin_reset_mfa(uuid, text)
from public, anon, authenticated, service_role;

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

create function public.update_deposit_wallet(
  p_wallet_id smallint,
  p_address text,
  p_enabled boolean,
  p_reason text
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_role('finance', 'owner');
  return private.update_deposit_wallet(p_wallet_id, p_address, p_enabled, p_reason);
end
$$;

create function public.review_deposit_notice(p_notice_id bigint, p_decision text, p_note text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_role('finance', 'owner');
  return private.review_deposit_notice(p_notice_id, p_decision, p_note);
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

-- Grants take a role now (least privilege when none is given: support). Only an owner grants; the
-- grant is still an insert into admins, so every rule on that table (e.g. a confirmed e-mail) holds.
drop function public.grant_admin(text);

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

create function public.grant_admin(p_email text, p_role text default 'support') returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
  v_role text;
begin
  perform private.require_role('owner');
  v_role := private.check_staff_role(p_role);
  v_user := private.staff_user_by_email(p_email);
  if exists (select 1 from public.admins a where a.user_id = v_user) then
    raise exception 'That account is already staff; change its role instead.' using errcode = 'PT409';
  end if;
  insert into public.admins (user_id, granted_by, role) values (v_user, auth.uid(), v_role);
end
$$;

create function public.set_staff_role(p_email text, p_role text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
  v_role text;
begin
  perform private.require_role('owner');
  v_role := private.check_staff_role(p_role);
  v_user := private.staff_user_by_email(p_email);
  if v_user = auth.uid() then
    raise exception 'You cannot change your own role. Ask another owner.' using errcode = '22023';
  end if;
  update public.admins set role = v_role where user_id = v_user;
  if not found then
    raise exception 'That user is not staff.' using errcode = '22023';
  end if;
end
$$;

create or replace function public.revoke_admin(p_email text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
begin
  perform private.require_role('owner');
  v_user := private.staff_user_by_email(p_email);
  if v_user = auth.uid() then
    raise exception 'You cannot remove your own admin rights.' using errcode = '22023';
  end if;
  delete from public.admins where user_id = v_user;
  if not found then
    raise exception 'That user is not an admin.' using errcode = '22023';
  end if;
end
$$;

revoke execute on function
  public.admin_user_ledger(uuid),
  public.update_deposit_wallet(smallint, text, boolean, text),
  public.review_deposit_notice(bigint, text, text),
  public.admin_reset_mfa(uuid, text),
  public.grant_admin(text, text),
  public.set_staff_role(text, text)
from public, anon, authenticated, service_role;
grant execute on function
  public.admin_user_ledger(uuid),
  public.update_deposit_wallet(smallint, text, boolean, text),
  public.review_deposit_notice(bigint, text, text),
  public.admin_reset_mfa(uuid, text),
  public.grant_admin(text, text),
  public.set_staff_role(text, text)
to authenticated, service_role;
