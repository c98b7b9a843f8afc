-- A member's second factor (issue 23). Once a member has a verified authenticator, a password alone
-- (aal1) no longer opens their data: every member function refuses it and every member-owned table
-- hides its rows until the session is raised to aal2 with a code. A member without a factor keeps
-- working at aal1, as before. This is hosted Supabase's documented pattern (a restrictive policy
-- comparing auth.jwt()->>'aal' with whether the user has verified factors), applied in one helper.

-- True when the caller may act on their own member data at this assurance level: aal2, or no
-- verified factor to ask for. Definer: authenticated cannot read auth.mfa_factors.
create function private.member_aal_ok() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.current_aal() = 'aal2'
    or not exists (
      select 1 from auth.mfa_factors f
      where f.user_id = (select auth.uid()) and f.status::text = 'verified')
$$;

revoke execute on function private.member_aal_ok() from public, anon, authenticated, service_role;
grant execute on function private.member_aal_ok() to authenticated, service_role;

-- The hint is the admin one (aal2_required), so the client turns either into the code prompt.
create function private.require_member_aal() returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.member_aal_ok() then
    raise exception 'Enter the code from your authenticator app first.'
      using errcode = '42501', hint = 'aal2_required';
  end if;
end
$$;

revoke execute on function private.require_member_aal() from public, anon, authenticated, service_role;
grant execute on function private.require_member_aal() to authenticated, service_role;

-- Every member function calls require_member() first, so the rule reaches them all (withdrawal
-- requests, deposit notices, the ledger, and any later member function that starts the same way).

-- The member's own-row tables: restrictive, so it narrows whatever the permissive policies allow.
-- Staff read these at aal2 (private.is_admin and has_role need it), which passes.
create policy profiles_member_aal on public.profiles
  as restrictive for select to authenticated
  using ((select private.member_aal_ok()));
create policy ledger_entries_member_aal on public.ledger_entries
  as restrictive for select to authenticated
  using ((select private.member_aal_ok()));
create policy deposit_notices_member_aal on public.deposit_notices
  as restrictive for select to authenticated
  using ((select private.member_aal_ok()));
create policy withdrawal_requests_member_aal on public.withdrawal_requests
  as restrictive for select to authenticated
  using ((select private.member_aal_ok()));
create policy withdrawal_freezes_member_aal on public.withdrawal_freezes
  as restrictive for select to authenticated
  using ((select private.member_aal_ok()));
create policy ledger_accounts_member_aal on public.ledger_accounts
  as restrictive for select to authenticated
  using ((select private.member_aal_ok()));
