-- The only admin's last authenticator, guarded without a trigger on auth.mfa_factors (issue 19).
-- Supabase documents triggers as supported on auth.users, identities, sessions, refresh_tokens and
-- audit_log_entries only, and has withdrawn trigger rights on other auth tables before, so the guard
-- does not hang on auth.mfa_factors (postgres could not even drop a trigger there on hosted: it holds
-- TRIGGER on the auth tables but owns none).
--
-- GoTrue (v2.196.0, internal/api/mfa.go UnenrollFactor and internal/api/admin.go
-- adminUserDeleteFactor) removes a factor in one transaction: it deletes the auth.mfa_factors row,
-- then downgrades the sessions that factor raised (UPDATE auth.sessions SET aal = 'aal1',
-- factor_id = NULL WHERE user_id = … AND factor_id = …, internal/models/sessions.go). A verified
-- factor can only be unenrolled from an aal2 session, and that session names the factor that raised
-- it; so the guard now hangs on that session update: when a session loses a factor that no longer
-- exists, and its user is the only admin with no verified factor left, the update fails and GoTrue
-- rolls back the delete with it. admin_reset_mfa deletes sessions (never updates them) and keeps its
-- transaction-local lc.mfa_reset flag.
-- Gap, stated: a delete that downgrades no session (the service-role admin API after every session
-- of that factor ended) is not refused. The holder of the service key can reset factors anyway
-- (npm run admin:reset-mfa); the guard is against an admin locking the firm out from their own
-- session.

create function private.keep_only_admins_last_factor_on_session() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(current_setting('lc.mfa_reset', true), '') = 'on' then
    return new;
  end if;
  if exists (select 1 from auth.mfa_factors f where f.id = old.factor_id) then
    -- The factor is still there: a change of factor, not its removal.
    return new;
  end if;
  if exists (select 1 from public.admins a where a.user_id = old.user_id)
     and not exists (select 1 from public.admins a where a.user_id <> old.user_id)
     and not exists (
       select 1 from auth.mfa_factors f where f.user_id = old.user_id and f.status::text = 'verified') then
    raise exception 'You are the only admin: grant another admin before removing your last authenticator.'
      using errcode = '42501';
  end if;
  return new;
end
$$;

revoke execute on function private.keep_only_admins_last_factor_on_session() from public, anon, authenticated, service_role;

create trigger sessions_keep_only_admins_last_factor
  before update of factor_id on auth.sessions
  for each row
  when (old.factor_id is not null and new.factor_id is null)
  execute function private.keep_only_admins_last_factor_on_session();
