-- Admin power behind a second factor (issue 14). Supabase Auth puts the session's authenticator
-- assurance level in the JWT (`aal`: aal1 after a password, aal2 after a TOTP code). From here on every
-- admin function and every admin-only read needs aal2; a member's own data still needs only aal1.

-- Audit of authenticator resets: whose factors were removed, by whom (null: the command line with the
-- service-role key), when and why. Append-only: written by admin_reset_mfa only.
create table public.mfa_resets (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  reset_by uuid references auth.users (id) on delete set null,
  reset_at timestamptz not null default now(),
  factors_removed int not null check (factors_removed > 0),
  reason text not null
);

comment on table public.mfa_resets is
  'Authenticator (TOTP factor) resets. Read: admins at aal2, service_role. Written only by admin_reset_mfa.';

create index mfa_resets_user_id_idx on public.mfa_resets (user_id);
create index mfa_resets_reset_by_idx on public.mfa_resets (reset_by);

alter table public.mfa_resets enable row level security;

revoke all on public.mfa_resets from public, anon, authenticated;
grant select on public.mfa_resets to authenticated, service_role;

create policy mfa_resets_select_admin on public.mfa_resets
  for select to authenticated
  using ((select private.is_admin()));

-- Nobody removes their own last verified factor while they are the only admin: guarded on the
-- session the factor raised (20261124003200), not on auth.mfa_factors.

-- Another admin (at aal2) or the service role removes a person's authenticators after they lost
-- their device, ends their sessions and records it. The person enrols again at their next sign-in.
create function private.admin_reset_mfa(p_user_id uuid, p_reason text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text;
  v_removed int;
  v_reset public.mfa_resets;
begin
  perform private.require_admin();
  if p_user_id is null then
    raise exception 'Choose whose authenticator to reset.' using errcode = '22023';
  end if;
  if p_user_id = auth.uid() then
    raise exception 'You cannot reset your own authenticator. Ask another admin.' using errcode = '22023';
  end if;
  v_reason := private.clean_reason(p_reason);
  perform 1 from auth.users u where u.id = p_user_id for update;
  if not found then
    raise exception 'No account has that id.' using errcode = '22023';
  end if;
  perform set_config('lc.mfa_reset', 'on', true);
  delete from auth.mfa_factors f where f.user_id = p_user_id;
  get diagnostics v_removed = row_count;
  perform set_config('lc.mfa_reset', '', true);
  if v_removed = 0 then
    raise exception 'That account has no authenticator to reset.' using errcode = '22023';
  end if;
  -- A session raised to aal2 by the lost device must not outlive the reset.
  delete from auth.sessions s where s.user_id = p_user_id;
  insert into public.mfa_resets (user_id, reset_by, factors_removed, reason)
  values (p_user_id, auth.uid(), v_removed, v_reason)
  returning * into v_reset;
  return jsonb_build_object(
    'id', v_reset.id, 'user_id', v_reset.user_id, 'reset_by', v_reset.reset_by,
    'reset_at', v_reset.reset_at, 'factors_removed', v_reset.factors_removed, 'reason', v_reset.reason);
end
$$;

revoke execute on function private.admin_reset_mfa(uuid, text) from public, anon, authenticated, service_role;

-- For the admins page: which admins have a verified authenticator (admins at aal2 only).
create function public.admin_authenticators() returns table (user_id uuid, verified_factors int)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
    select a.user_id,
           (select count(*)::int from auth.mfa_factors f
            where f.user_id = a.user_id and f.status::text = 'verified')
    from public.admins a
    order by a.granted_at, a.user_id;
end
$$;

revoke execute on function public.admin_authenticators() from public, anon, authenticated, service_role;
grant execute on function public.admin_authenticators() to authenticated, service_role;
