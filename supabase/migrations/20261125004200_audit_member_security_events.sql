-- The member's own security events in the audit log (issue 23), so notifications and the member's
-- activity page can announce them: a password change, an authenticator enrolled, one removed.
--
-- Supabase documents triggers on auth.users and auth.sessions but not on auth.mfa_factors
-- (migration 20261124003200), so the factor events hang on the session GoTrue updates in the same
-- transaction: verifying a code sets auth.sessions.factor_id to the factor (after marking it
-- verified), and unenrolling downgrades the sessions that factor raised (factor_id set to null after
-- the factor row is gone). Each event is written once per factor however many sessions move.
-- Gaps, stated: a factor verified before this migration is announced as enrolled at its next code
-- sign-in; a factor deleted while no session names it (the service-role admin API after its sessions
-- ended, or admin_reset_mfa, which has its own mfa_reset event) is not announced as removed.

create function private.audit_member_password() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.audit('member_password_changed', new.id, null, '{}'::jsonb, null);
  return null;
end
$$;

create trigger on_auth_user_password_audit after update of encrypted_password on auth.users
  for each row when (new.encrypted_password is distinct from old.encrypted_password
    and old.encrypted_password is not null and old.encrypted_password <> '')
  execute function private.audit_member_password();

create function private.audit_member_factor() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_factor auth.mfa_factors;
  v_enrolled jsonb;
begin
  if new.factor_id is not null then
    select * into v_factor from auth.mfa_factors f where f.id = new.factor_id;
    if found and v_factor.status::text = 'verified' and not exists (
      select 1 from public.audit_events a
      where a.member_id = v_factor.user_id and a.kind = 'member_factor_enrolled'
        and a.after ->> 'factor_id' = v_factor.id::text) then
      perform private.audit('member_factor_enrolled', v_factor.user_id, null,
        jsonb_build_object('factor_id', v_factor.id, 'friendly_name', coalesce(v_factor.friendly_name, '')), null);
    end if;
  end if;
  if old.factor_id is not null and new.factor_id is null
     and not exists (select 1 from auth.mfa_factors f where f.id = old.factor_id)
     and not exists (
       select 1 from public.audit_events a
       where a.member_id = old.user_id and a.kind = 'member_factor_removed'
         and a.after ->> 'factor_id' = old.factor_id::text) then
    -- The row is gone: its name is the one recorded when it was enrolled.
    select a.after into v_enrolled from public.audit_events a
    where a.member_id = old.user_id and a.kind = 'member_factor_enrolled'
      and a.after ->> 'factor_id' = old.factor_id::text
    order by a.id desc limit 1;
    perform private.audit('member_factor_removed', old.user_id, null,
      jsonb_build_object('factor_id', old.factor_id,
        'friendly_name', coalesce(v_enrolled ->> 'friendly_name', '')), null);
  end if;
  return null;
end
$$;

create trigger on_auth_session_factor_audit after update of factor_id on auth.sessions
  for each row when (new.factor_id is distinct from old.factor_id)
  execute function private.audit_member_factor();

revoke execute on function private.audit_member_password(), private.audit_member_factor()
  from public, anon, authenticated, service_role;
